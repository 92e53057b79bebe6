// npm run bench: the doors' throughput against each other and against what this machine can do
// for the same calls (issues 16, 29). On one SQLite database (BENCH-1 with a kit and 100,000
// files, 100 brands, 1,000 people with a key each) it measures with autocannon, in alternating
// rounds, each target of a scenario: the limit reference (plain node:http + better-sqlite3 doing
// the same checks and reads in a process of its own: scripts/support/reference-server.ts, not
// product code), the API door as `npm start` serves it, and for kit.read and library.search the
// MCP door in each protocol (scripts/support/bench-calls.ts). It prints every round, the median
// ratios API / limit and MCP / API (throughput and p99), then, unless BENCH_PARTS says otherwise,
// the PostgreSQL cost curve (bench-postgres.ts) and the memory soak (bench-memory.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fork, spawnSync } from "node:child_process";
import type autocannon from "autocannon";
import { benchWorld } from "./support/bench-world";
import { startServer } from "./support/start-server";
import { postgresMissingReason } from "./support/postgres";
import { benchCall, openBenchSession, type Door } from "./support/bench-calls";
import { CONNECTIONS, DURATION_S, measure, median, ROUNDS, type Run } from "./support/bench-measure";
import { webhooksCatchUp, webhooksScenario } from "./support/bench-webhooks";
import type { SdkFloor } from "./support/bench-sdk-floor";

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 100);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000);
const ONLY = process.env.BENCH_ONLY; // a scenario's name prefix, to measure one
const PARTS = (process.env.BENCH_PARTS ?? "doors,postgres,memory,check").split(",");
// deliveries queued at once for the webhooks catch-up
const CATCH_UP = Number(process.env.BENCH_WEBHOOKS_CATCH_UP ?? 5000);

type Target = "limit" | Door;
type Scenario = { name: string; connections?: number; targets: Partial<Record<Target, () => autocannon.Options>> };

