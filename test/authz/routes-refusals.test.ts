// The signed-in person's routes refuse alike: every route of routes-person.ts, sent
// from another site, without a session, or with a body that is not JSON, answers the API door's
// error body (docs/design.md, errors) with the same status, code and field, its request id echoed, never
// cached. They all go through one wrapper (lib/auth/person-route.ts); this table keeps it so.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";
import { signedInPerson } from "../auth/session";
import { PERSON_ROUTES, type PersonRoute } from "./routes-person";

let cookie: string;
beforeAll(async () => {
  cookie = (await signedInPerson()).cookie;
}, 60_000);

type Sent = { origin?: string | null; cookie?: boolean; type?: string; raw?: string };

async function send(route: PersonRoute, sent: Sent) {
  const headers: Record<string, string> = { "X-Request-Id": `refusal-${Math.random().toString(36).slice(2)}` };
  if (sent.origin !== null) headers.Origin = sent.origin ?? baseUrl();
  if (sent.cookie !== false) headers.Cookie = cookie;
  const body = sent.raw ?? (route.body ? JSON.stringify(route.body) : undefined);
  if (body !== undefined) headers["Content-Type"] = sent.type ?? "application/json";
  const response = await fetch(`${baseUrl()}${route.path}`, { method: route.method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: JSON.parse(text),
    sentId: headers["X-Request-Id"],
  };
}

/** `<status> <code> <field>` after checking the error body's shape. */
function refusal(answer: Awaited<ReturnType<typeof send>>): string {
  expect(answer.json).toEqual({
    ok: false,
    error: {
      code: expect.any(String),
      message: expect.any(String),
      requestId: answer.sentId,
      ...(answer.json.error.field === undefined ? {} : { field: answer.json.error.field }),
      ...(answer.json.error.issues === undefined ? {} : { issues: answer.json.error.issues }),
      ...(answer.json.error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: expect.any(Number) }),
    },
  });
  expect(answer.headers.get("x-request-id")).toBe(answer.sentId);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const { code, field } = answer.json.error;
  return `${answer.status} ${code}${field ? ` ${field}` : ""}`;
}

const label = (route: PersonRoute) => `${route.method} ${route.path.split("?")[0]}`;
const writes = PERSON_ROUTES.filter((route) => route.method !== "GET");

describe("every signed-in route refuses alike", () => {
  it.each(writes.map((route) => [label(route), route] as const))(
    "%s: from another site, 403 naming Origin",
    async (_, route) => {
      expect(refusal(await send(route, { origin: "https://elsewhere.example" }))).toBe("403 forbidden Origin");
      // the settings pages' changes must say where they come from
      if (route.pageOnly) expect(refusal(await send(route, { origin: null }))).toBe("403 forbidden Origin");
    },
  );

  it.each(PERSON_ROUTES.map((route) => [label(route), route] as const))(
    "%s: without a session, 401",
    async (_, route) => {
      expect(refusal(await send(route, { cookie: false }))).toBe("401 unauthenticated");
    },
  );

  it.each(writes.filter((route) => route.body).map((route) => [label(route), route] as const))(
    "%s: a body that is not JSON, 422 naming body",
    async (_, route) => {
      const expected = route.notJson ?? "422 invalid_input body";
      expect(refusal(await send(route, { type: "text/plain", raw: JSON.stringify(route.body) }))).toBe(expected);
      expect(refusal(await send(route, { raw: "{not json" }))).toBe(expected);
      expect(refusal(await send(route, { raw: "[1, 2]" }))).toBe(expected);
    },
  );
});
