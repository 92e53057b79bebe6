// DNS-rebinding protection of the MCP door (lib/mcp/origin.ts): a foreign Origin or Host is
// refused with 403 before the key is even looked at; clients without Origin keep working. The same
// decision gives browser hosts CORS (test/mcp/cors.test.ts).
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { baseUrl, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolOk } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
let publicServer: RunningServer;

beforeAll(async () => {
  world = await makeWorld();
  // the same service published at a public name, with one more host and origin allowed
  publicServer = await startServer({
    ...inject("testEnv"),
    APP_URL: "https://brand-ops.example",
    MCP_ALLOWED_HOSTS: "mcp.internal",
    MCP_ALLOWED_ORIGINS: "https://console.partner.example",
  });
});
afterAll(() => publicServer?.stop());

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

/** A raw request with exactly these Host and Origin headers (fetch cannot set Host): its status and headers. */
function send(
  url: string,
  headers: Record<string, string>,
  method = "POST",
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const target = new URL(`${url}/api/mcp`);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          Authorization: `Bearer ${world.admin.key}`,
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? initialize : undefined);
  });
}
const post = async (url: string, headers: Record<string, string>) => (await send(url, headers)).status;

describe("the suite's server (APP_URL on loopback)", () => {
  it.each([
    ["a foreign Origin", { Origin: "http://evil.example.com" }],
    ["a foreign Host", { Host: "evil.example.com" }],
    ["both, as a rebinding page sends them", { Host: "evil.example.com", Origin: "http://evil.example.com" }],
    ["the opaque null Origin", { Origin: "null" }],
  ])("refuses %s with 403", async (_, headers) => {
    expect(await post(baseUrl(), headers)).toBe(403);
  });

  it("accepts its own origin, loopback names, and clients that send no Origin", async () => {
    const own = new URL(baseUrl());
    expect(await post(baseUrl(), { Origin: own.origin })).toBe(200);
    expect(await post(baseUrl(), { Host: `localhost:${own.port}`, Origin: `http://localhost:${own.port}` })).toBe(200);
    expect(await post(baseUrl(), {})).toBe(200);
    const client = await connectMcp(world.admin.key);
    expectToolOk(await callTool(client, "kit_read", { brand: world.brand.shortId }));
  });

  it("refuses before the key: a foreign Origin without a key is 403, not 401", async () => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: initialize,
    });
    expect(response.status).toBe(403);
  });
});

describe("a server published at https://brand-ops.example", () => {
  it("accepts its public Host and the configured host and origin; refuses loopback names and others", async () => {
    expect(await post(publicServer.url, { Host: "brand-ops.example" })).toBe(200);
    expect(await post(publicServer.url, { Host: "mcp.internal:8080" })).toBe(200);
    expect(await post(publicServer.url, { Host: "brand-ops.example", Origin: "https://console.partner.example" })).toBe(
      200,
    );
    expect(await post(publicServer.url, { Host: "brand-ops.example", Origin: "https://brand-ops.example" })).toBe(200);
    expect(await post(publicServer.url, { Host: "127.0.0.1" })).toBe(403);
    expect(await post(publicServer.url, { Host: "brand-ops.example", Origin: "http://localhost:3000" })).toBe(403);
    expect(await post(publicServer.url, { Host: "other.example" })).toBe(403);
  });

  it("gives CORS to the configured origin (lib/mcp/cors.ts), and none to the loopback names it refuses", async () => {
    const partner = "https://console.partner.example";
    const preflight = {
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type",
    };
    const allowed = await send(
      publicServer.url,
      { Host: "brand-ops.example", Origin: partner, ...preflight },
      "OPTIONS",
    );
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(partner);
    const answered = await send(publicServer.url, { Host: "brand-ops.example", Origin: partner });
    expect(answered.status).toBe(200);
    expect(answered.headers["access-control-allow-origin"]).toBe(partner);
    for (const method of ["OPTIONS", "POST"]) {
      const refused = await send(
        publicServer.url,
        { Host: "brand-ops.example", Origin: "http://localhost:3000", ...preflight },
        method,
      );
      expect(
        Object.keys(refused.headers).filter((name) => name.startsWith("access-control-")),
        method,
      ).toEqual([]);
    }
  });
});
