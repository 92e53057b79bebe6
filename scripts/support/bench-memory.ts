// The memory part of `npm run bench` (issue 29): the server's resident memory (RSS, from
// /proc/<pid>/status) over BENCH_MEMORY_CALLS (100,000) mixed calls after 10,000 of warm-up, in
// each profile of BENCH_MEMORY_PROFILES (embedded: SQLite; distributed: PostgreSQL + Redis).
// The mix, in turn on each of 10 connections: kit.read, library.search, questions.list and
// brand.overview through the API door, kit_read through the MCP door (2026 protocol) and
// library_search (2025-era, no session), and questions.ask (a write). Flat means RSS at 100k
// within a few MB of RSS at 10k: the warm-up grows the heap to its working size, and what grows
// after it is kept per call.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase } from "../../lib/db/migrate";
import { benchWorld } from "./bench-world";
import { startServer } from "./start-server";
import { startPostgres } from "./postgres";
import { startRedis } from "./redis";
import { pgWorld, growLibrary } from "./bench-pg-seed";
import { benchCall } from "./bench-calls";

const CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000);
const PROFILES = (process.env.BENCH_MEMORY_PROFILES ?? "embedded,distributed").split(",");

type Sample = { profile: string; rss: number[]; failed: number; seconds: number };

function mix(base: string, key: string): autocannon.Request[] {
  const args = { brand: "BENCH-1" };
  const asRequest = (options: autocannon.Options): autocannon.Request => ({ method: "POST", path: new URL(String(options.url)).pathname, headers: options.headers, body: options.body as string });
  return [
    asRequest(benchCall(base, key, "api", "kit.read", args)),
    asRequest(benchCall(base, key, "api", "library.search", { ...args, query: "latte" })),
    asRequest(benchCall(base, key, "api", "questions.list", args)),
    asRequest(benchCall(base, key, "api", "brand.overview", args)),
    asRequest(benchCall(base, key, "mcp 2026", "kit.read", args)),
    asRequest(benchCall(base, key, "mcp 2025", "library.search", args)),
    {
      ...asRequest(benchCall(base, key, "api", "questions.ask", args)),
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...args, questions: [{ key: `memory.${randomUUID()}`, question: "Which roast?", options: ["A", "B"], scope: "genome" }] }) }),
    },
  ];
}

async function profileRun(profile: string): Promise<Sample> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-memory-"));
  const postgres = profile === "distributed" ? await startPostgres() : undefined;
  const redis = profile === "distributed" ? await startRedis() : undefined;
  let env: Record<string, string>;
  let key: string;
  if (postgres && redis) {
    const url = await postgres.createDatabase("memory");
    await migrateDatabase(url);
    const world = await pgWorld(url);
    await growLibrary(world, 0, 10_000);
    await world.client.end();
    key = world.key;
    env = { DATABASE_URL: url, REDIS_URL: redis.url, APP_SECRET: randomBytes(32).toString("base64url"), STORAGE_DIR: path.join(dir, "files"), SEED_DEMO: "0", RATE_LIMIT_PER_MINUTE: "1000000000" };
  } else {
    const world = await benchWorld(dir, { brands: 10, people: 10, files: 10_000 });
    ({ env, key } = world);
  }
  const server = await startServer(env);
  const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
  const requests = mix(server.url, key);
  let failed = 0;
  const calls = async (amount: number) => {
    const result = await autocannon({ url: server.url, connections: 10, amount, requests });
    failed += result.non2xx + result.errors;
  };
  try {
    const started = Date.now();
    await calls(10_000); // warm-up: JIT, caches, pools, the heap at its working size
    const rss = [rssMb()];
    await calls(10_000);
    rss.push(rssMb());
    await calls(CALLS - 10_000);
    rss.push(rssMb());
    return { profile, rss, failed, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
    await redis?.stop();
    await postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `profiles`: instead of BENCH_MEMORY_PROFILES (bench.ts leaves out the distributed one where it cannot run). */
export async function benchMemory(profiles = PROFILES): Promise<number> {
  const samples: Sample[] = [];
  for (const profile of profiles) {
    console.error(`[bench] memory: ${profile} profile, ${CALLS.toLocaleString("en")} mixed calls`);
    const sample = await profileRun(profile);
    console.error(`[bench] memory: ${profile}: RSS ${sample.rss.map((mb) => mb.toFixed(0)).join(" → ")} MB`);
    samples.push(sample);
  }
  console.log(`\n## Memory: server RSS over ${CALLS.toLocaleString("en")} mixed calls after 10,000 of warm-up (10 connections), ${new Date().toISOString()}\n`);
  console.log("| profile | RSS after warm-up MB | at 10,000 calls | at 100,000 calls | growth 10k → 100k | calls/s | failed |\n|---|---|---|---|---|---|---|");
  for (const { profile, rss, failed, seconds } of samples) {
    console.log(`| ${profile} | ${rss[0]!.toFixed(0)} | ${rss[1]!.toFixed(0)} | ${rss[2]!.toFixed(0)} | ${(rss[2]! - rss[1]!).toFixed(0)} MB | ${((CALLS + 10_000) / seconds).toFixed(0)} | ${failed} |`);
  }
  return samples.reduce((sum, sample) => sum + sample.failed, 0);
}
