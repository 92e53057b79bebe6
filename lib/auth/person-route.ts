// The one way a route serves the signed-in person (the Assistant, Voice, conversations, settings,
// the confirm page): the same-site check on writes, the person's session, the JSON body read as it
// streams in and refused past its limit (the API door's reader, lib/http/body.ts), the input
// schema, and the API door's error body for every refusal (docs/design.md, errors). A route keeps only its
// own logic: `export const POST = personRoute({ origin: "browser", body: { limit, schema } }, work)`.
import "server-only";
import type { z } from "zod";
import { config } from "../config";
import { AppError, invalidInput } from "../contract/errors";
import { asAppError } from "../core/fault";
import { checkStorable, describe } from "../core/input";
import { readJsonBody, webBody } from "../http/body";
import { isJsonObject, requestIdOf } from "../http/request";
import { sessionUserId } from "./session";

/**
 * Who may send a write: "browser", a page of this service (a request with neither Origin nor
 * Sec-Fetch-Site is not from a browser page); "page", only with this service's own Origin (the
 * settings and consent pages and a Confirm or Cancel, whose writes are never sent by a script);
 * false for reads.
 */
export type OriginRule = "browser" | "page" | false;

export type PersonRouteOptions<S extends z.ZodType> = {
  origin: OriginRule;
  /** a JSON object body: the most bytes read of it, and the schema its value must match */
  body?: { limit: number; schema: S };
  /** what the 401 asks for: "Sign in to …" */
  signInTo?: string;
  /** a refusal owed before the body is looked at (the feature is off for this person) */
  before?: (userId: string) => Promise<void>;
};

export type PersonCall<I> = {
  userId: string;
  input: I;
  requestId: string;
  request: Request;
  /** the route's dynamic segments ([id]) */
  params: Record<string, string>;
};

/** What Next hands a route handler beside the request. */
type RouteContext = { params: Promise<Record<string, string>> };

/** A route handler: `work`'s value as 200 JSON (a Response as it is: a stream), a refusal as the error body. */
export function personRoute<S extends z.ZodType = z.ZodUndefined>(
  options: PersonRouteOptions<S>,
  work: (call: PersonCall<z.output<S>>) => Promise<unknown>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, context) => {
    const requestId = requestIdOf(request);
    try {
      checkOrigin(request, options.origin);
      const userId = await requirePerson(request, options.signInTo);
      await options.before?.(userId);
      const input = options.body ? await readInput(request, options.body) : undefined;
      const params = (await context?.params) ?? {};
      const answer = await work({ userId, input: input as z.output<S>, requestId, request, params });
      return answer instanceof Response ? answer : jsonResponse(answer, requestId);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

export function checkOrigin(request: Request, rule: OriginRule): void {
  if (rule === false) return;
  const origin = request.headers.get("origin");
  if (rule === "page") {
    if (origin !== new URL(config().APP_URL).origin) throw crossSite();
    return;
  }
  // Browsers send Origin on every POST from a page (and Sec-Fetch-Site): it must be this service,
  // as configured (APP_URL) or as addressed (Host)
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (origin !== new URL(config().APP_URL).origin && host !== request.headers.get("host")) throw crossSite();
}

const crossSite = () =>
  new AppError("forbidden", "Requests from another site are refused: this change must come from this service's pages", {
    field: "Origin",
  });

/** The signed-in person's id, or 401 unauthenticated. */
export async function requirePerson(request: Request, signInTo = "use the assistant"): Promise<string> {
  const userId = await sessionUserId(request.headers);
  if (!userId) throw new AppError("unauthenticated", `Sign in to ${signInTo}`);
  return userId;
}

const bodyRefused = (message: string) =>
  new AppError("invalid_input", `body: ${message}`, { field: "body", issues: [{ field: "body", message }] });

/** The JSON object body, bounded and checked against the schema (for routes that serve no signed-in person yet). */
export async function readInput<S extends z.ZodType>(request: Request, body: { limit: number; schema: S }) {
  // what is left of a body refused for its size is Next's to drop once the answer is sent (it
  // answers on its own connection terms: a Connection header is not passed on)
  const read = await readJsonBody(webBody(request), body.limit, sizeText(body.limit), { drainRefused: false });
  if (!read.ok) throw bodyRefused(read.message);
  if (!isJsonObject(read.value)) throw bodyRefused("must be a JSON object");
  checkStorable(read.value);
  const parsed = body.schema.safeParse(read.value);
  if (!parsed.success) {
    const first = describe(parsed.error.issues[0]!)[0]!;
    throw invalidInput(first.field, first.message);
  }
  return parsed.data;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;

/** An AppError (or a fault: unavailable or internal) as the API door's JSON error response. */
export function errorResponse(thrown: unknown, requestId: string): Response {
  // a busy or unreachable database is 503 unavailable with Retry-After, as on the API door, not a 500
  const error = asAppError(thrown);
  if (!(thrown instanceof AppError)) console.error(`[${requestId}] person route failed:`, thrown);
  const headers = new Headers({ "X-Request-Id": requestId, "Cache-Control": "no-store" });
  if (error.details.retryAfterSeconds !== undefined)
    headers.set("Retry-After", String(error.details.retryAfterSeconds));
  return Response.json(error.toBody(requestId), { status: error.status, headers });
}

/** 200 with a JSON value. */
export function jsonResponse(value: unknown, requestId: string): Response {
  return Response.json(value, { headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } });
}
