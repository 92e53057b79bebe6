// npm run bench: the doors' throughput against what this machine can do for the same calls
// (issue 16). On one database (BENCH-1 with a kit and 100,000 files, 100 brands, 1,000 people
// with a key each), it measures with autocannon, in alternating rounds, each scenario through the
// door as `npm start` serves it and through the limit reference: the same work on plain node:http
// + better-sqlite3 in a process of its own (scripts/support/reference-server.ts, not product
// code); for kit.read also Next's bare constant route. It prints every round, and per scenario the
// median throughput ratio door / reference (aim: >= 1/3) and the p99s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fork } from "node:child_process";
import autocannon from "autocannon";
import { benchWorld } from "./support/bench-world";
import { startServer } from "./support/start-server";
import { webhooksScenario } from "./support/bench-webhooks";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 100);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000);
const ONLY = process.env.BENCH_ONLY; // a scenario's name prefix, to measure one

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-"));
console.error(`[bench] seeding: ${BRANDS} brands, ${PEOPLE} people with keys, ${FILES} files`);
const world = await benchWorld(dir, { brands: BRANDS, people: PEOPLE, files: FILES });
// the webhooks scenario's receivers are on loopback (scripts/support/bench-webhooks.ts)
const server = await startServer({ ...world.env, WEBHOOKS_ALLOW_LOOPBACK: "1" });
// in its own process, as the service is: the load generator's event loop is not the server's
const referenceProcess = fork(path.join(import.meta.dirname, "support/reference-main.ts"), [world.file]);
const reference = await new Promise<{ url: string }>((resolve) => referenceProcess.once("message", (message) => resolve(message as { url: string })));

type Target = "reference" | "bare Next route" | "door";
type Run = { rps: number; p50: number; p99: number; failed: number };
type Scenario = { name: string; connections?: number; request: (base: string) => autocannon.Options; bare?: boolean };

const json = { "content-type": "application/json" };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const kitRead = (base: string): autocannon.Options => ({
  url: `${base}/api/v1/kit.read`, method: "POST", headers: { ...bearer(world.key), ...json }, body: JSON.stringify({ brand: "BENCH-1" }),
});
let turn = 0;
const scenarios = ([
  { name: "kit.read, API door", request: kitRead, bare: true },
  {
    name: "tools/call kit_read, MCP door",
    request: (base) => ({
      url: `${base}/api/mcp`, method: "POST" as const, headers: { ...bearer(world.key), ...json, accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "kit_read", arguments: { brand: "BENCH-1" } } }),
    }),
  },
  {
    name: `library.search first page, ${FILES.toLocaleString("en")} files, API door`,
    request: (base) => ({ url: `${base}/api/v1/library.search`, method: "POST" as const, headers: { ...bearer(world.key), ...json }, body: JSON.stringify({ brand: "BENCH-1" }) }),
  },
  { name: "kit.read, API door, 100 connections", connections: 100, request: kitRead },
  {
    name: `kit.read, API door, the ${PEOPLE.toLocaleString("en")} keys of ${BRANDS} brands in turn`,
    request: (base) => ({
      url: `${base}/api/v1/kit.read`, method: "POST" as const,
      requests: [{
        setupRequest: (request: autocannon.Request) => {
          const { key, brand } = world.keys[turn++ % world.keys.length]!;
          return { ...request, headers: { ...bearer(key), ...json }, body: JSON.stringify({ brand }) };
        },
      }],
    }),
  },
] satisfies Scenario[] as Scenario[]).filter((scenario) => !ONLY || scenario.name.startsWith(ONLY));

async function measure(options: autocannon.Options, connections: number): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections }); // warm-up: JIT, caches, connections
  const result = await autocannon({ ...options, duration: DURATION_S, connections });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let failed = 0;
try {
  const results: { scenario: Scenario; rounds: Partial<Record<Target, Run>>[] }[] = [];
  for (const scenario of scenarios) {
    const rounds: Partial<Record<Target, Run>>[] = [];
    const connections = scenario.connections ?? CONNECTIONS;
    // interleaved rounds: a drift of the machine (a shared VM) touches every target alike
    for (let round = 1; round <= ROUNDS; round++) {
      const runs: Partial<Record<Target, Run>> = {};
      runs.reference = await measure(scenario.request(reference.url), connections);
      if (scenario.bare) runs["bare Next route"] = await measure({ url: `${server.url}/api/health` }, connections);
      runs.door = await measure(scenario.request(server.url), connections);
      rounds.push(runs);
    }
    console.error(`[bench] ${scenario.name}: done`);
    results.push({ scenario, rounds });
  }
  console.log(`\n${ROUNDS} rounds of ${DURATION_S} s per target (after 2 s of warm-up), ${CONNECTIONS} connections unless said, Node ${process.version}, ${new Date().toISOString()}`);
  console.log(`database: ${BRANDS} brands, ${PEOPLE} people with a key each, ${FILES.toLocaleString("en")} files in BENCH-1\n`);
  console.log("| scenario | target | req/s per round | p50 ms | p99 ms |\n|---|---|---|---|---|");
  for (const { scenario, rounds } of results) {
    for (const target of ["reference", "bare Next route", "door"] as const) {
      const runs = rounds.map((round) => round[target]).filter((run): run is Run => run !== undefined);
      if (runs.length === 0) continue;
      failed += runs.reduce((sum, run) => sum + run.failed, 0);
      console.log(`| ${scenario.name} | ${target} | ${runs.map((run) => run.rps.toFixed(0)).join(", ")} | ${median(runs.map((r) => r.p50))} | ${median(runs.map((r) => r.p99))} |`);
    }
  }
  console.log("\n| scenario | door / reference per round | median (aim >= 0.33) |\n|---|---|---|");
  for (const { scenario, rounds } of results) {
    const ratios = rounds.map((round) => round.door!.rps / round.reference!.rps);
    console.log(`| ${scenario.name} | ${ratios.map((r) => r.toFixed(2)).join(", ")} | ${median(ratios).toFixed(2)} |`);
  }
  const first = results.find((result) => result.scenario.bare);
  if (first) {
    const bare = median(first.rounds.map((round) => round["bare Next route"]!.rps / round.reference!.rps));
    console.log(`\nNext's bare constant route / reference (kit.read): median ${bare.toFixed(2)}`);
  }
  if (!ONLY || ONLY.startsWith("webhooks")) {
    const hooks = await webhooksScenario(server.url, world.key, "bench@bench.example", { seconds: DURATION_S, rounds: ROUNDS, connections: CONNECTIONS });
    failed += hooks.rounds.reduce((sum, round) => sum + round.quiet.failed + round.hooked.failed, 0);
    console.log("\n| webhooks: questions.ask, API door | no endpoint req/s | 10 endpoints req/s | ratio (aim >= 0.8) |\n|---|---|---|---|");
    hooks.rounds.forEach((round, index) => console.log(`| round ${index + 1} | ${round.quiet.rps.toFixed(0)} | ${round.hooked.rps.toFixed(0)} | ${hooks.ratios[index]!.toFixed(2)} |`));
    console.log(`median ratio ${median(hooks.ratios).toFixed(2)}; delivery lag over ${hooks.deliveries} deliveries: p50 ${hooks.lagP50} ms, p99 ${hooks.lagP99} ms`);
  }
  if (failed > 0) {
    console.log(`WARNING: ${failed} calls failed or were not 2xx; the figures are not valid`);
    process.exitCode = 1;
  }
} finally {
  referenceProcess.disconnect();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
