// The server of `npm start` (entered through scripts/serve.ts).
import { createServer } from "node:http";
import next from "next";
import { doorsInFrontOf } from "../lib/doors/server";
import { log } from "../lib/log";

const port = Number(process.env.PORT ?? 3000);
// `-H <address>` as for `next start`; without it, every interface
const bind = process.argv.includes("-H") ? process.argv[process.argv.indexOf("-H") + 1] : undefined;

const app = next({ dev: false, dir: process.cwd(), hostname: bind ?? "localhost", port });
const nextHandler = app.getRequestHandler();
// Next loads the app and runs instrumentation.ts here: configuration check, client-address
// stamping, SIGTERM handling (lib/ops/shutdown.ts) and the background loop, before any request
await app.prepare();

const server = createServer(doorsInFrontOf(nextHandler, (error) => log.error({ err: error }, "door answered with an exception")));
server.listen(port, bind, () => log.info({ component: "server", address: server.address() }, "ready"));

// lib/ops/shutdown.ts takes over process.exit on SIGTERM: it closes the database and Redis after the
// requests and bounds the wait. Here: stop accepting, let in-flight requests finish, then exit.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(signal === "SIGTERM" ? 143 : 130));
    server.closeIdleConnections();
  });
}
