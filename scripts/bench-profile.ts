// npm run bench:profile: where one call's time goes. Starts the server as `npm start` serves it
// under Node's CPU profiler, drives one call (kit.read through the API door, or with
// PROFILE_CALL=mcp tools/call kit_read through the MCP door, protocol 2026-07-28; mcp-2025 without
// a session, mcp-session on a 2025-era session) for PROFILE_SECONDS, stops it, and
// reads the profile: each sample is given to the innermost pipeline step on its stack (the
// functions below), else to what it is (framework, runtime, garbage collection). Prints the share
// of each and the microseconds per call it stands for.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchWorld } from "./support/bench-world";
import { startServer } from "./support/start-server";
import { benchCall, openBenchSession, type Door } from "./support/bench-calls";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
// 10 as the benchmark; 1 lets the server and the load generator take turns on the two cores, so a
// sample is not stretched by the server waiting for a core (the profiler counts that wait as work)
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const CALLS = { api: "api", mcp: "mcp 2026", "mcp-2025": "mcp 2025", "mcp-session": "mcp session" } as const;
const CALL = process.env.PROFILE_CALL ?? "api";
if (!(CALL in CALLS)) throw new Error(`PROFILE_CALL: one of ${Object.keys(CALLS).join(", ")}, not ${CALL}`);
const DOOR: Door = CALLS[CALL as keyof typeof CALLS];

/** [step, file (end of the URL), function names]: the innermost match on a sample's stack wins. */
const STEPS: [string, string, string[]][] = [
  [
    "HTTP ⇄ Request/Response (bridge)",
    "lib/http/node-bridge.ts",
    ["toWebRequest", "bodyStream", "sendWebResponse", "start", "pull", "write"],
  ],
  ["HTTP body read and JSON answer written (node:http)", "lib/http/node-bridge.ts", []],
  ["door routing", "lib/doors/server.ts", ["doorFor"]],
  ["body read and JSON parse", "lib/doors/api.ts", ["readJsonBody"]],
  ["envelope and headers (JSON answer)", "lib/doors/api.ts", ["handleApiCall", "answerApiCall", "headersOf"]],
  ["MCP door: transport and JSON-RPC", "lib/mcp/http.ts", ["handleMcp", "legacyStateless", "readMessage"]],
  ["MCP door: pooled servers", "lib/mcp/server-pool.ts", []],
  ["MCP quick path: body read, JSON parse, answer written", "lib/doors/mcp-post.ts", []],
  ["MCP quick path: routing, Host, caller", "lib/mcp/quick.ts", []],
  ["MCP quick path: the exchange (ids, callers in flight)", "lib/mcp/exchange.ts", []],
  [
    "MCP SDK: classification (classifyInboundRequest)",
    "@modelcontextprotocol/server/dist/",
    ["classifyInboundRequest"],
  ],
  [
    "MCP SDK: session transport (Streamable HTTP, JSON-RPC schema)",
    "@modelcontextprotocol/server/dist/index.mjs",
    ["handleRequest", "handlePostRequest", "validateSession", "validateProtocolVersion"],
  ],
  ["MCP SDK: stdio entry (2026 exchange)", "@modelcontextprotocol/server/dist/stdio.mjs", []],
  ["MCP SDK: dispatch, tool input and result checks, encoding", "@modelcontextprotocol/server/dist/", []],
  ["MCP door: who calls (key or token)", "lib/mcp/auth.ts", ["authenticateMcp"]],
  ["MCP door: tools (registration, result)", "lib/doors/mcp.ts", []],
  ["MCP door: origin check", "lib/mcp/origin.ts", []],
  ["authentication (key)", "lib/core/auth.ts", ["authenticate"]],
  ["rate limit", "lib/core/rate-limit.ts", []],
  ["input parsing (zod)", "lib/core/input.ts", []],
  ["brand access and role", "lib/core/access.ts", []],
  ["execution (kit reads, contrast)", "lib/capabilities/", ["execute"]],
  ["output check (zod)", "lib/core/invoke.ts", ["output"]],
  ["log line (pino)", "lib/core/call-log.ts", ["logCall"]],
  ["pipeline glue", "lib/core/invoke.ts", ["invoke", "run"]],
];

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

