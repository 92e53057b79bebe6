// What the Assistant's routes share: the person's session, a CSRF check on writes from the browser,
// JSON bodies within a limit, and the API door's error body (decisions §2).
import "server-only";
import { sessionUserId } from "../auth/session";
import { config } from "../config";
import { AppError } from "../contract/errors";
import { checkStorable } from "../core/input";
import { parseJsonText } from "../http/json-text";
import { requestIdOf } from "../http/request";

/**
 * A cross-site page must not make a signed-in person's browser post here. Browsers send Origin on
 * every POST from a page (and Sec-Fetch-Site): it must be this service, as configured (APP_URL) or
 * as addressed (Host). A request without either header is not from a browser page.
 */
export function checkOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (origin !== new URL(config().APP_URL).origin && host !== request.headers.get("host")) throw crossSite();
}

const crossSite = () => new AppError("forbidden", "Requests from another site are refused", { field: "Origin" });

/** The signed-in person's id, or 401 unauthenticated. */
export async function requirePerson(request: Request): Promise<string> {
  const userId = await sessionUserId(request.headers);
  if (!userId) throw new AppError("unauthenticated", "Sign in to use the assistant");
  return userId;
}

/** The JSON object body, or 422 invalid_input with field body (or the field holding a string no database stores). */
export async function readJsonObject(request: Request, limitBytes: number): Promise<Record<string, unknown>> {
  const bad = (message: string) =>
    new AppError("invalid_input", `body: ${message}`, { field: "body", issues: [{ field: "body", message }] });
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
    throw bad("send Content-Type: application/json");
  const text = await request.text();
  if (Buffer.byteLength(text) > limitBytes) throw bad(`larger than the ${Math.round(limitBytes / 1024)} KiB limit`);
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw bad(parsed.message);
  const value = parsed.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) throw bad("must be a JSON object");
  checkStorable(value);
  return value as Record<string, unknown>;
}

/** An AppError (or an unexpected fault, as internal) as the API door's JSON error response. */
export function errorResponse(thrown: unknown, requestId: string): Response {
  const error = thrown instanceof AppError ? thrown : new AppError("internal", "Unexpected error");
  if (!(thrown instanceof AppError)) console.error(`[${requestId}] assistant route failed:`, thrown);
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
  if (error.details.retryAfterSeconds !== undefined)
    headers.set("Retry-After", String(error.details.retryAfterSeconds));
  return Response.json(error.toBody(requestId), { status: error.status, headers });
}

/** 200 with a JSON value (a ToolEnvelope). */
export function jsonResponse(value: unknown, requestId: string): Response {
  return Response.json(value, { headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } });
}

/** A route's answer: what `work` returns as 200 JSON, or what it throws as the error response. */
export async function answerJson(request: Request, work: (requestId: string) => Promise<unknown>): Promise<Response> {
  const requestId = requestIdOf(request);
  try {
    return jsonResponse(await work(requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
