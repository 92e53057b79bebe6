// The settings routes' HTTP edge: the signed-in person, the same-origin check on writes, the JSON
// body, and the spec's error body for every refusal (never a stack, never a bare 500 for input).
import "server-only";
import { config } from "../config";
import { AppError } from "../contract/errors";
import { checkStorable } from "../core/input";
import { parseJsonText } from "../http/json-text";
import { sessionUserId } from "../auth/session";
import { requestIdOf } from "../http/request";

const BODY_LIMIT = 64 * 1024;

type Handler = (context: { userId: string; requestId: string; body: unknown }) => Promise<unknown>;

/**
 * Runs a settings action for the person whose session the request carries. Writes must come
 * from this service's own pages: a cross-site form or script has another Origin (or none).
 */
export async function settingsAction(
  request: Request,
  options: { write: boolean },
  handler: Handler,
): Promise<Response> {
  const requestId = requestIdOf(request);
  const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
  try {
    if (options.write && request.headers.get("origin") !== new URL(config().APP_URL).origin) {
      throw new AppError(
        "forbidden",
        "This change must come from this service's own settings page (Origin header missing or foreign)",
      );
    }
    const userId = await sessionUserId(request.headers);
    if (!userId) throw new AppError("unauthenticated", "Sign in to manage your keys");
    const body = options.write && request.method !== "DELETE" ? await readJson(request) : undefined;
    const data = await handler({ userId, requestId, body });
    return Response.json({ ok: true, data }, { headers });
  } catch (error) {
    const known = error instanceof AppError ? error : new AppError("internal", "Unexpected error");
    if (!(error instanceof AppError)) console.error(`[settings] ${requestId}`, error);
    return Response.json(known.toBody(requestId), { status: known.status, headers });
  }
}

async function readJson(request: Request): Promise<unknown> {
  const bodyError = (message: string) =>
    new AppError("invalid_input", `body: ${message}`, { field: "body", issues: [{ field: "body", message }] });
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
    throw bodyError("send Content-Type: application/json");
  const text = await request.text();
  if (text.length > BODY_LIMIT) throw bodyError("larger than the 64 KiB limit");
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw bodyError(parsed.message);
  checkStorable(parsed.value);
  return parsed.value;
}