function stepOf(frame: Node["callFrame"]): string | undefined {
  for (const [step, file, names] of STEPS) {
    if (frame.url.includes(file) && (names.length === 0 || names.includes(frame.functionName))) return step;
  }
  return undefined;
}

/** What a sample outside every step is spent on, by its innermost frame. */
function otherOf(frame: Node["callFrame"]): string {
  if (frame.functionName === "(garbage collector)") return "garbage collection";
  if (frame.functionName === "(idle)") return "idle";
  if (frame.functionName === "(program)") return "runtime (V8, native)";
  if (frame.url.includes("node_modules/next/")) return "Next (pages and other routes)";
  if (frame.url.includes("node_modules/"))
    return `other libraries (${/node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1]})`;
  if (frame.url.startsWith("node:")) return "Node (HTTP parsing, sockets, streams, timers)";
  return "runtime (V8, native)";
}

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-profile-"));
const profiles = path.join(dir, "profiles");
const world = await benchWorld(dir);
const server = await startServer(world.env, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profiles}`] });
const session = DOOR === "mcp session" ? await openBenchSession(server.url, world.key) : undefined;
const options = benchCall(server.url, world.key, DOOR, "kit.read", { brand: "BENCH-1" }, session);
let calls = 0;
// the measured window in the monotonic clock the profile's timestamps use (the same in every
// process): start-up, module loading and the warm-up are left out
const window = { from: 0, to: 0 };
const now = () => Number(process.hrtime.bigint() / 1000n);
try {
  await autocannon({ ...options, duration: 3, connections: CONNECTIONS }); // warm-up: JIT, caches, connections
  window.from = now();
  const measured = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  window.to = now();
  calls = measured.requests.total;
  if (measured.non2xx + measured.errors > 0) throw new Error(`${measured.non2xx + measured.errors} calls failed`);
} finally {
  await server.stop();
}
const file = readdirSync(profiles).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(path.join(profiles, file), "utf8")) as Profile;
// PROFILE_OUT=<file>: keep the profile (Chrome DevTools or speedscope open it)
if (process.env.PROFILE_OUT) copyFileSync(path.join(profiles, file), process.env.PROFILE_OUT);
rmSync(dir, { recursive: true, force: true });

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const totals = new Map<string, number>();
const attribution = new Map<number, string>();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < window.from || at > window.to) continue;
  const id = profile.samples[i]!;
  let label = attribution.get(id);
  if (!label) {
    for (let node: number | undefined = id; node !== undefined && !label; node = parent.get(node))
      label = stepOf(byId.get(node)!.callFrame);
    label ??= otherOf(byId.get(id)!.callFrame);
    attribution.set(id, label);
  }
  totals.set(label, (totals.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const busy = [...totals].filter(([label]) => label !== "idle").reduce((sum, [, us]) => sum + us, 0);
const profiledCalls = calls;
console.log(
  `\nCPU profile of ${DOOR === "api" ? "kit.read through the API door" : `tools/call kit_read through the MCP door (${DOOR})`}, ${calls} calls in ${SECONDS} s (${CONNECTIONS} connection${CONNECTIONS === 1 ? "" : "s"}) after a 3 s warm-up, Node ${process.version}, ${new Date().toISOString()}`,
);
console.log(
  `busy CPU per call: ${(busy / profiledCalls).toFixed(0)} µs (idle: ${((100 * (totals.get("idle") ?? 0)) / (busy + (totals.get("idle") ?? 0))).toFixed(0)} % of the window)\n`,
);
console.log("| where | share of busy CPU | µs per call |\n|---|---|---|");
for (const [label, us] of [...totals]
  .filter(([label, us]) => label !== "idle" && us / busy >= 0.002)
  .sort((a, b) => b[1] - a[1])) {
  console.log(`| ${label} | ${((100 * us) / busy).toFixed(1)} % | ${(us / profiledCalls).toFixed(0)} |`);
}
