// What every fuzzed answer of a route outside the capability doors must satisfy, whatever was sent:
// never a 5xx, never a trace of the server's insides (a stack frame, a runtime or driver message, a
// file path), and every refusal in the shape that route documents: the service's error body
// (docs/design.md, errors) for the JSON routes, RFC 6749 / 7591 error members for the OAuth endpoints, a page
// for the pages a person's browser opens, 405 with Allow and no body for a method a route lacks.
import { expect } from "vitest";
import { ERROR_STATUS } from "../../lib/contract/errors";
import { NO_MODEL_MESSAGE } from "../../lib/assistant/chat";
import { NO_VOICE_FOR_PEOPLE, NO_VOICE_MESSAGE } from "../../lib/voice/setup";

export type Answer = { status: number; headers: Headers; text: string; json: any };

/** One request, redirects not followed, the body read whole (a stream to its end). */
export async function fetchAnswer(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: "manual", ...init });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* a page, a stream, or nothing */
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Traces of the server's insides: none may reach an answer. */
const LEAKS: RegExp[] = [
  /\bat (?:async )?\S+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/, // a stack frame
  /\bat (?:file:\/\/|\/)\S+:\d+:\d+/,
  /Maximum call stack/i,
  /node_modules\/|\.next\/server|webpack-internal|\[project\]\//,
  /Cannot read propert|is not a function\b|is not iterable|Cannot destructure/,
  /Unexpected token .* in JSON|Unexpected end of JSON input|is not valid JSON at position/,
  /Prisma|SQLITE_[A-Z]|PostgresError|invalid byte sequence for encoding|violates [a-z -]*constraint|duplicate key value/i,
  /\bERR_[A-Z0-9_]{4,}\b/,
  /\[object Object\]/,
];

/** The first trace of the server's insides in `text` (scripts of a page left out), or undefined. */
export function leakIn(text: string): string | undefined {
  const visible = text.replace(/<script\b[\s\S]*?<\/script>/gi, "");
  for (const pattern of LEAKS) {
    const found = visible.match(pattern);
    if (found) return visible.slice(Math.max(0, found.index! - 80), found.index! + 160);
  }
  return undefined;
}

/** Node's HTTP server refuses a request head over 16 KiB with 431 before any route runs. */
export const HEAD_LIMIT = 16 * 1024;

const short = (answer: Answer) => `${answer.status} ${answer.text.slice(0, 400)}`;

/**
 * The one 5xx a route documents for input it accepted: `unavailable` saying which setting this
 * service lacks (no model for the chat, no voice mode for a voice route), a fact of its configuration.
 */
const notConfigured = (answer: Answer) =>
  answer.status === 503 &&
  answer.json?.error?.code === "unavailable" &&
  [NO_MODEL_MESSAGE, NO_VOICE_MESSAGE, NO_VOICE_FOR_PEOPLE].includes(answer.json.error.message);

/** Never a 5xx nor a leak; 431 only for a request head over the limit (`headBytes`). */
export function expectNoFault(answer: Answer, headBytes = 0): void {
  if (!notConfigured(answer)) expect(answer.status, short(answer)).toBeLessThan(500);
  expect(leakIn(answer.text), short(answer)).toBeUndefined();
  if (answer.status === 431)
    expect(headBytes, "431 for a request head within the limit").toBeGreaterThan(HEAD_LIMIT - 1024);
}

/**
 * A JSON route's answer (the assistant, conversation, voice, settings and consent routes, the file
 * routes): a refusal is `{ ok: false, error: { code, message, requestId } }` with the status of its
 * code and `requestId` equal to X-Request-Id; an invalid_input names its field (listed in `issues`
 * when there are issues); a method the route lacks is 405 with `allow` and no body. `sentRequestId`:
 * a valid X-Request-Id the request carried, which the answer must echo.
 */
export function expectServiceAnswer(answer: Answer, allow: string, sentRequestId?: string, headBytes = 0): void {
  expectNoFault(answer, headBytes);
  if (answer.status === 431) return;
  const context = short(answer);
  // (Next's own redirects of a path it normalizes, `/x/.` → `/x`, are no route's answer)
  if (sentRequestId && (answer.status < 300 || answer.status >= 400))
    expect(answer.headers.get("x-request-id"), context).toBe(sentRequestId);
  if (answer.status === 405) {
    expect({ allow: answer.headers.get("allow"), body: answer.text }, context).toEqual({ allow, body: "" });
    return;
  }
  if (answer.status < 400) return;
  const error = answer.json?.error;
  expect(answer.json?.ok, context).toBe(false);
  expect(ERROR_STATUS[error?.code as keyof typeof ERROR_STATUS], context).toBe(answer.status);
  expect(typeof error.message, context).toBe("string");
  expect(error.requestId, context).toBe(answer.headers.get("x-request-id"));
  if (error.retryAfterSeconds !== undefined)
    expect(answer.headers.get("retry-after"), context).toBe(String(error.retryAfterSeconds));
  if (error.code === "invalid_input") {
    expect(typeof error.field, context).toBe("string");
    if (error.issues)
      expect(
        error.issues.map((issue: { field: string }) => issue.field),
        context,
      ).toContain(error.field);
  }
}

/** An OAuth endpoint's refusal (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1): `error` one of `codes`. */
export function expectOAuthError(answer: Answer, codes: readonly string[]): void {
  const context = short(answer);
  expect(codes, context).toContain(answer.json?.error);
  if (answer.json.error_description !== undefined) expect(typeof answer.json.error_description, context).toBe("string");
}

/** A page for a person's browser: HTML, or a redirect with a Location; never JSON. */
export function expectPage(answer: Answer): void {
  const context = short(answer);
  if (answer.status >= 300 && answer.status < 400)
    return void expect(answer.headers.get("location"), context).toBeTruthy();
  expect(answer.headers.get("content-type"), context).toMatch(/^text\/html/);
}
