// npm run bench:library: library.search through the whole API door on a library of 1,000 files
// and on one of 100,000, in one run, same machine, same settings. Each library has its own
// database and server; the two are measured in interleaved rounds, scenario by scenario, and the
// p50 and p99 latencies of the large library are divided by the small one's. Aim: within 2x.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer, type RunningServer } from "./support/start-server";
import { benchWorld } from "./support/bench-world";

const SIZES = [1_000, 100_000];
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Library = { size: number; dir: string; server: RunningServer; key: string; deepCursor?: string };

/** A database with one brand, its admin's key, and `size` files (bench-world.ts). */
async function library(size: number): Promise<Library> {
  const dir = mkdtempSync(path.join(tmpdir(), `brand-ops-bench-library-${size}-`));
  const { env, key } = await benchWorld(dir, { files: size });
  return { size, dir, key, server: await startServer(env) };
}

// every case a search box meets; the last reads every name (see search-sql.ts) and is shown, not aimed at
const SCENARIOS: { name: string; body: (lib: Library) => Record<string, unknown>; typical: boolean }[] = [
  { name: "first page, no filter", body: () => ({}), typical: true },
  { name: "type image", body: () => ({ type: "image" }), typical: true },
  { name: "category menus", body: () => ({ category: "Menus" }), typical: true },
  { name: "query 'latte' (1 name in 10)", body: () => ({ query: "latte" }), typical: true },
  { name: "query 'roast' + type video", body: () => ({ query: "roast", type: "video" }), typical: true },
  { name: "page in the middle (cursor)", body: (lib) => ({ cursor: lib.deepCursor }), typical: true },
  { name: "query ' 742.' (one file)", body: () => ({ query: " 742." }), typical: true },
  { name: "query matching nothing", body: () => ({ query: "zebra" }), typical: true },
  { name: "two letters matching nothing", body: () => ({ query: "zq" }), typical: false },
];

const post = (lib: Library, body: Record<string, unknown>) =>
  fetch(`${lib.server.url}/api/v1/library.search`, {
    method: "POST",
    headers: { authorization: `Bearer ${lib.key}`, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1", ...body }),
  }).then(
    (response) => response.json() as Promise<{ ok: boolean; data: { items: unknown[]; nextCursor: string | null } }>,
  );

/** Follows nextCursor to the middle of the approved files, as a client paging through would. */
async function middleCursor(lib: Library): Promise<string> {
  let cursor: string | undefined;
  for (let seen = 0; seen < (lib.size * 0.8) / 2; seen += 50) {
    const page = await post(lib, { limit: 50, ...(cursor ? { cursor } : {}) });
    if (!page.ok || !page.data.nextCursor) throw new Error(`paging failed: ${JSON.stringify(page).slice(0, 200)}`);
    cursor = page.data.nextCursor;
  }
  return cursor!;
}

async function measure(lib: Library, body: Record<string, unknown>) {
  const options = {
    url: `${lib.server.url}/api/v1/library.search`,
    method: "POST" as const,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${lib.key}`, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1", ...body }),
  };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, statement cache, page cache
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failed: result.non2xx + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const libraries: Library[] = [];
try {
  for (const size of SIZES) libraries.push(await library(size));
  for (const lib of libraries) {
    lib.deepCursor = await middleCursor(lib);
    const check = await post(lib, {});
    if (!check.ok || check.data.items.length !== 20)
      throw new Error(`library.search answered ${JSON.stringify(check).slice(0, 200)}`);
  }
  const [small, large] = libraries as [Library, Library];
  type Figures = Awaited<ReturnType<typeof measure>>;
  const runs = new Map<string, { small: Figures[]; large: Figures[] }>(
    SCENARIOS.map((s) => [s.name, { small: [], large: [] }]),
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const scenario of SCENARIOS) {
      runs.get(scenario.name)!.small.push(await measure(small, scenario.body(small)));
      runs.get(scenario.name)!.large.push(await measure(large, scenario.body(large)));
    }
    console.error(`[bench] round ${round}/${ROUNDS} done`);
  }
  console.log(
    `\nlibrary.search via the API door: ${small.size.toLocaleString("en")} vs ${large.size.toLocaleString("en")} files; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per scenario and size (medians over rounds), Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    `| scenario | p50 ms 1k | p99 ms 1k | p50 ms 100k | p99 ms 100k | req/s 1k | req/s 100k | p50 ratio | p99 ratio |\n|---|---|---|---|---|---|---|---|---|`,
  );
  const typical: { p50: number; p99: number }[] = [];
  let failed = 0;
  for (const scenario of SCENARIOS) {
    const { small: s, large: l } = runs.get(scenario.name)!;
    failed += [...s, ...l].reduce((sum, run) => sum + run.failed, 0);
    const row = {
      p50s: median(s.map((r) => r.p50)),
      p99s: median(s.map((r) => r.p99)),
      p50l: median(l.map((r) => r.p50)),
      p99l: median(l.map((r) => r.p99)),
    };
    const ratio = { p50: row.p50l / Math.max(row.p50s, 1), p99: row.p99l / Math.max(row.p99s, 1) };
    if (scenario.typical) typical.push(ratio);
    console.log(
      `| ${scenario.name}${scenario.typical ? "" : " (not in the aim: reads every name)"} | ${row.p50s} | ${row.p99s} | ${row.p50l} | ${row.p99l} | ${median(s.map((r) => r.rps)).toFixed(0)} | ${median(l.map((r) => r.rps)).toFixed(0)} | ${ratio.p50.toFixed(2)} | ${ratio.p99.toFixed(2)} |`,
    );
  }
  const worst = { p50: Math.max(...typical.map((r) => r.p50)), p99: Math.max(...typical.map((r) => r.p99)) };
  console.log(
    `\nworst ratio 100k / 1k over the ${typical.length} typical scenarios: p50 ${worst.p50.toFixed(2)}, p99 ${worst.p99.toFixed(2)} (aim: <= 2.00)`,
  );
  if (failed > 0) {
    console.log(`WARNING: ${failed} calls failed or were not 2xx; the figures are not valid`);
    process.exitCode = 1;
  }
} finally {
  for (const lib of libraries) {
    await lib.server.stop();
    rmSync(lib.dir, { recursive: true, force: true });
  }
}
