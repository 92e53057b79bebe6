// One log line per call, whatever the door: who can find it by requestId, what was called, the
// answer's status and code, and how long it took. A 5xx is an error line carrying the cause (stack
// included); everything else is info, refusals being the caller's business.
import { log } from "../log";
import type { AppError } from "../contract/errors";

type Call = { requestId: string; door: string; capabilityId: string };
type Result = { ok: true } | { ok: false; error: AppError };

/** `result` is the pipeline's result, or the HTTP status a route answered. */
export function logCall(call: Call, result: Result | number, ms: number, cause?: unknown): void {
  const status = typeof result === "number" ? result : result.ok ? 200 : result.error.status;
  const fields = {
    requestId: call.requestId,
    door: call.door,
    capability: call.capabilityId,
    status,
    ...(typeof result === "number" || result.ok ? {} : { code: result.error.code }),
    ms: Math.round(ms * 10) / 10,
    ...(cause === undefined ? {} : { err: cause }),
  };
  if (status >= 500) log.error(fields, "call failed");
  else log.info(fields, "call");
}