async function doors(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-"));
  console.error(`[bench] seeding: ${BRANDS} brands, ${PEOPLE} people with keys, ${FILES} files`);
  const world = await benchWorld(dir, { brands: BRANDS, people: PEOPLE, files: FILES });
  // the webhooks scenario's receivers are on loopback (scripts/support/bench-webhooks.ts)
  const server = await startServer({ ...world.env, WEBHOOKS_ALLOW_LOOPBACK: "1" });
  // in its own process, as the service is: the load generator's event loop is not the server's
  const referenceProcess = fork(path.join(import.meta.dirname, "support/reference-main.ts"), [world.file]);
  const reference = await new Promise<{ url: string }>((resolve) =>
    referenceProcess.once("message", (message) => resolve(message as { url: string })),
  );
  try {
    const session = await openBenchSession(server.url, world.key);
    const args = { brand: "BENCH-1" };
    const everyDoor = (capability: string): Scenario["targets"] => ({
      limit: () => benchCall(reference.url, world.key, "api", capability, args),
      ...Object.fromEntries(
        (["api", "mcp 2026", "mcp 2025", "mcp session"] as const).map((door) => [
          door,
          () => benchCall(server.url, world.key, door, capability, args, session),
        ]),
      ),
    });
    let turn = 0;
    const keysInTurn = (base: string): autocannon.Options => ({
      ...benchCall(base, world.key, "api", "kit.read", args),
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const { key, brand } = world.keys[turn++ % world.keys.length]!;
            return {
              ...request,
              headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
              body: JSON.stringify({ brand }),
            };
          },
        },
      ],
    });
    const scenarios = (
      [
        { name: "kit.read", targets: everyDoor("kit.read") },
        {
          name: `library.search first page, ${FILES.toLocaleString("en")} files`,
          targets: everyDoor("library.search"),
        },
        {
          name: "kit.read, 100 connections",
          connections: 100,
          targets: {
            limit: () => benchCall(reference.url, world.key, "api", "kit.read", args),
            api: () => benchCall(server.url, world.key, "api", "kit.read", args),
          },
        },
        {
          name: `kit.read, the ${PEOPLE.toLocaleString("en")} keys of ${BRANDS} brands in turn`,
          targets: { limit: () => keysInTurn(reference.url), api: () => keysInTurn(server.url) },
        },
      ] satisfies Scenario[] as Scenario[]
    ).filter((scenario) => !ONLY || scenario.name.startsWith(ONLY));

    const results: { scenario: Scenario; rounds: Partial<Record<Target, Run>>[] }[] = [];
    for (const scenario of scenarios) {
      const rounds: Partial<Record<Target, Run>>[] = [];
      // interleaved rounds: a drift of the machine (a shared VM) touches every target alike
      for (let round = 1; round <= ROUNDS; round++) {
        const runs: Partial<Record<Target, Run>> = {};
        for (const [target, request] of Object.entries(scenario.targets)) {
          const pid = target === "limit" ? referenceProcess.pid : server.pid;
          runs[target as Target] = await measure(request(), scenario.connections, undefined, pid);
        }
        rounds.push(runs);
      }
      console.error(`[bench] ${scenario.name}: done`);
      results.push({ scenario, rounds });
    }
    const failed = report(results);
    const kitRead = results.find(({ scenario }) => scenario.name === "kit.read");
    if (kitRead) await sdkFloor(server.url, world.key, median(kitRead.rounds.map((round) => round.api!.cpuUs)));
    return failed + (!ONLY || ONLY.startsWith("webhooks") ? await webhooks(server.url, world.key, server.pid) : 0);
  } finally {
    referenceProcess.disconnect();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(results: { scenario: Scenario; rounds: Partial<Record<Target, Run>>[] }[]): number {
  let failed = 0;
  console.log(
    `\n## Doors: ${ROUNDS} rounds of ${DURATION_S} s per target (after 2 s of warm-up), ${CONNECTIONS} connections unless said, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    `database: SQLite, ${BRANDS} brands, ${PEOPLE} people with a key each, ${FILES.toLocaleString("en")} files in BENCH-1\n`,
  );
  console.log(
    "| scenario | target | req/s per round | p50 ms | p99 ms | server CPU µs per call |\n|---|---|---|---|---|---|",
  );
  for (const { scenario, rounds } of results) {
    for (const target of Object.keys(scenario.targets) as Target[]) {
      const runs = rounds.map((round) => round[target]!);
      const failedHere = runs.reduce((sum, run) => sum + run.failed, 0);
      failed += failedHere;
      // a target whose calls failed says so on its own row: its figures are not the door's
      const failedNote = failedHere > 0 ? ` (${failedHere} failed)` : "";
      console.log(
        `| ${scenario.name} | ${target}${failedNote} | ${runs.map((run) => run.rps.toFixed(0)).join(", ")} | ${median(runs.map((r) => r.p50))} | ${median(runs.map((r) => r.p99))} | ${median(runs.map((r) => r.cpuUs)).toFixed(0)} |`,
      );
    }
  }
  // each ratio per round (the two targets measured seconds apart), then the median of the rounds
  const ratio = (rounds: Partial<Record<Target, Run>>[], of: Target, to: Target, field: "rps" | "p99" | "cpuUs") =>
    median(rounds.map((round) => round[of]![field] / Math.max(round[to]![field], 1)));
  // CPU per call the other way round (the cheaper side over the dearer): comparable with throughput
  const cpu = (rounds: Partial<Record<Target, Run>>[], of: Target, to: Target) =>
    (1 / ratio(rounds, of, to, "cpuUs")).toFixed(2);
  console.log(
    "\n| scenario | ratio | throughput, median of rounds | p99, median of rounds | CPU per call, inverse |\n|---|---|---|---|---|",
  );
  for (const { scenario, rounds } of results) {
    const targets = Object.keys(scenario.targets) as Target[];
    console.log(
      `| ${scenario.name} | API / limit (aim >= 0.4) | **${ratio(rounds, "api", "limit", "rps").toFixed(2)}** | ${ratio(rounds, "api", "limit", "p99").toFixed(2)} | ${cpu(rounds, "api", "limit")} |`,
    );
    for (const door of targets.filter((target) => target.startsWith("mcp"))) {
      console.log(
        `| ${scenario.name} | ${door} / API (aim >= 0.9, p99 <= 1.5) | **${ratio(rounds, door, "api", "rps").toFixed(2)}** | ${ratio(rounds, door, "api", "p99").toFixed(2)} | ${cpu(rounds, door, "api")} |`,
      );
    }
  }
  return failed;
}

/**
 * What the SDK alone costs a tools/call of kit_read, and what the MCP answer itself costs beyond
 * the API door's (scripts/support/bench-sdk-floor.ts), against what the aim MCP / API >= 0.9
 * leaves the MCP door: a door whose calls cost C µs of CPU serves at most 1/C calls per CPU
 * second, so the MCP door may add at most apiCpuUs × (1/0.9 − 1), about 11 %, for everything it
 * does that the API door does not.
 */
async function sdkFloor(base: string, key: string, apiCpuUs: number): Promise<void> {
  const answer = await fetch(`${base}/api/v1/kit.read`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1" }),
  });
  const { data } = (await answer.json()) as { data: Record<string, unknown> };
  const child = fork(path.join(import.meta.dirname, "support/sdk-floor-main.ts"));
  const floor = await new Promise<SdkFloor>((resolve, reject) => {
    child.once("message", (message) => resolve(message as SdkFloor));
    child.once("exit", (code) => reject(new Error(`the SDK floor's process ended (${code})`)));
    child.send({ data, rounds: ROUNDS });
  });
  const budget = apiCpuUs * (1 / 0.9 - 1);
  const us = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
  console.log(
    `\n| kit_read through the MCP door, apart from the door (${ROUNDS} rounds) | the SDK's own µs per call | the MCP answer's own µs (text copy, JSON-RPC) | sum of medians | what MCP / API >= 0.9 leaves the MCP door (API door: ${apiCpuUs.toFixed(0)} µs a call) |\n|---|---|---|---|---|`,
  );
  for (const [era, label] of [
    ["modern", "2026-07-28, stateless"],
    ["legacy", "2025-era, no session"],
  ] as const) {
    const sum = median(floor[era]) + median(floor.answer[era]);
    console.log(
      `| ${label} | ${us(floor[era])} | ${us(floor.answer[era])} | **${sum.toFixed(0)}** | ${budget.toFixed(0)} |`,
    );
  }
}

