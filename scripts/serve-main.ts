// The server of `npm start` (entered through scripts/serve.ts).
import { createServer } from "node:http";
import next from "next";
import { config, type Config } from "../lib/config";
import { doorsInFrontOf } from "../lib/doors/server";
import { log } from "../lib/log";

// HOST and PORT are needed before Next starts, so the configuration is read here first (Next's
// instrumentation.ts validates it again); a wrong setting stops the server with its sentence
function settings(): Config {
  try {
    return config();
  } catch (error) {
    log.fatal({ component: "startup" }, (error as Error).message);
    process.exit(1);
  }
}
const { HOST: host, PORT: port } = settings();

// the host name Next puts in the URLs of the requests it hands the routes: the address listened on,
// or loopback when that is every interface
const app = next({
  dev: false,
  dir: process.cwd(),
  hostname: host === "0.0.0.0" || host === "::" ? "localhost" : host,
  port,
});
const nextHandler = app.getRequestHandler();
// Next loads the app and runs instrumentation.ts here: configuration check, client-address
// stamping, SIGTERM handling (lib/ops/shutdown.ts) and the background loop, before any request
await app.prepare();

const server = createServer(
  doorsInFrontOf(nextHandler, (error) => log.error({ err: error }, "door answered with an exception")),
);
server.listen(port, host, () => log.info({ component: "server", address: server.address() }, "ready"));

// lib/ops/shutdown.ts takes over process.exit on SIGTERM: it closes the database and Redis after the
// requests and bounds the wait. Here: stop accepting, let in-flight requests finish, then exit.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(signal === "SIGTERM" ? 143 : 130));
    server.closeIdleConnections();
  });
}
