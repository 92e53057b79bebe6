// Readiness: may this instance be sent traffic? Yes when its database answers a trivial query
// within a short time and it is not shutting down. Liveness (app/api/health/live) never touches
// the database: a database outage must not get every instance restarted, only taken out of
// rotation until it answers again.
import { sql } from "../db/client";
import { AppError } from "../contract/errors";
import { log } from "../log";
import { shuttingDown } from "./shutdown";

const DATABASE_TIMEOUT_MS = 1000;
const RETRY_AFTER_SECONDS = 1;

export type Readiness = { ready: true } | { ready: false; reason: string };

// probes come every few seconds: log when the answer changes, not on every probe
let databaseAnswered = true;

export async function readiness(): Promise<Readiness> {
  if (shuttingDown()) return { ready: false, reason: "shutting down" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql()("SELECT 1"), timeout]);
    if (!databaseAnswered) log.info({ component: "health" }, "ready: the database answers again");
    databaseAnswered = true;
    return { ready: true };
  } catch (error) {
    if (databaseAnswered) log.warn({ component: "health", err: error }, "not ready: the database does not answer");
    databaseAnswered = false;
    return { ready: false, reason: "database" };
  } finally {
    clearTimeout(timer);
  }
}

/** The 503 every door uses for `unavailable`, with Retry-After. */
export function unavailableResponse(requestId: string, message: string): Response {
  const error = new AppError("unavailable", message, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  return Response.json(error.toBody(requestId), {
    status: 503,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store", "X-Request-Id": requestId },
  });
}