/** A write's throughput with 10 endpoints subscribed to its event, over the same write without any. */
async function webhooks(base: string, key: string, serverPid: number): Promise<number> {
  const hooks = await webhooksScenario(base, key, "bench@bench.example", {
    seconds: DURATION_S,
    rounds: ROUNDS,
    connections: CONNECTIONS,
  });
  console.log(
    "\n| webhooks: questions.ask, API door | no endpoint req/s | 10 endpoints req/s | ratio (aim >= 0.8) |\n|---|---|---|---|",
  );
  for (const [index, round] of hooks.rounds.entries())
    console.log(
      `| round ${index + 1} | ${round.quiet.rps.toFixed(0)} | ${round.hooked.rps.toFixed(0)} | ${hooks.ratios[index]!.toFixed(2)} |`,
    );
  console.log(
    `median ratio ${median(hooks.ratios).toFixed(2)}; delivery lag over the bursts' ${hooks.deliveries} deliveries (queued faster than sent, then caught up): p50 ${hooks.lagP50} ms, p99 ${hooks.lagP99} ms`,
  );
  console.log(
    `webhooks at a steady ${hooks.steady.rate} writes/s for ${hooks.steady.seconds} s, 10 endpoints: delivery lag p99 ${hooks.steady.lagP99} ms over ${hooks.steady.deliveries} deliveries (aim < 2000)`,
  );
  const catchUp = await webhooksCatchUp(base, key, "bench@bench.example", serverPid, CATCH_UP);
  console.log(
    `webhooks catch-up (${catchUp.database}, one instance, 10 endpoints, loopback receiver): ${CATCH_UP} queued deliveries sent in ${catchUp.seconds.toFixed(2)} s, ${catchUp.perSecond.toFixed(0)} deliveries/s (aim >= 500), ${(catchUp.cpuUsPerDelivery / 1000).toFixed(2)} ms of the server's CPU per delivery`,
  );
  const fromEvents = await webhooksCatchUp(base, key, "bench@bench.example", serverPid, CATCH_UP, "events");
  console.log(
    `webhooks catch-up from the events table (${fromEvents.database}, fan-out and sending): ${CATCH_UP / 10} events owed to 10 endpoints, ${CATCH_UP} deliveries made and sent in ${fromEvents.seconds.toFixed(2)} s, ${fromEvents.perSecond.toFixed(0)} deliveries/s (aim >= 500), ${(fromEvents.cpuUsPerDelivery / 1000).toFixed(2)} ms of the server's CPU per delivery`,
  );
  const lost = catchUp.deliveries < CATCH_UP || fromEvents.deliveries < CATCH_UP ? 1 : 0;
  return lost + hooks.rounds.reduce((sum, round) => sum + round.quiet.failed + round.hooked.failed, 0);
}

/** Why the distributed parts cannot run here (no PostgreSQL or Redis binaries, and no servers named), if so. */
function distributedMissing(): string | undefined {
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL) return undefined;
  const postgres = process.env.BENCH_DATABASE_URL ? undefined : postgresMissingReason();
  const redis =
    process.env.BENCH_REDIS_URL || spawnSync(process.env.REDIS_SERVER_BIN ?? "redis-server", ["--version"]).status === 0
      ? undefined
      : "redis-server not found: install Debian's `redis-server`";
  return postgres ?? redis;
}

let failed = 0;
if (PARTS.includes("doors")) failed += await doors();
const missing = PARTS.some((part) => part !== "doors") ? distributedMissing() : undefined;
// a newcomer's machine without them still gets the doors and the embedded memory figures
if (missing)
  console.log(
    `\nPostgreSQL cost curve and the distributed memory figures skipped: ${missing} (or set BENCH_DATABASE_URL and BENCH_REDIS_URL)`,
  );
if (PARTS.includes("postgres") && !missing) failed += await (await import("./support/bench-postgres")).benchPostgres();
// not among the default parts: a run of its own (BENCH_PARTS=webhooks-postgres), see bench-webhooks-postgres.ts
if (PARTS.includes("webhooks-postgres") && !missing)
  failed += await (await import("./support/bench-webhooks-postgres")).benchWebhooksPostgres(webhooks);
if (PARTS.includes("memory"))
  failed += await (await import("./support/bench-memory")).benchMemory(missing ? ["embedded"] : undefined);
// brand.check's p95 for a 1,000-word text and a 2,000 × 2,000 PNG; BENCH_ONLY=brand.check measures it alone
if (PARTS.includes("check") && (!ONLY || ONLY.startsWith("brand.check")))
  failed += await (await import("./support/bench-check")).benchCheck();
if (failed > 0) {
  console.log(`WARNING: ${failed} calls failed or were not 2xx; the figures are not valid`);
  process.exitCode = 1;
}
