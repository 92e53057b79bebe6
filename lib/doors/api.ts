// The API door: POST /api/v1/<capability id> (decisions §1). It reads the HTTP request into an
// invocation and writes the outcome back as HTTP; every rule lives in the pipeline.
import { invoke, type Outcome } from "../core/invoke";
import type { Body } from "../core/input";
import { parseJsonText } from "../http/json-text";
import { DRAIN_LIMIT, drain, requestIdOf } from "../http/request";

const BODY_LIMIT = 1024 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export async function handleApiCall(request: Request, capabilityId: string): Promise<Response> {
  const ownId = requestIdOf(request);
  const body = await readJsonBody(request);
  const key = request.headers.get("idempotency-key");
  const outcome = await invoke({
    door: "api",
    credential: { kind: "key", authorization: request.headers.get("authorization") },
    capabilityId,
    body,
    requestId: ownId,
    idempotencyKey: key === null ? undefined : { value: key, field: "Idempotency-Key" },
  });
  const { result } = outcome;
  // a replay is the first call's answer, its request id included
  const requestId = outcome.replayed?.requestId ?? ownId;
  const headers = headersOf(outcome, requestId);
  if (outcome.replayed) headers.set("Idempotent-Replayed", "true");
  // a body left unread would be taken for the next request on this connection (RFC 9112 §9.6)
  if (!body.ok && body.unread) headers.set("Connection", "close");
  const payload = result.ok ? { ok: true, data: result.data } : result.error.toBody(requestId);
  return Response.json(payload, { status: result.ok ? 200 : result.error.status, headers });
}

function headersOf(outcome: Outcome, requestId: string): Headers {
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
  if (outcome.rateLimit) {
    headers.set("RateLimit-Limit", String(outcome.rateLimit.limit));
    headers.set("RateLimit-Remaining", String(outcome.rateLimit.remaining));
    headers.set("RateLimit-Reset", String(outcome.rateLimit.resetSeconds));
  }
  const retryAfter = outcome.result.ok ? undefined : outcome.result.error.details.retryAfterSeconds;
  if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
  return headers;
}

/** The body as JSON, kept no further than the 1 MiB limit; problems are reported at step 5. */
async function readJsonBody(request: Request): Promise<Body & { unread?: boolean }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return { ok: false, message: "send Content-Type: application/json" };
  const tooLarge = (unread: boolean) => ({ ok: false as const, message: "larger than the 1 MiB limit", unread });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > DRAIN_LIMIT) return tooLarge(true);
  const reader = request.body?.getReader();
  if (declared > BODY_LIMIT) return tooLarge(reader ? !(await drain(reader, 0)) : true);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > BODY_LIMIT) return tooLarge(!(await drain(reader, size)));
      chunks.push(next.value);
    }
  }
  let text: string;
  try {
    // JSON text is UTF-8 (RFC 8259 §8.1); replacing bad bytes with U+FFFD would store altered values
    text = utf8.decode(Buffer.concat(chunks));
  } catch {
    return { ok: false, message: "is not valid UTF-8" };
  }
  return parseJsonText(text);
}
