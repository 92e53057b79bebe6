// A body nested 100,000 levels deep, sent to every route that reads a JSON body: one answer,
// 422 invalid_input on field body in the service's error shape (docs/design.md, errors), never a 5xx or a
// stack overflow's message. Before, registration answered 500 (JSON.stringify overflowed) and the
// chat 422 "Maximum call stack size exceeded". Also the consent page given a redirect_uri that is
// not a URL (it answered 500 ERR_INVALID_URL).
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../lib/http/json-text";
import { signedInPerson } from "../auth/session";
import { register } from "../support/oauth-flow";
import { baseUrl, makeWorld } from "../support/world";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const MESSAGE = `body: nests deeper than ${MAX_JSON_DEPTH} levels`;

let cookie: string;
let key: string;
beforeAll(async () => {
  cookie = (await signedInPerson()).cookie;
  key = (await makeWorld()).admin.key;
});

async function send(path: string, body: string, headers: Record<string, string>, method = "POST") {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: baseUrl(), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, requestId: response.headers.get("x-request-id"), text };
}

describe("JSON bodies nested too deep", () => {
  // 100,000 levels where the route's size limit allows it, else as deep as that limit allows
  const routes: [string, string, number, () => Record<string, string>, string?][] = [
    ["sign-in", "/api/auth/sign-in/email", 100_000, () => ({})],
    ["the API door", "/api/v1/brands.list", 100_000, () => ({ Authorization: `Bearer ${key}` })],
    ["the assistant's chat", "/api/chat", 100_000, () => ({ Cookie: cookie })],
    ["the assistant's slash commands", "/api/assistant/run", 100_000, () => ({ Cookie: cookie })],
    [
      "a conversation's rename (4 KiB)",
      "/api/conversations/00000000-0000-4000-8000-000000000000",
      1_500,
      () => ({ Cookie: cookie }),
      "PATCH",
    ],
    ["the key settings (64 KiB)", "/api/settings/keys", 30_000, () => ({ Cookie: cookie })],
    ["the consent answer (64 KiB)", "/api/oauth/consent", 30_000, () => ({ Cookie: cookie })],
  ];

  it.each(routes)(
    "%s (%s): 422 invalid_input on body, naming the depth",
    async (_name, path, depth, headers, method) => {
      for (const body of [nested(depth), `{"client_name":"Deep","brand":"x","messages":${nested(depth)}}`]) {
        const answer = await send(path, body, headers(), method);
        expect(answer.status, answer.text).toBe(422);
        const parsed = JSON.parse(answer.text);
        expect(parsed).toEqual({
          ok: false,
          error: {
            code: "invalid_input",
            message: MESSAGE,
            field: "body",
            issues: [{ field: "body", message: MESSAGE.slice(6) }],
            requestId: answer.requestId,
          },
        });
        expect(answer.text).not.toMatch(/call stack/i);
      }
    },
  );

  // RFC 7591's endpoint answers in RFC 7591's terms: its bounds (lib/oauth/registration-bounds.ts,
  // 16 KiB) refuse these bodies first, as 400 invalid_client_metadata, never a 5xx
  it("the OAuth registration, unauthenticated: 400 invalid_client_metadata, at every depth up to 100,000", async () => {
    for (const depth of [100, 5_000, 100_000]) {
      for (const body of [nested(depth), `{"client_name":"Deep","logo_uri":${nested(depth)}}`]) {
        const answer = await send("/api/auth/oauth2/register", body, {});
        expect(answer.status, answer.text).toBe(400);
        expect(JSON.parse(answer.text).error).toBe("invalid_client_metadata");
        expect(answer.text).not.toMatch(/call stack/i);
      }
    }
  });

  it("a body within the bound still reaches the route's own checks", async () => {
    const shallow = await send(
      "/api/auth/oauth2/register",
      JSON.stringify({ client_name: "Shallow", redirect_uris: "not a list" }),
      {},
    );
    expect(shallow.status).toBe(400);
    expect(shallow.text).not.toContain("nests deeper");
    const api = await send("/api/v1/brands.list", JSON.stringify({ limit: [[[[1]]]] }), {
      Authorization: `Bearer ${key}`,
    });
    expect(api.status).toBe(422);
    expect(JSON.parse(api.text).error.field).toBe("limit");
  });
});

describe("the consent page with a redirect_uri that is not a URL", () => {
  it("says there is nothing to approve, signed in, instead of a 500", async () => {
    const client = await register();
    expect(client.status).toBe(201);
    const url = `${baseUrl()}/oauth/consent?${new URLSearchParams({ client_id: client.body.client_id, sig: "x", redirect_uri: "notaurl" })}`;
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    const html = await response.text();
    expect(response.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain("This link has nothing to approve");
  });
});
