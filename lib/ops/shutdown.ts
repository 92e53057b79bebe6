// Graceful shutdown on SIGTERM, under either server that runs the app.
//
// `npm start` runs scripts/serve-main.ts: on SIGTERM it stops accepting connections, closes idle
// keep-alive ones, waits for every in-flight request, then calls process.exit(143). `next start`
// does the same in Next 16.4's start-server (node_modules/next/dist/server/lib/start-server.js,
// `cleanup`). What both lack: no bound (one stuck request keeps the process up forever), nothing
// closes our database or Redis connections, and the exit code is 143 where a finished graceful
// stop should say 0. There is no hook between "requests done" and that exit, so once SIGTERM
// arrives the exit itself is taken over: the resources are closed after the requests (they may
// need them to the end), then the process exits 0. If the bound passes first, it exits 1 and
// says which requests were cut.
import { config } from "../config";
import { closeDb } from "../db/client";
import { log } from "../log";
import { closeRedis } from "../redis";
import { stopBackground } from "./background";
import { stopWebhookLoop } from "./webhook-loop";

const state = globalThis as unknown as { brandOpsShutdown?: { installed: boolean; stopping: boolean } };
const current = () => (state.brandOpsShutdown ??= { installed: false, stopping: false });

/** True once SIGTERM arrived: readiness answers 503 so a balancer stops sending traffic. */
export const shuttingDown = (): boolean => current().stopping;

export function installShutdown(): void {
  if (current().installed) return;
  current().installed = true;
  process.once("SIGTERM", () => begin());
}

function begin(): void {
  const shutdown = current();
  shutdown.stopping = true;
  stopBackground();
  stopWebhookLoop();
  const bound = config().SHUTDOWN_TIMEOUT_SECONDS * 1000;
  const started = Date.now();
  const exit = process.exit.bind(process);
  log.info({ component: "shutdown", boundMs: bound }, "SIGTERM: no new connections; finishing in-flight requests");
  setTimeout(() => {
    log.error({ component: "shutdown" }, `shutdown bound of ${bound} ms reached: exiting with requests unfinished`);
    exit(1);
  }, bound).unref();
  let exiting = false;
  // Next calls this once its server is closed and every request has been answered
  process.exit = ((code?: number | string | null) => {
    if (exiting) return undefined as never;
    exiting = true;
    void closeResources().then(() => {
      const graceful = code === 143 || code === 130 || code === undefined || code === 0;
      log.info(
        { component: "shutdown", ms: Date.now() - started },
        "requests finished and connections closed: exiting",
      );
      exit(graceful ? 0 : code);
    });
    return undefined as never;
  }) as typeof process.exit;
}

async function closeResources(): Promise<void> {
  const results = await Promise.allSettled([closeRedis(), closeDb()]);
  for (const result of results) {
    if (result.status === "rejected")
      log.warn({ component: "shutdown", err: result.reason }, "closing a connection failed");
  }
}
