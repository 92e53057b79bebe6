// The PostgreSQL cost curve of `npm run bench`: the server as `npm start` serves it on
// the suite's private PostgreSQL and Redis (bench-pg-services.ts; or BENCH_DATABASE_URL and
// BENCH_REDIS_URL), on a library grown in place to each size of BENCH_PG_SIZES (1000, 100000 and
// 1000000 files across 10,000 brands; bench-pg-seed.ts). At each size, with BENCH_CONNECTIONS
// (10), BENCH_SECONDS each: kit.read, library.search's first page, a filtered search,
// questions.list, and one confirmed write (kit.instructions.update: the proposal, answered 409
// confirmation_required with its token, then the confirmed call). Prints p50/p99 and req/s per
// size, and the ratio of each p50 to the smallest size's (aim for search: <= 2 at 1M; every p99 < 50 ms),
// then the CPU each call cost the server, PostgreSQL (all its processes) and Redis: on a machine
// whose cores the three share with the load generator, throughput is bounded by their sum.
import { cpus, loadavg } from "node:os";
import type autocannon from "autocannon";
import { startServer } from "./start-server";
import { benchServices } from "./bench-pg-services";
import { growLibrary, pgWorld, BRANDS } from "./bench-pg-seed";
import { benchCall } from "./bench-calls";
import { explainSearch } from "./bench-pg-explain";
import { CONNECTIONS, DURATION_S, measure, type Run } from "./bench-measure";

// autocannon hands each request's context as `object`; the proposal leaves its token in it
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Token = Record<string, any>;
const SECTIONS = ["logos", "colors", "typography", "imagery", "general"];
const SIZES = (process.env.BENCH_PG_SIZES ?? "1000,100000,1000000").split(",").map(Number);

export async function benchPostgres(): Promise<number> {
  const services = await benchServices("curve");
  const world = await pgWorld(services.url);
  const server = await startServer(services.env);
  const brand = "BENCH-1";
  const call = (capability: string, args: Record<string, unknown>) =>
    benchCall(server.url, world.key, "api", capability, { brand, ...args });
  let unexpected = 0;
  // the sections in turn: ten connections writing one row would measure its lock, not the write
  let turn = 0;
  const confirmedWrite = (): autocannon.Options => {
    const proposal = call("kit.instructions.update", { section: "general", text: "Keep it simple." });
    return {
      ...proposal,
      requests: [
        {
          setupRequest: (request, context: Token) => ({
            ...request,
            body: JSON.stringify({
              brand,
              section: (context.section = SECTIONS[turn++ % SECTIONS.length]),
              text: "Keep it simple.",
            }),
          }),
          onResponse: (status, body, context: Token) =>
            void (context.token =
              status === 409 ? JSON.parse(body).error.confirmationToken : (unexpected++, undefined)),
        },
        {
          setupRequest: (request, context: Token) => ({
            ...request,
            body: JSON.stringify({
              brand,
              section: context.section,
              text: "Keep it simple.",
              confirmationToken: context.token,
            }),
          }),
          onResponse: (status) => void (status !== 200 && unexpected++),
        },
      ],
    };
  };
  const scenarios: [string, () => autocannon.Options][] = [
    ["kit.read", () => call("kit.read", {})],
    ["library.search first page", () => call("library.search", {})],
    ["library.search type image, query 'latte'", () => call("library.search", { type: "image", query: "latte" })],
    ["questions.list", () => call("questions.list", {})],
    ["kit.instructions.update, confirmed (proposal + call)", confirmedWrite],
  ];
  const curve = new Map<string, Run[]>(scenarios.map(([name]) => [name, []]));
  // the machine's load average (1 minute) at the end of each size's runs, this bench's own ~2
  // included: every cross-process round trip of a call (PostgreSQL, Redis) waits for a core, so on a
  // shared machine the latencies follow it
  const loads: number[] = [];
  let plans = "";
  let failed = 0;
  try {
    let files = 0;
    for (const size of SIZES) {
      console.error(`[bench] PostgreSQL: growing the library to ${size.toLocaleString("en")} files`);
      const started = Date.now();
      await growLibrary(world, files, size);
      console.error(`[bench] PostgreSQL: ${size - files} files in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      // the first size's runs start on a cold server and cold PostgreSQL caches: one run of each first
      if (files === 0) for (const [, options] of scenarios) await measure(options());
      files = size;
      for (const [name, options] of scenarios) {
        curve.get(name)!.push(await measure(options(), undefined, undefined, server.pid, services.pids));
      }
      loads.push(loadavg()[0]!);
      plans = await explainSearch(world.client, world.brandId);
    }
  } finally {
    if (process.env.BENCH_DEBUG)
      console.error(
        server
          .output()
          .split("\n")
          .filter((line) => !line.includes('"level":"info"') && !line.includes('"level":30'))
          .slice(0, 20)
          .join("\n"),
      );
    await server.stop();
    await world.client.end();
    await services.stop();
  }
  console.log(
    `\n## PostgreSQL cost curve: server on PostgreSQL + Redis, ${BRANDS.toLocaleString("en")} brands (BENCH-1 holds one file in ten), ${CONNECTIONS} connections, ${DURATION_S} s per size after 2 s of warm-up, ${new Date().toISOString()}\n`,
  );
  console.log(
    `| call | ${SIZES.map((size) => `${size.toLocaleString("en")} files: p50 / p99 ms, req/s`).join(" | ")} | p50 ratio largest / smallest |`,
  );
  console.log(`|---|${SIZES.map(() => "---|").join("")}---|`);
  for (const [name, runs] of curve) {
    // the write's proposals are 409s by design: its failures are counted by its own onResponse
    if (!name.startsWith("kit.instructions")) failed += runs.reduce((sum, run) => sum + run.failed, 0);
    const ratio = runs.length > 1 ? (runs.at(-1)!.p50 / Math.max(runs[0]!.p50, 1)).toFixed(2) : "–";
    console.log(
      `| ${name} | ${runs.map((run) => `${run.p50} / ${run.p99}, ${run.rps.toFixed(0)}${run.failed && !name.startsWith("kit.instructions") ? ` (${run.failed} failed)` : ""}`).join(" | ")} | ${ratio} |`,
    );
  }
  console.log(
    `| load average (1 min) after the size's runs, ${cpus().length} cores | ${loads.map((load) => load.toFixed(1)).join(" | ")} | |`,
  );
  console.log(
    `\n| call | ${SIZES.map((size) => `${size.toLocaleString("en")} files: CPU µs per call, server / PostgreSQL / Redis`).join(" | ")} |`,
  );
  console.log(`|---|${SIZES.map(() => "---|").join("")}`);
  const us = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? "–" : value.toFixed(0));
  for (const [name, runs] of curve)
    console.log(
      `| ${name} | ${runs.map((run) => `${us(run.cpuUs)} / ${us(run.cpuUsOf.postgres)} / ${us(run.cpuUsOf.redis)}`).join(" | ")} |`,
    );
  console.log(
    `\nPlans of library.search's pages at ${SIZES.at(-1)!.toLocaleString("en")} files (EXPLAIN ANALYZE, BENCH-1):\n\n\`\`\`\n${plans}\n\`\`\``,
  );
  if (unexpected > 0)
    console.log(
      `WARNING: ${unexpected} confirmed writes did not go through (a proposal without its 409, or a confirmed call not 200)`,
    );
  return failed + unexpected;
}
