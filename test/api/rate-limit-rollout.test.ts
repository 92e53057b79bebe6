// Rate limiting per key and the rollout switch (docs/design.md, rate limit and rollout), each on an
// extra server started with its own setting against the suite's database.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { revokeKey } from "../../lib/admin/commands";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, makeKey, makeWorld, type ApiResponse } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

function expectError(response: ApiResponse, status: number, code: string) {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
}

const oneQuestion = () => ({
  questions: [
    { key: `q.${randomBytes(4).toString("hex")}`, question: "What is your tagline?", options: [], scope: "genome" },
  ],
});

describe("rate limit: RATE_LIMIT_PER_MINUTE calls per key, then 429 rate_limited", () => {
  let server: RunningServer;
  let world: World;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), RATE_LIMIT_PER_MINUTE: "3" });
    world = await makeWorld();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const on = (capability: string, key: string | null, body: unknown) =>
    call(capability, key, body, { url: server.url });
  const newKey = async () => (await makeKey(world.viewer.email)).key;

  it("lets 3 calls through with RateLimit-Limit 3 and RateLimit-Remaining 2, 1, 0; the 4th is 429 with Retry-After", async () => {
    const key = await newKey();
    for (const remaining of [2, 1, 0]) {
      const response = await on("kit.read", key, { brand: world.brand.shortId });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      expect(response.headers.get("ratelimit-remaining")).toBe(String(remaining));
      expect(response.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
    }
    const refused = await on("kit.read", key, { brand: world.brand.shortId });
    expectError(refused, 429, "rate_limited");
    const retryAfter = refused.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused.body.error.retryAfterSeconds).toBe(Number(retryAfter));
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.body.error.requestId).toBe(refused.headers.get("x-request-id"));
  });

  it("counts every capability together: reads and writes share the key's budget", async () => {
    const key = (await makeKey(world.member.email)).key;
    expect((await on("kit.read", key, { brand: world.brand.shortId })).status).toBe(200);
    expect((await on("questions.ask", key, { brand: world.brand.shortId, ...oneQuestion() })).status).toBe(200);
    expect((await on("brands.list", key, {})).status).toBe(200);
    expectError(await on("questions.ask", key, { brand: world.brand.shortId, ...oneQuestion() }), 429, "rate_limited");
  });

  it("another key of the same person is unaffected by an exhausted key", async () => {
    const exhausted = await newKey();
    for (let i = 0; i < 3; i++)
      expect((await on("kit.read", exhausted, { brand: world.brand.shortId })).status).toBe(200);
    expectError(await on("kit.read", exhausted, { brand: world.brand.shortId }), 429, "rate_limited");

    const fresh = await newKey();
    const response = await on("kit.read", fresh, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("another person's key is unaffected by an exhausted key", async () => {
    const exhausted = await newKey();
    for (let i = 0; i < 4; i++) await on("kit.read", exhausted, { brand: world.brand.shortId });
    expectError(await on("kit.read", exhausted, { brand: world.brand.shortId }), 429, "rate_limited");
    const response = await on("kit.read", (await makeKey(world.admin.email)).key, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
  });

  it("comes before the capability lookup: unknown ids count, and get 429 once the key is exhausted", async () => {
    const key = await newKey();
    for (const remaining of [2, 1, 0]) {
      const response = await on("no.such.capability", key, { brand: world.brand.shortId });
      expectError(response, 404, "not_found");
      expect(response.headers.get("ratelimit-remaining")).toBe(String(remaining));
    }
    expectError(await on("no.such.capability", key, { brand: world.brand.shortId }), 429, "rate_limited");
    expectError(await on("kit.read", key, { brand: world.brand.shortId }), 429, "rate_limited");
  });

  it("comes before scope, input and brand checks: an exhausted key gets 429 for any of them", async () => {
    const key = (await makeKey(world.viewer.email, { scopes: "kit.read" })).key;
    for (let i = 0; i < 3; i++) expect((await on("kit.read", key, { brand: world.brand.shortId })).status).toBe(200);
    expectError(await on("brand.overview", key, { brand: world.brand.shortId }), 429, "rate_limited"); // scope missing
    expectError(await on("kit.read", key, { brand: world.brand.shortId, bogus: 1 }), 429, "rate_limited"); // bad input
    expectError(await on("kit.read", key, { brand: "Nope-1" }), 429, "rate_limited"); // no access
  });

  it("a write refused with 429 still leaves an audit entry with outcome rate_limited", async () => {
    const key = await makeKey(world.member.email);
    for (let i = 0; i < 3; i++)
      expect((await on("kit.read", key.key, { brand: world.brand.shortId })).status).toBe(200);
    const requestId = `rl-${randomBytes(6).toString("hex")}`;
    const refused = await call(
      "questions.ask",
      key.key,
      { brand: world.brand.shortId, ...oneQuestion() },
      { url: server.url, headers: { "X-Request-Id": requestId } },
    );
    expectError(refused, 429, "rate_limited");
    const entries = await db().auditEntry.findMany({ where: { requestId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: world.member.id,
      apiKeyId: key.id,
      outcome: "rate_limited",
    });
  });

  it("comes after authentication: calls without a valid key are 401, never 429", async () => {
    for (let i = 0; i < 5; i++) {
      expectError(await on("kit.read", null, { brand: world.brand.shortId }), 401, "unauthenticated");
      expectError(
        await on("kit.read", `bop_${"A".repeat(40)}`, { brand: world.brand.shortId }),
        401,
        "unauthenticated",
      );
    }
  });

  it("comes after authentication: an exhausted key, once revoked, gets 401 rather than 429", async () => {
    const key = await makeKey(world.viewer.email);
    for (let i = 0; i < 3; i++)
      expect((await on("kit.read", key.key, { brand: world.brand.shortId })).status).toBe(200);
    expectError(await on("kit.read", key.key, { brand: world.brand.shortId }), 429, "rate_limited");
    await revokeKey(db(), { id: key.id });
    expectError(await on("kit.read", key.key, { brand: world.brand.shortId }), 401, "unauthenticated");
  });
});

describe("rollout: with CAPABILITY_ROLLOUT=available the API door serves nothing (pilot: Assistant and MCP only)", () => {
  let server: RunningServer;
  let world: World;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), CAPABILITY_ROLLOUT: "available" });
    world = await makeWorld();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const on = (capability: string, key: string | null, body: unknown) =>
    call(capability, key, body, { url: server.url });

  it("control: the suite's server (rollout all) serves kit.read and brand.overview to the same key", async () => {
    expect((await call("kit.read", world.admin.key, { brand: world.brand.shortId })).status).toBe(200);
    expect((await call("brand.overview", world.admin.key, { brand: world.brand.shortId })).status).toBe(200);
  });

  it.each([
    ["kit.read (Available)", "kit.read", {}],
    ["brand.overview (Planned)", "brand.overview", {}],
    ["questions.ask (Available)", "questions.ask", oneQuestion()],
    ["brands.list (Available)", "brands.list", null],
    ["questions.list (Planned)", "questions.list", {}],
    ["kit.colors.add (Planned)", "kit.colors.add", { name: "X", hex: "#123456" }],
  ])("%s is 404 not_found through the API door", async (_name, capability, input) => {
    const response = await on(
      capability,
      world.admin.key,
      input === null ? {} : { brand: world.brand.shortId, ...input },
    );
    expectError(response, 404, "not_found");
    expect(response.body.error).not.toHaveProperty("field");
  });

  it("nothing was written by the refused questions.ask", async () => {
    const before = await db().question.count({ where: { brandId: world.brand.id } });
    expectError(
      await on("questions.ask", world.admin.key, { brand: world.brand.shortId, ...oneQuestion() }),
      404,
      "not_found",
    );
    expect(await db().question.count({ where: { brandId: world.brand.id } })).toBe(before);
  });

  it("authentication still comes first: no key is 401, not 404", async () => {
    expectError(await on("kit.read", null, { brand: world.brand.shortId }), 401, "unauthenticated");
  });
});
