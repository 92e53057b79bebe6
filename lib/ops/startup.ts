// Configuration is validated when the server starts, so a wrong setting stops the service with a
// sentence naming it instead of failing the first call that reads it. Next only logs a failing
// instrumentation hook and keeps serving, hence the explicit exit. Then: the SIGTERM handling
// (lib/ops/shutdown.ts) and, with REDIS_URL, a first connection to Redis, so the first calls are
// already limited together with the other instances; then the background work (upload sweep,
// revocation retries: lib/ops/background.ts) and the webhook deliveries (lib/ops/webhook-loop.ts).
import { config } from "../config";
import { providerCatalog } from "../connections/catalog";
import { log } from "../log";
import { installClientAddress, trustedProxyList } from "../http/client-address";
import { redis } from "../redis";
import { installShutdown } from "./shutdown";
import { startBackground } from "./background";
import { startWebhookLoop } from "./webhook-loop";

const REDIS_FIRST_CONNECT_MS = 2000;

export async function validateAtStart(): Promise<void> {
  try {
    config();
    providerCatalog();
  } catch (error) {
    log.fatal({ component: "startup" }, (error as Error).message);
    process.exit(1);
  }
  // before the first request: every request carries the address this server resolved
  const trusted = trustedProxyList(config().TRUSTED_PROXIES);
  installClientAddress("list" in trusted && config().TRUSTED_PROXIES.length > 0 ? trusted.list : undefined);
  installShutdown();
  await firstRedisConnection();
  startBackground();
  startWebhookLoop();
}

/** Waits briefly for Redis; without it the service starts anyway, limiting in-process. */
async function firstRedisConnection(): Promise<void> {
  const client = redis();
  if (!client || client.status === "ready") return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_FIRST_CONNECT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
