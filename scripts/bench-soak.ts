// npm run bench:soak: a fixed request rate for SOAK_MINUTES against a server this script starts,
// with a realistic mix of reads and writes (scripts/support/soak-mix.ts). Reports throughput,
// p50/p99 per kind, errors (non-2xx other than the expected 409s) and the server's RSS over time.
// BENCH_PROFILE=distributed runs it on a private PostgreSQL and Redis (or BENCH_DATABASE_URL /
// BENCH_REDIS_URL, to use servers of your own); the default is the embedded profile (SQLite).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase } from "../lib/db/migrate";
import { startServer } from "./support/start-server";
import { startPostgres, type LocalPostgres } from "./support/postgres";
import { startRedis, type RunningRedis } from "./support/redis";
import { soakMix, type Tally } from "./support/soak-mix";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const RATE = Number(process.env.SOAK_RATE ?? 150); // calls per second, all kinds together
const WARMUP_S = Number(process.env.SOAK_WARMUP_SECONDS ?? 15);
const PROFILE = process.env.BENCH_PROFILE ?? "embedded";
if (PROFILE !== "embedded" && PROFILE !== "distributed")
  throw new Error(`BENCH_PROFILE: embedded or distributed, not ${PROFILE}`);

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-soak-"));
let postgres: LocalPostgres | undefined;
let redis: RunningRedis | undefined;
const env: Record<string, string> = {
  DATABASE_URL: `file:${path.join(dir, "soak.db")}`,
  APP_SECRET: randomBytes(32).toString("base64url"),
  STORAGE_DIR: path.join(dir, "files"),
  SEED_DEMO: "0",
  RATE_LIMIT_PER_MINUTE: "1000000000", // one key sends everything: measure the service, not the limiter refusing
};
if (PROFILE === "distributed") {
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else env.DATABASE_URL = await (postgres = await startPostgres()).createDatabase("soak");
  env.REDIS_URL = process.env.BENCH_REDIS_URL ?? (redis = await startRedis()).url;
}
Object.assign(process.env, env);
await migrateDatabase(env.DATABASE_URL!);

// the world: one brand with a kit, 300 library files, 300 open questions, one admin key
const { db, closeDb } = await import("../lib/db/client");
const { addMember, createBrand, createKey, createUser } = await import("../lib/admin/commands");
const owner = await createUser(db(), { email: "soak@bench.example", name: "Soak" });
const brand = await createBrand(db(), { name: "Soak Brand", shortId: "SOAK-1" });
await addMember(db(), { brand: brand.shortId, email: "soak@bench.example", role: "admin" });
const { key } = await createKey(db(), { email: "soak@bench.example", scopes: "all" });
await db().kitColor.createMany({
  data: ["#112233", "#445566", "#778899"].map((hex, i) => ({
    id: randomUUID(),
    brandId: brand.id,
    name: `Colour ${i}`,
    hex,
    role: "accent",
  })),
});
await db().asset.createMany({
  data: Array.from({ length: 300 }, (_, i) => ({
    id: randomUUID(),
    brandId: brand.id,
    name: `${i % 3 ? "Photo" : "Menu"} ${i}.png`,
    nameKey: `${i % 3 ? "photo" : "menu"} ${i}.png`,
    mimeType: "image/png",
    type: "image",
    status: "approved",
    sizeBytes: BigInt(1000 + i),
    storageKey: `soak/${randomUUID()}`,
  })),
});
const pendingQuestions = Array.from({ length: 300 }, () => randomUUID());
await db().question.createMany({
  data: pendingQuestions.map((id, i) => ({
    id,
    brandId: brand.id,
    key: `seed.${i}`,
    question: "Seeded?",
    scope: "genome",
    options: [],
    askedById: owner.id,
  })),
});
await closeDb();

const server = await startServer(env);
const rssKb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? NaN);
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** Every kind at its share of RATE, all at once, for `seconds`. */
async function runMix(seconds: number, tallies: Map<string, Tally>) {
  const kinds = soakMix(brand.shortId, pendingQuestions, tallies);
  return Promise.all(
    kinds.map(async (kind) => {
      const rate = Math.max(1, Math.round(RATE * kind.share));
      const result = await autocannon({
        // enough connections to hold the rate even when a call takes 250 ms
        url: server.url,
        method: "POST",
        duration: seconds,
        overallRate: rate,
        connections: Math.max(4, Math.ceil(rate / 4)),
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        requests: kind.requests,
      });
      return { kind: kind.name, rate, result };
    }),
  );
}

try {
  const rssAfterStart = rssKb();
  await runMix(WARMUP_S, new Map()); // JIT, caches, connection pools
  const rssStart = rssKb();
  const samples: number[] = [rssStart];
  const sampler = setInterval(() => samples.push(rssKb()), 30_000);
  const tallies = new Map<string, Tally>();
  const started = Date.now();
  const runs = await runMix(MINUTES * 60, tallies);
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const rssEnd = rssKb();

  console.log(
    `\nsoak: ${PROFILE} profile (${env.DATABASE_URL!.split(":")[0]}${env.REDIS_URL ? " + Redis" : ""}), target ${RATE} calls/s for ${MINUTES} min after ${WARMUP_S} s warm-up, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    "| kind | calls | target/s | calls/s | p50 ms | p99 ms | max ms | expected 409 | errors |\n|---|---|---|---|---|---|---|---|---|",
  );
  let total = 0;
  let errors = 0;
  for (const { kind, rate, result } of runs) {
    const tally = tallies.get(kind)!;
    const unexpected = Object.values(tally.unexpected).reduce((a, b) => a + b, 0) + result.errors;
    total += result.requests.total;
    errors += unexpected;
    console.log(
      `| ${kind} | ${result.requests.total} | ${rate} | ${(result.requests.total / seconds).toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${tally.expected409} | ${unexpected}${unexpected ? ` (${JSON.stringify({ ...tally.unexpected, ...(result.errors ? { connection: result.errors } : {}) })})` : ""} |`,
    );
  }
  console.log(
    `\ntotal ${total} calls in ${seconds.toFixed(0)} s = ${(total / seconds).toFixed(1)} calls/s; errors ${errors}`,
  );
  console.log(
    `server RSS: ${mb(rssAfterStart)} MB after start, ${mb(rssStart)} MB after warm-up, ${mb(rssEnd)} MB at the end (growth ${mb(rssEnd - rssStart)} MB); every 30 s: ${samples.map(mb).join(", ")}`,
  );
  if (errors > 0) {
    // what the server said about its failures: the distinct error messages of its error lines
    const failures = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith('{"level":"error"'))
      .map((line) => JSON.parse(line));
    const distinct = [
      ...new Set(failures.map((line) => `${line.capability ?? line.component}: ${line.err?.message ?? line.msg}`)),
    ];
    console.log(
      `server error lines: ${failures.length}; distinct:\n${distinct
        .slice(0, 5)
        .map((text) => `  ${text.slice(0, 300)}`)
        .join("\n")}`,
    );
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await redis?.stop();
  await postgres?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
