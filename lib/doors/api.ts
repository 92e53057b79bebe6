// The API door: POST /api/v1/<capability id> (docs/design.md, doors). It reads the HTTP request
// into an invocation and writes the outcome back as HTTP; every rule lives in the pipeline. One
// answer, two faces: a Web Request (Next's route handler) and node:http (`npm start`,
// lib/doors/server.ts), where building a Web Request and Response cost each call more than its
// checks (npm run bench:profile).
import { invoke, type Outcome } from "../core/invoke";
import type { Body } from "../core/input";
import { readJsonBody, type BodySource } from "../http/body";
import { requestIdFrom } from "../http/request";

const BODY_LIMIT = 1024 * 1024;

/** What the door reads of a request, whichever face it came through. */
export type ApiRequest = BodySource;
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
  // problems are reported at step 5 of the pipeline
  const body: Body & { unread?: boolean } = await readJsonBody(request, BODY_LIMIT, "1 MiB");
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
