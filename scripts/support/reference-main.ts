// The reference server in a process of its own (bench.ts forks it), so it does not share the load
// generator's event loop: argv[2] is the SQLite file; the URL is sent to the parent when listening.
import { startReferenceServer } from "./reference-server";

const server = await startReferenceServer(process.argv[2]!);
process.send?.({ url: server.url });
process.on("disconnect", () => void server.stop().then(() => process.exit(0)));
