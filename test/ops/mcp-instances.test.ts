// The MCP door behind a balancer that sends each HTTP request to the other instance (A, B, A, …),
// both sharing one database and one Redis. A 2025-protocol client (the SDK 1.x, which gets a
// session) initializes on one instance and keeps working on the other, elicitation included:
// sessions are recorded in Redis and the client's answers reach the instance that asked.
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startRedis, type RunningRedis } from "../../scripts/support/redis";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, expectOk, makeWorld } from "../support/world";
import { expectToolOk } from "../support/mcp";

let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
let world: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  redis = await startRedis();
  const env = { ...inject("testEnv"), REDIS_URL: redis.url };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  world = await makeWorld();
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

/** A client whose every HTTP request goes to the next instance in turn; records who got what. */
async function roundRobinClient(key: string, elicit?: "accept") {
  const served: string[] = [];
  let turn = 0;
  const balancer = (input: string | URL | Request, init?: RequestInit) => {
    const target = [a, b][turn++ % 2]!;
    const url = new URL(String(input instanceof Request ? input.url : input));
    served.push(`${target === a ? "A" : "B"} ${init?.method ?? "GET"}`);
    return fetch(`${target.url}${url.pathname}${url.search}`, init);
  };
  const client = new Client(
    { name: "balanced", version: "1.0.0" },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  const elicited: string[] = [];
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicited.push(request.params.message);
      return { action: elicit };
    });
  }
  const transport = new StreamableHTTPClientTransport(new URL(`${a.url}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
    fetch: balancer,
  });
  await client.connect(transport);
  return { client, served, elicited, sessionId: () => transport.sessionId };
}

describe("MCP across instances", () => {
  it("a session opened on A lists and calls tools on B too", async () => {
    const { client, served, sessionId } = await roundRobinClient(world.viewer.key);
    expect(sessionId()).toBeTruthy();
    for (let i = 0; i < 4; i++) {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("kit_read");
      const result = await client.callTool({ name: "kit_read", arguments: { brand: world.brand.shortId } });
      expectToolOk(result as never);
    }
    expect(served.filter((line) => line.startsWith("A")).length).toBeGreaterThan(2);
    expect(served.filter((line) => line.startsWith("B")).length).toBeGreaterThan(2);
    await client.close();
  });

  it("a confirmed write: the elicitation answer lands on the other instance and the write happens once", async () => {
    const { client, elicited } = await roundRobinClient(world.admin.key, "accept");
    for (let i = 0; i < 2; i++) {
      const name = `Tone ${randomBytes(3).toString("hex")}`;
      const result = await client.callTool({
        name: "kit_colors_add",
        arguments: { brand: world.brand.shortId, name, hex: `#${randomBytes(3).toString("hex")}`, role: "accent" },
      });
      expectToolOk(result as never);
      expect(elicited.at(-1)).toContain(name);
      const colours = expectOk(await call("kit.read", world.admin.key, { brand: world.brand.shortId })).colors as {
        name: string;
      }[];
      expect(colours.filter((colour) => colour.name === name)).toHaveLength(1);
    }
    expect(elicited).toHaveLength(2);
    await client.close();
  });

  it("a session id is bound to its key: another key cannot use it on either instance", async () => {
    const { sessionId, client } = await roundRobinClient(world.viewer.key);
    for (const server of [a, b]) {
      const response = await fetch(`${server.url}/api/mcp`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${world.admin.key}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "mcp-session-id": sessionId()!,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(404);
    }
    await client.close();
  });
});
