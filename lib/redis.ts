// The one Redis connection of a process (REDIS_URL), for what instances must share. Its options
// serve a caller that has a fallback: a command never waits for Redis to come back (offline queue
// off, no retries per command, a short timeout), while the connection itself keeps reconnecting in
// the background, so the shared path returns by itself when Redis does.
import { Redis } from "ioredis";
import { config } from "./config";

const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 1000;

const globalForRedis = globalThis as unknown as { brandOpsRedis?: { url: string; client: Redis } };

/** The shared client, or undefined when REDIS_URL is not set. Connects on first use. */
export function redis(): Redis | undefined {
  const url = config().REDIS_URL;
  if (!url) return undefined;
  const current = globalForRedis.brandOpsRedis;
  if (current?.url === url) return current.client;
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // reconnect forever, backing off to one attempt a second
    retryStrategy: (attempt) => Math.min(50 * attempt, 1000),
    // the users of this client log the switch to and from their fallback once; ioredis would
    // otherwise print every failed reconnect as an unhandled error event
    lazyConnect: false,
  });
  client.on("error", () => {});
  globalForRedis.brandOpsRedis = { url, client };
  return client;
}

/** True when a command sent now would reach Redis without waiting. */
export function redisReady(client: Redis): boolean {
  return client.status === "ready";
}

/** Closes the connection at shutdown (QUIT, so Redis does not log a dropped client). */
export async function closeRedis(): Promise<void> {
  const current = globalForRedis.brandOpsRedis;
  if (!current) return;
  globalForRedis.brandOpsRedis = undefined;
  await current.client.quit().catch(() => current.client.disconnect());
}
