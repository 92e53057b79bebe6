// Two `next start` instances sharing one Redis (REDIS_URL) and one database hold one key's limit
// together; with Redis killed they keep answering and limit in-process; with Redis back they share
// again without a restart (lib/core/rate-limit-redis.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startRedis, type RunningRedis } from "../../scripts/support/redis";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, makeKey, makeWorld, type ApiResponse } from "../support/world";

const LIMIT = 6;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;
let world: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  redis = await startRedis();
  const env = { ...inject("testEnv"), REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  world = await makeWorld();
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

const newKey = async () => (await makeKey(world.viewer.email)).key;
const read = (server: RunningServer, key: string) =>
  call("kit.read", key, { brand: world.brand.shortId }, { url: server.url });
const statuses = (responses: ApiResponse[]) => responses.map((response) => response.status);
const logLines = (server: RunningServer, msg: RegExp) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && msg.test(JSON.parse(line).msg));

/** Calls alternating A, B, A, …, one after the other. */
async function alternate(key: string, count: number): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await read(i % 2 === 0 ? a : b, key));
  return responses;
}

describe("rate limits shared through Redis", () => {
  it("holds one key's limit across both instances together", async () => {
    const key = await newKey();
    const responses = await alternate(key, LIMIT + 2);
    expect(statuses(responses)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    // the remaining count is the shared one, whichever instance answered
    expect(responses.slice(0, LIMIT).map((response) => Number(response.headers.get("ratelimit-remaining")))).toEqual([
      5, 4, 3, 2, 1, 0,
    ]);
    expect(Number(responses[LIMIT]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(responses[LIMIT]!.body.error.code).toBe("rate_limited");
  });

  it("keeps answering and limiting in-process while Redis is down, logging the switch once", async () => {
    await redis.kill();
    const key = await newKey();
    const started = Date.now();
    // each instance now counts alone: LIMIT each, then 429, never a 5xx and never a wait
    const onA = [];
    for (let i = 0; i < LIMIT + 1; i++) onA.push(await read(a, key));
    const onB = [];
    for (let i = 0; i < LIMIT + 1; i++) onB.push(await read(b, key));
    expect(statuses(onA)).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(statuses(onB)).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const server of [a, b]) {
      const switched = logLines(server, /Redis unreachable/);
      expect(switched).toHaveLength(1);
      expect(JSON.parse(switched[0]!)).toMatchObject({ level: "warn", component: "rate-limit", store: "in-process" });
    }
  });

  it("shares the limit again once Redis is back, without restarting the app", async () => {
    await redis.restart();
    const probe = await newKey();
    const deadline = Date.now() + 15_000;
    for (const server of [a, b]) {
      while (logLines(server, /Redis is back/).length === 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await read(server, probe);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const key = await newKey();
    expect(statuses(await alternate(key, LIMIT + 1))).toEqual([...Array(LIMIT).fill(200), 429]);
    for (const server of [a, b]) expect(logLines(server, /Redis is back/)).toHaveLength(1);
  });

  it("does not hang on a stalled Redis (connection open, no answers): a timeout, then in-process", async () => {
    redis.freeze();
    try {
      const key = await newKey();
      const started = Date.now();
      const responses: ApiResponse[] = [];
      for (let i = 0; i < 20; i++) responses.push(await read(a, key));
      // 20 calls each waiting for Redis would take 20 command timeouts (5 s); a stalled Redis is skipped
      expect(Date.now() - started).toBeLessThan(4500);
      expect(statuses(responses)).toEqual([...Array(LIMIT).fill(200), ...Array(20 - LIMIT).fill(429)]);
    } finally {
      redis.thaw();
    }
    const deadline = Date.now() + 15_000;
    const probe = await newKey();
    while (logLines(a, /Redis is back/).length < 2) {
      expect(Date.now()).toBeLessThan(deadline);
      await read(a, probe);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
