// npm run bench: throughput and latency of kit.read through the whole pipeline (API door, key,
// rate limit, scope, input, brand access, execution, output check) against a bare route of the
// same server that returns a constant JSON body, and against the limit reference: the same
// kit.read work on plain node:http + better-sqlite3 (scripts/support/reference-kit-server.ts,
// issue 16). One run, same machine, same settings, alternating rounds.
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrate } from "../lib/db/migrate";
import { startServer } from "./support/start-server";
import { fork } from "node:child_process";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-"));
const env = {
  DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
  APP_SECRET: randomBytes(32).toString("base64url"),
  SEED_DEMO: "0",
  // measure the pipeline, not the limiter refusing calls
  RATE_LIMIT_PER_MINUTE: "1000000000",
};
Object.assign(process.env, env);
migrate(env.DATABASE_URL);

// the world: one brand with a realistic kit, one admin, one key
const { db } = await import("../lib/db/client");
const { addMember, createBrand, createKey, createUser } = await import("../lib/admin/commands");
await createUser(db(), { email: "bench@bench.example", name: "Bench" });
const brand = await createBrand(db(), { name: "Bench Brand", shortId: "BENCH-1" });
await addMember(db(), { brand: brand.shortId, email: "bench@bench.example", role: "admin" });
const { key } = await createKey(db(), { email: "bench@bench.example", scopes: "all" });
await db().kitColor.createMany({
  data: ["#112233", "#445566", "#778899", "#AABBCC", "#DDEEFF"].map((hex, i) => ({ id: randomUUID(), brandId: brand.id, name: `Colour ${i}`, hex, role: "accent" })),
});
await db().kitTypography.create({ data: { id: randomUUID(), brandId: brand.id, family: "Inter", role: "body", weights: ["400", "700"] } });
await db().kitInstruction.create({ data: { brandId: brand.id, section: "general", text: "Keep it simple." } });
await db().$disconnect();

const server = await startServer(env);
// in its own process, as the service is: the load generator's event loop is not the server's
const referenceProcess = fork(path.join(import.meta.dirname, "support/reference-kit-main.ts"), [path.join(dir, "bench.db")]);
const reference = await new Promise<{ url: string }>((resolve) => referenceProcess.once("message", (message) => resolve(message as { url: string })));
type Run = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(name: string, options: autocannon.Options): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections: CONNECTIONS }); // warm-up: JIT, caches, connections
  const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

try {
  const kitRead: autocannon.Options = {
    url: `${server.url}/api/v1/kit.read`,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1" }),
  };
  // interleaved rounds: a drift of the machine (a shared VM) touches both routes alike
  const rounds: { limit: Run; bare: Run; pipeline: Run }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    rounds.push({
      limit: await measure(`kit.read on plain node:http + SQLite (reference), round ${round}`, { ...kitRead, url: `${reference.url}/api/v1/kit.read` }),
      bare: await measure(`bare route (GET /api/health), round ${round}`, { url: `${server.url}/api/health` }),
      pipeline: await measure(`kit.read via API door, round ${round}`, kitRead),
    });
  }
  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per route, Node ${process.version}, ${new Date().toISOString()}`);
  console.log("| route | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|");
  for (const run of rounds.flatMap(({ limit, bare, pipeline }) => [limit, bare, pipeline])) {
    console.log(`| ${run.name} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.non2xx} | ${run.errors} |`);
  }
  const ratios = rounds.map(({ bare, pipeline }) => pipeline.rps / bare.rps).sort((a, b) => a - b);
  console.log(`\nthroughput ratio kit.read / bare per round: ${ratios.map((r) => r.toFixed(2)).join(", ")}`);
  console.log(`median ratio = ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)} (aim: >= 0.50)`);
  const ofLimit = rounds.map(({ limit, pipeline }) => pipeline.rps / limit.rps).sort((a, b) => a - b);
  const bareOfLimit = rounds.map(({ limit, bare }) => bare.rps / limit.rps).sort((a, b) => a - b);
  console.log(`throughput ratio kit.read via API door / reference per round: ${ofLimit.map((r) => r.toFixed(2)).join(", ")}`);
  console.log(`median ratio = ${ofLimit[Math.floor(ofLimit.length / 2)]!.toFixed(2)} (issue 16 aim: >= 0.33); bare Next route / reference: ${bareOfLimit[Math.floor(bareOfLimit.length / 2)]!.toFixed(2)}`);
  if (rounds.some((round) => Object.values(round).some((run) => run.non2xx + run.errors > 0))) {
    console.log("WARNING: some calls failed or were not 2xx; the figures are not valid");
    process.exitCode = 1;
  }
} finally {
  referenceProcess.disconnect();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
