// The memory part of `npm run bench` (does a call leave anything behind?): the server's memory over
// BENCH_MEMORY_CALLS (100,000) mixed calls after 10,000 of warm-up, in each profile of
// BENCH_MEMORY_PROFILES (embedded: SQLite; distributed: PostgreSQL + Redis). The mix, in turn on
// each of 10 connections: kit.read, library.search, questions.list and brand.overview through the
// API door, kit_read through the MCP door (2026 protocol) and library_search (2025-era, no
// session), and questions.ask (a write). At each reading (after the warm-up, at 10,000 calls,
// half-way, at the end) it takes RSS (/proc/<pid>/status), then has the server collect its garbage
// and report its heap (bench-heap-hook.ts, loaded into the server for the bench only). What decides
// "flat" is the heap in use after that collection: RSS also follows how much the collector keeps
// reserved (tens of MB either way between runs), while the collected heap holds only what is still
// referenced, so its growth from 10k to the end, divided by the calls between, is what each call
// leaves behind.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase } from "../../lib/db/migrate";
import { benchWorld } from "./bench-world";
import { startServer, type RunningServer } from "./start-server";
import { startPostgres } from "./postgres";
import { startRedis } from "./redis";
import { pgWorld, growLibrary } from "./bench-pg-seed";
import { benchCall } from "./bench-calls";

const CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000);
const PROFILES = (process.env.BENCH_MEMORY_PROFILES ?? "embedded,distributed").split(",");

type Reading = { rss: number; heapUsed: number; external: number };
type Sample = { profile: string; readings: Reading[]; failed: number; seconds: number };
const HOOK = path.join(import.meta.dirname, "bench-heap-hook.ts");
const MB = 1024 * 1024;

function mix(base: string, key: string): autocannon.Request[] {
  const args = { brand: "BENCH-1" };
  const asRequest = (options: autocannon.Options): autocannon.Request => ({
    method: "POST",
    path: new URL(String(options.url)).pathname,
    headers: options.headers,
    body: options.body as string,
  });
  return [
    asRequest(benchCall(base, key, "api", "kit.read", args)),
    asRequest(benchCall(base, key, "api", "library.search", { ...args, query: "latte" })),
    asRequest(benchCall(base, key, "api", "questions.list", args)),
    asRequest(benchCall(base, key, "api", "brand.overview", args)),
    asRequest(benchCall(base, key, "mcp 2026", "kit.read", args)),
    asRequest(benchCall(base, key, "mcp 2025", "library.search", args)),
    {
      ...asRequest(benchCall(base, key, "api", "questions.ask", args)),
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          ...args,
          questions: [
            { key: `memory.${randomUUID()}`, question: "Which roast?", options: ["A", "B"], scope: "genome" },
          ],
        }),
      }),
    },
  ];
}

/** RSS as the calls left it, then the heap after a full collection (the hook's line on SIGUSR2). */
async function readMemory(server: RunningServer): Promise<Reading> {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
  const line = () => {
    const output = server.output();
    const at = output.lastIndexOf("bench-heap ");
    const end = output.indexOf("\n", at);
    return at >= 0 && end > at ? { at, text: output.slice(at + "bench-heap ".length, end) } : undefined;
  };
  const before = line()?.at;
  process.kill(server.pid, "SIGUSR2");
  for (let waited = 0; !line() || line()!.at === before; waited += 50) {
    if (waited > 30_000) throw new Error("the server did not report its heap (bench-heap-hook.ts)");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const heap = JSON.parse(line()!.text) as NodeJS.MemoryUsage & { gc: boolean };
  if (!heap.gc) throw new Error("the server runs without --expose-gc: no collection to read after");
  return { rss, heapUsed: heap.heapUsed / MB, external: heap.external / MB };
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
    env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      APP_SECRET: randomBytes(32).toString("base64url"),
      STORAGE_DIR: path.join(dir, "files"),
      SEED_DEMO: "0",
      RATE_LIMIT_PER_MINUTE: "1000000000",
    };
  } else {
    const world = await benchWorld(dir, { brands: 10, people: 10, files: 10_000 });
    ({ env, key } = world);
  }
  const server = await startServer(env, { nodeArgs: ["--expose-gc", "--import", HOOK] });
  const requests = mix(server.url, key);
  let failed = 0;
  const calls = async (amount: number) => {
    const result = await autocannon({ url: server.url, connections: 10, amount, requests });
    failed += result.non2xx + result.errors;
  };
  try {
    const started = Date.now();
    await calls(10_000); // warm-up: JIT, caches, pools, the heap at its working size
    // readings after the warm-up, then at 10,000 calls, half-way and at the end: growth that levels
    // off between the two halves is the process reaching its working size, growth that does not is kept
    const read = () => readMemory(server);
    const readings = [await read()];
    let done = 0;
    for (const at of [10_000, Math.round((10_000 + CALLS) / 2), CALLS]) {
      await calls(at - done);
      done = at;
      readings.push(await read());
    }
    return { profile, readings, failed, seconds: (Date.now() - started) / 1000 };
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
    console.error(
      `[bench] memory: ${profile}: RSS ${sample.readings.map((r) => r.rss.toFixed(0)).join(" → ")} MB, heap after GC ${sample.readings.map((r) => r.heapUsed.toFixed(1)).join(" → ")} MB, external ${sample.readings.map((r) => r.external.toFixed(1)).join(" → ")} MB`,
    );
    samples.push(sample);
  }
  const [half, end] = [Math.round((10_000 + CALLS) / 2), CALLS].map((n) => n.toLocaleString("en"));
  console.log(
    `\n## Memory: the server over ${end} mixed calls after 10,000 of warm-up (10 connections), ${new Date().toISOString()}\n`,
  );
  console.log(
    "Each reading: RSS as the calls left it / the heap in use after a forced full collection (MB). Flat: the collected heap does not grow after 10,000 calls, and RSS grows less in the second half than in the first (a working size reached).\n",
  );
  console.log(
    `| profile | after warm-up | at 10,000 calls | at ${half} | at ${end} | RSS growth, 1st half / 2nd half | collected heap growth 10k → end, per call | calls/s | failed |\n|---|---|---|---|---|---|---|---|---|`,
  );
  for (const { profile, readings, failed, seconds } of samples) {
    const [warm, first, middle, last] = readings as [Reading, Reading, Reading, Reading];
    const cell = (r: Reading) => `${r.rss.toFixed(0)} / ${r.heapUsed.toFixed(1)}`;
    const perCall = ((last.heapUsed - first.heapUsed) * MB) / (CALLS - 10_000);
    console.log(
      `| ${profile} | ${[warm, first, middle, last].map(cell).join(" | ")} | ${(middle.rss - first.rss).toFixed(0)} / ${(last.rss - middle.rss).toFixed(0)} MB | ${(last.heapUsed - first.heapUsed).toFixed(1)} MB, ${perCall.toFixed(0)} bytes | ${((CALLS + 10_000) / seconds).toFixed(0)} | ${failed} |`,
    );
  }
  return samples.reduce((sum, sample) => sum + sample.failed, 0);
}
