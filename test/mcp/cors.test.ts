// CORS for browser MCP hosts (lib/mcp/cors.ts) on the suite's server (APP_URL on loopback, so
// loopback origins on any port are admitted, as the door's Origin check admits them): preflights
// naming the MCP headers, answers (results, challenges, refusals) readable by an admitted origin,
// and nothing at all for a foreign one. The same on the OAuth endpoints a browser client calls.
// The browser itself is e2e/mcp-apps-cors.test.ts; a configured MCP_ALLOWED_ORIGINS is in origin.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, makeWorld } from "../support/world";
import { REDIRECT } from "../support/oauth-flow";

const MCP_HEADERS = [
  "authorization",
  "content-type",
  "accept",
  "mcp-session-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "last-event-id",
];
/** Another origin than the server's own (another port, another name), which the door admits. */
const admitted = () => `http://localhost:${Number(new URL(baseUrl()).port) + 1}`;
const FOREIGN = "https://evil.example";
const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

let key: string;
beforeAll(async () => {
  key = (await makeWorld()).admin.key;
});

function preflight(
  path: string,
  origin: string,
  method = "POST",
  headers = "authorization, content-type, mcp-protocol-version",
) {
  return fetch(`${baseUrl()}${path}`, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers },
  });
}

const listed = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
const corsHeaders = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));

function expectReadableBy(response: Response, origin: string) {
  expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  expect(listed(response.headers.get("vary"))).toContain("origin");
  expect(response.headers.has("access-control-allow-credentials")).toBe(false);
}

function expectExposed(response: Response) {
  expect(listed(response.headers.get("access-control-expose-headers"))).toEqual(
    expect.arrayContaining(["mcp-session-id", "mcp-protocol-version", "www-authenticate"]),
  );
}

const mcpPost = (origin: string, headers: Record<string, string>, body = initialize) =>
  fetch(`${baseUrl()}/api/mcp`, {
    method: "POST",
    headers: {
      Origin: origin,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });

describe("/api/mcp", () => {
  it("answers an admitted origin's preflight with 204, its origin, the methods, every MCP header and a max age", async () => {
    const origin = admitted();
    expect(new URL(origin).origin).not.toBe(new URL(baseUrl()).origin);
    const response = await preflight("/api/mcp", origin, "POST", MCP_HEADERS.join(", "));
    expect(response.status).toBe(204);
    expectReadableBy(response, origin);
    expect(listed(response.headers.get("access-control-allow-methods"))).toEqual(["get", "post", "delete", "options"]);
    expect(listed(response.headers.get("access-control-allow-headers"))).toEqual(expect.arrayContaining(MCP_HEADERS));
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  it("gives a foreign origin no CORS header at all, on the preflight or the call, which is still 403", async () => {
    const answer = await preflight("/api/mcp", FOREIGN);
    expect(corsHeaders(answer)).toEqual([]);
    const refused = await mcpPost(FOREIGN, { Authorization: `Bearer ${key}` });
    expect(refused.status).toBe(403);
    expect(corsHeaders(refused)).toEqual([]);
    // the opaque origin of a sandboxed frame is foreign too
    expect(corsHeaders(await preflight("/api/mcp", "null"))).toEqual([]);
  });

  it("lets an admitted origin read a result with its session, a 401 challenge, a lost session and a refused method", async () => {
    const origin = admitted();
    const ok = await mcpPost(origin, { Authorization: `Bearer ${key}` });
    expect(ok.status).toBe(200);
    expectReadableBy(ok, origin);
    expectExposed(ok);
    expect(ok.headers.get("mcp-session-id")).toBeTruthy();

    const challenged = await mcpPost(origin, {});
    expect(challenged.status).toBe(401);
    expectReadableBy(challenged, origin);
    expectExposed(challenged);
    expect(challenged.headers.get("www-authenticate")).toMatch(/^Bearer .*resource_metadata="/);

    const lost = await mcpPost(
      origin,
      { Authorization: `Bearer ${key}`, "Mcp-Session-Id": "no-such-session" },
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    );
    expect(lost.status).toBe(404);
    expectReadableBy(lost, origin);

    const get = await fetch(`${baseUrl()}/api/mcp`, {
      headers: { Origin: origin, Authorization: `Bearer ${key}`, Accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
    expectReadableBy(get, origin);
  });

  it("a client that sends no Origin (a desktop client) gets no CORS header, only Vary", async () => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${key}`,
      },
      body: initialize,
    });
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual([]);
    expect(listed(response.headers.get("vary"))).toContain("origin");
  });
});

describe("the OAuth endpoints a browser client calls", () => {
  const METADATA = [
    "/.well-known/oauth-protected-resource/api/mcp",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-authorization-server/api/auth",
    "/.well-known/oauth-authorization-server",
  ];

  it.each(METADATA)("%s: preflight and document for an admitted origin, nothing for a foreign one", async (path) => {
    const origin = admitted();
    const answer = await preflight(path, origin, "GET", "mcp-protocol-version");
    expect(answer.status).toBe(204);
    expectReadableBy(answer, origin);
    expect(listed(answer.headers.get("access-control-allow-methods"))).toEqual(["get", "options"]);
    expect(listed(answer.headers.get("access-control-allow-headers"))).toContain("mcp-protocol-version");
    const document = await fetch(`${baseUrl()}${path}`, {
      headers: { Origin: origin, "MCP-Protocol-Version": "2025-11-25" },
    });
    expect(document.status).toBe(200);
    expectReadableBy(document, origin);

    expect(corsHeaders(await preflight(path, FOREIGN, "GET"))).toEqual([]);
    const foreign = await fetch(`${baseUrl()}${path}`, { headers: { Origin: FOREIGN } });
    expect(foreign.status).toBe(200); // public documents: only the browser is not told it may read them
    expect(corsHeaders(foreign)).toEqual([]);
  });

  it("a metadata path that does not exist is a readable 404", async () => {
    const response = await fetch(`${baseUrl()}/.well-known/oauth-protected-resource/elsewhere`, {
      headers: { Origin: admitted() },
    });
    expect(response.status).toBe(404);
    expectReadableBy(response, admitted());
  });

  it("registration and token: preflight, then the answers (a registration, a refused code) readable", async () => {
    const origin = admitted();
    for (const path of ["/api/auth/oauth2/register", "/api/auth/oauth2/token", "/api/auth/oauth2/revoke"]) {
      const answer = await preflight(path, origin, "POST", "content-type");
      expect(answer.status, path).toBe(204);
      expectReadableBy(answer, origin);
      expect(listed(answer.headers.get("access-control-allow-methods"))).toEqual(["post", "options"]);
      expect(corsHeaders(await preflight(path, FOREIGN))).toEqual([]);
    }
    const registered = await fetch(`${baseUrl()}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "Browser host",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      }),
    });
    expect(registered.status).toBeLessThan(300);
    expectReadableBy(registered, origin);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const refused = await fetch(`${baseUrl()}/api/auth/oauth2/token`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "not-a-code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_verifier: "x".repeat(43),
      }),
    });
    expect(refused.status).toBe(400);
    expectReadableBy(refused, origin);
    expect((await refused.json()).error).toBe("invalid_grant");
  });

  it("people's endpoints (sign-in) get no CORS, from any origin", async () => {
    const answer = await preflight("/api/auth/sign-in/email", admitted(), "POST", "content-type");
    expect(answer.status).toBe(204);
    expect(corsHeaders(answer)).toEqual([]);
  });
});
