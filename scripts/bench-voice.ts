// npm run bench:voice: the server's overhead of a voice tool call. kit.read through the Voice
// door's call route (session cookie, Origin check, tool name → capability, the pipeline with door
// voice, the envelope) against kit.read through the API door (key, the same pipeline), same
// server, interleaved rounds: p50/p99 latency and their ratio. The voice model's own time is not
// in it (that is the provider's); this is what our server adds to each call the model makes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchWorld } from "./support/bench-world";
import { startServer } from "./support/start-server";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = "bench password 1234";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-voice-"));
const { env, key } = await benchWorld(dir, { password: PASSWORD });
const server = await startServer(env);
type Run = { name: string; rps: number; p50: number; p99: number; bad: number };

async function measure(name: string, options: autocannon.Options): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections: CONNECTIONS });
  const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

try {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: "bench@bench.example", password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const api: autocannon.Options = {
    url: `${server.url}/api/v1/kit.read`,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1" }),
  };
  const voice: autocannon.Options = {
    url: `${server.url}/api/voice/call`,
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: JSON.stringify({ brand: "BENCH-1", name: "kit_read", arguments: "{}", callId: "call_bench" }),
  };
  const check = await fetch(voice.url as string, {
    method: "POST",
    headers: voice.headers as Record<string, string>,
    body: voice.body as string,
  });
  if (!(await check.text()).includes('"status":"ok"')) throw new Error("the voice call route did not answer kit.read");
  const rounds: { api: Run; voice: Run }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    rounds.push({
      api: await measure(`kit.read via API door, round ${round}`, api),
      voice: await measure(`kit.read via voice call route, round ${round}`, voice),
    });
  }
  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per route, Node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log("| route | req/s | p50 ms | p99 ms | failed |\n|---|---|---|---|---|");
  for (const run of rounds.flatMap(({ api, voice }) => [api, voice]))
    console.log(`| ${run.name} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.bad} |`);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const p50 = median(rounds.map((r) => r.voice.p50 / Math.max(r.api.p50, 0.1)));
  const p99 = median(rounds.map((r) => r.voice.p99 / Math.max(r.api.p99, 0.1)));
  const rps = median(rounds.map((r) => r.voice.rps / r.api.rps));
  console.log(
    `\nmedian ratios voice / API: p50 ${p50.toFixed(2)}, p99 ${p99.toFixed(2)}, throughput ${rps.toFixed(2)}`,
  );
  if (rounds.some((r) => r.api.bad + r.voice.bad > 0)) {
    console.log("WARNING: some calls failed or were not 2xx; the figures are not valid");
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
