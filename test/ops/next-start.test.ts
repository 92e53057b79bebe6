// `npm start` answers the API and MCP doors from their own functions in front of Next's handler
// (scripts/serve.ts); deployments that run `next start` get the same functions through the route
// handlers. The suite runs against what `npm start` serves; this file checks that `next start`
// answers the doors' calls alike (status, headers that matter, body) on the same database.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, expectOk, makeWorld, baseUrl } from "../support/world";
import { callTool, connectMcp, expectToolOk } from "../support/mcp";

let nextStart: RunningServer;
let world: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  nextStart = await startServer(inject("testEnv"), { nextStart: true });
  world = await makeWorld();
});
afterAll(async () => nextStart?.stop());

/** The parts of an answer that do not change from call to call. */
const stable = (response: { status: number; headers: Headers; body: any }) => ({
  status: response.status,
  contentType: response.headers.get("content-type"),
  cacheControl: response.headers.get("cache-control"),
  rateLimited: response.headers.has("ratelimit-limit"),
  body: JSON.parse(JSON.stringify(response.body ?? null), (key, value) => (key === "requestId" ? "…" : value)),
});

describe("next start serves the doors as npm start does", () => {
  it("kit.read, a refusal naming the field, an unknown capability and a missing key answer alike", async () => {
    const calls: [string, string | null, unknown][] = [
      ["kit.read", world.viewer.key, { brand: world.brand.shortId }],
      ["kit.read", world.viewer.key, { brand: world.brand.shortId, colour: "x" }],
      ["no.such.capability", world.viewer.key, { brand: world.brand.shortId }],
      ["kit.read", null, { brand: world.brand.shortId }],
    ];
    for (const [capability, key, body] of calls) {
      const viaServe = await call(capability, key, body);
      const viaNext = await call(capability, key, body, { url: nextStart.url });
      expect(stable(viaNext), capability).toEqual(stable(viaServe));
    }
    expect(
      expectOk(await call("kit.read", world.viewer.key, { brand: world.brand.shortId }, { url: nextStart.url })),
    ).toHaveProperty("colors");
  });

  it("a method other than POST is 405 with Allow: POST on both, and the request id is echoed", async () => {
    for (const url of [baseUrl(), nextStart.url]) {
      const response = await fetch(`${url}/api/v1/kit.read`, { headers: { "X-Request-Id": "same-id-1" } });
      expect(response.status, url).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(response.headers.get("x-request-id")).toBe("same-id-1");
    }
  });

  it("the MCP door's challenge names the address the client used, and a TLS proxy's scheme, on both", async () => {
    // the request URL the bridge builds (Host, X-Forwarded-Proto) is what the challenge is made from
    for (const forwarded of [undefined, "https"]) {
      const challenges = await Promise.all(
        [baseUrl(), nextStart.url].map(async (url) => {
          const response = await fetch(`${url}/api/mcp`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Accept: "application/json, text/event-stream",
              ...(forwarded ? { "X-Forwarded-Proto": forwarded } : {}),
            },
            body: "{}",
          });
          expect(response.status).toBe(401);
          const host = new URL(url).host;
          return response.headers.get("www-authenticate")!.replaceAll(host, "HOST");
        }),
      );
      expect(challenges[0]).toContain(
        `resource_metadata="${forwarded ?? "http"}://HOST/.well-known/oauth-protected-resource/api/mcp"`,
      );
      expect(challenges[0]).toBe(challenges[1]);
    }
  });

  it("browser hosts get the MCP door's CORS on both: the preflight, a challenge, and the OAuth endpoints", async () => {
    const origin = "http://localhost:5173"; // a host page on a developer's machine, another origin than both
    const cors = (response: Response) =>
      [...response.headers].filter(([name]) => name.startsWith("access-control-")).sort();
    for (const [path, method] of [
      ["/api/mcp", "POST"],
      ["/.well-known/oauth-protected-resource/api/mcp", "GET"],
      ["/api/auth/oauth2/token", "POST"],
    ] as const) {
      const answers = await Promise.all(
        [baseUrl(), nextStart.url].map(async (url) => {
          const headers = {
            Origin: origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "authorization, mcp-protocol-version",
          };
          const preflight = await fetch(`${url}${path}`, { method: "OPTIONS", headers });
          expect(preflight.status, `${url}${path}`).toBe(204);
          expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
          const answer = await fetch(`${url}${path}`, {
            method,
            headers: { Origin: origin, "Content-Type": "application/json" },
            ...(method === "POST" ? { body: "{}" } : {}),
          });
          expect(answer.headers.get("access-control-allow-origin"), `${url}${path}`).toBe(origin);
          return { status: answer.status, preflight: cors(preflight) };
        }),
      );
      expect(answers[1], path).toEqual(answers[0]);
    }
  });

  it("HEAD on a capability is 405 with Allow: POST and no body on both", async () => {
    for (const url of [baseUrl(), nextStart.url]) {
      const response = await fetch(`${url}/api/v1/kit.read`, { method: "HEAD" });
      expect(response.status, url).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.text()).toBe("");
    }
  });

  it("the MCP door lists the same tools and answers kit_read alike", async () => {
    const viaServe = await connectMcp(world.viewer.key);
    const viaNext = await connectMcp(world.viewer.key, { url: nextStart.url });
    const names = async (client: typeof viaServe) => (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(await names(viaNext)).toEqual(await names(viaServe));
    const [a, b] = [
      await callTool(viaServe, "kit_read", { brand: world.brand.shortId }),
      await callTool(viaNext, "kit_read", { brand: world.brand.shortId }),
    ];
    expectToolOk(a);
    expect(b).toEqual(a);
    await Promise.all([viaServe.close(), viaNext.close()]);
  });
});

describe("a path whose percent-encoding does not decode (the route fuzzer's finding: a bare 500 on every route with a parameter)", () => {
  const paths = [
    "/api/conversations/%",
    "/api/assistant/pending/%E0%A4%A",
    "/api/settings/keys/%FF",
    "/api/settings/apps/%",
    "/api/auth/%",
    "/.well-known/oauth-authorization-server/%",
    "/api/files/download/%",
    "/api/files/upload/a/%",
  ];

  it("is 404 not_found in the service's error body on both, for any method, with the request id", async () => {
    for (const url of [baseUrl(), nextStart.url]) {
      for (const path of paths) {
        for (const method of ["GET", "POST", "PUT", "DELETE"]) {
          const response = await fetch(`${url}${path}`, {
            method,
            headers: { "X-Request-Id": "malformed-1" },
            ...(method === "GET" ? {} : { body: "{}" }),
          });
          const body = await response.json().catch(() => null);
          expect({ where: `${method} ${url}${path}`, status: response.status, body }).toEqual({
            where: `${method} ${url}${path}`,
            status: 404,
            body: {
              ok: false,
              error: {
                code: "not_found",
                message: "Nothing is served at this address: its percent-encoding is malformed",
                requestId: "malformed-1",
              },
            },
          });
        }
      }
    }
  });

  it("names no capability on the API door: a key first (401), then 404 not_found, as for any unknown id", async () => {
    for (const url of [baseUrl(), nextStart.url]) {
      for (const capability of ["%", "kit.read%E0", "%FF"]) {
        expect((await call(capability, null, {}, { url })).status, `${url} ${capability}`).toBe(401);
        const known = await call(capability, world.viewer.key, { brand: world.brand.shortId }, { url });
        expect({ where: `${url} ${capability}`, status: known.status, code: known.body.error.code }).toEqual({
          where: `${url} ${capability}`,
          status: 404,
          code: "not_found",
        });
      }
    }
  });
});
