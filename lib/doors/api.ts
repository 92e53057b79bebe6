// The API door: POST /api/v1/<capability id> (decisions §1). It reads the HTTP request into an
// invocation and writes the outcome back as HTTP; every rule lives in the pipeline. One answer,
// two faces: a Web Request (Next's route handler) and node:http (`npm start`, lib/doors/server.ts),
// where building a Web Request and Response cost each call more than its checks (issue 29).
import { invoke, type Outcome } from "../core/invoke";
import type { Body } from "../core/input";
import { parseJsonText } from "../http/json-text";
import { DRAIN_LIMIT, drain, requestIdFrom, type ChunkReader } from "../http/request";

const BODY_LIMIT = 1024 * 1024;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** What the door reads of a request, whichever face it came through. */
export type ApiRequest = { header(name: string): string | null; reader: ChunkReader | undefined };
export type ApiAnswer = { status: number; headers: Record<string, string>; payload: unknown };

/** The Web face (Next's route handler). */
export async function handleApiCall(request: Request, capabilityId: string): Promise<Response> {
  const answer = await answerApiCall(
    { header: (name) => request.headers.get(name), reader: request.body?.getReader() },
    capabilityId,
  );
  return Response.json(answer.payload, { status: answer.status, headers: answer.headers });
}

export async function answerApiCall(request: ApiRequest, capabilityId: string): Promise<ApiAnswer> {
  const ownId = requestIdFrom(request.header("x-request-id"));
  const body = await readJsonBody(request);
  const key = request.header("idempotency-key");
  const outcome = await invoke({
    door: "api",
    credential: { kind: "key", authorization: request.header("authorization") },
    capabilityId,
    body,
    requestId: ownId,
    idempotencyKey: key === null ? undefined : { value: key, field: "Idempotency-Key" },
  });
  const { result } = outcome;
  // a replay is the first call's answer, its request id included
  const requestId = outcome.replayed?.requestId ?? ownId;
  const headers = headersOf(outcome, requestId);
  if (outcome.replayed) headers["Idempotent-Replayed"] = "true";
  // a body left unread would be taken for the next request on this connection (RFC 9112 §9.6)
  if (!body.ok && body.unread) headers.Connection = "close";
  const payload = result.ok ? { ok: true, data: result.data } : result.error.toBody(requestId);
  return { status: result.ok ? 200 : result.error.status, headers, payload };
}

function headersOf(outcome: Outcome, requestId: string): Record<string, string> {
  const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
  if (outcome.rateLimit) {
    headers["RateLimit-Limit"] = String(outcome.rateLimit.limit);
    headers["RateLimit-Remaining"] = String(outcome.rateLimit.remaining);
    headers["RateLimit-Reset"] = String(outcome.rateLimit.resetSeconds);
  }
  const retryAfter = outcome.result.ok ? undefined : outcome.result.error.details.retryAfterSeconds;
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return headers;
}

/** The body as JSON, kept no further than the 1 MiB limit; problems are reported at step 5. */
async function readJsonBody({ header, reader }: ApiRequest): Promise<Body & { unread?: boolean }> {
  const type = header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return { ok: false, message: "send Content-Type: application/json" };
  const tooLarge = (unread: boolean) => ({ ok: false as const, message: "larger than the 1 MiB limit", unread });
  const declared = Number(header("content-length") ?? "0");
  if (declared > DRAIN_LIMIT) return tooLarge(true);
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
    text = utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  } catch {
    return { ok: false, message: "is not valid UTF-8" };
  }
  return parseJsonText(text);
}
