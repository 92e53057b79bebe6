// One tenant cannot drop another's MCP sessions: a caller at its cap gives up its
// own oldest session, never another's; `initialize` counts against the key's rate like any call.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SESSIONS_PER_KEY, SESSIONS_PER_PERSON } from "../../lib/mcp/session-slots";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { makeKey, makeWorld } from "../support/world";

const baseUrl = () => inject("baseUrl");
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld();
});

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

/** A 2025-protocol initialize, which opens a session; its id, or the refusal. */
async function initialize(
  url: string,
  key: string,
): Promise<{ status: number; session: string | null; retryAfter: string | null }> {
  const body = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "burst", version: "1" } },
  };
  const response = await fetch(`${url}/api/mcp`, {
    method: "POST",
    headers: { ...HEADERS, Authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  await response.text();
  return {
    status: response.status,
    session: response.headers.get("mcp-session-id"),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Whether the session still answers (a ping on it): 200, or 404 once it is gone. */
async function ping(url: string, key: string, session: string): Promise<number> {
  const response = await fetch(`${url}/api/mcp`, {
    method: "POST",
    headers: {
      ...HEADERS,
      Authorization: `Bearer ${key}`,
      "mcp-session-id": session,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
  });
  await response.text();
  return response.status;
}

describe("MCP sessions per tenant", () => {
  it("a burst of initialize from one key closes only that key's own oldest sessions", async () => {
    const other = await initialize(baseUrl(), world.viewer.key);
    expect(other.status).toBe(200);
    const opened: string[] = [];
    for (let i = 0; i < SESSIONS_PER_KEY + 4; i++) {
      const next = await initialize(baseUrl(), world.admin.key);
      expect(next.status).toBe(200);
      opened.push(next.session!);
    }
    // another person's session is untouched by the burst
    expect(await ping(baseUrl(), world.viewer.key, other.session!)).toBe(200);
    // the burst's own four oldest made room; its newest SESSIONS_PER_KEY are alive
    for (const id of opened.slice(0, 4)) expect(await ping(baseUrl(), world.admin.key, id)).toBe(404);
    for (const id of opened.slice(4)) expect(await ping(baseUrl(), world.admin.key, id)).toBe(200);
  });

  it("a person's several keys share the per-person cap, and other people keep theirs", async () => {
    const other = await initialize(baseUrl(), world.viewer.key);
    const keys = await Promise.all([0, 1, 2].map(() => makeKey(world.member.email)));
    const opened: string[] = [];
    for (let i = 0; i < SESSIONS_PER_PERSON + 3; i++)
      opened.push((await initialize(baseUrl(), keys[i % 3]!.key)).session!);
    expect(await ping(baseUrl(), world.viewer.key, other.session!)).toBe(200);
    const alive = await Promise.all(opened.map((id, i) => ping(baseUrl(), keys[i % 3]!.key, id)));
    expect(alive.filter((status) => status === 200)).toHaveLength(SESSIONS_PER_PERSON);
    expect(alive.slice(0, 3)).toEqual([404, 404, 404]);
  });
});

describe("initialize is rate-limited like any call", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), RATE_LIMIT_PER_MINUTE: "5" });
  });
  afterAll(async () => server?.stop());

  it("the sixth initialize of a key in a minute gets 429 with Retry-After; another key is not affected", async () => {
    // fresh keys: with REDIS_URL the count is shared with the suite's server, where other tests call
    const [key, other] = await Promise.all([makeKey(world.admin.email), makeKey(world.viewer.email)]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await initialize(server.url, key.key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await initialize(server.url, key.key);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await initialize(server.url, other.key)).status).toBe(200);
  });
});
