// Measuring with autocannon for the benchmarks: a warm-up, then one measured run, and medians.
// Besides throughput and latency, a run gives the CPU time the serving process spent per call
// (utime + stime from /proc/<pid>/stat): on a machine shared with other work, throughput follows
// whatever else runs, but the CPU a call costs barely moves, so its ratios are the steadier figure.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

export type Run = { rps: number; p50: number; p99: number; failed: number; cpuUs: number };

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICK_US = 10_000; // Linux's USER_HZ is 100

/** The CPU time a process has used so far, in µs (NaN where /proc is not there). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return NaN;
  }
}

/** One target measured: 2 s of warm-up (JIT, caches, connections), then `seconds`; `pid` is the serving process. */
export async function measure(options: autocannon.Options, connections = CONNECTIONS, seconds = DURATION_S, pid?: number): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections });
  const before = cpuOf(pid);
  const result = await autocannon({ ...options, duration: seconds, connections });
  const cpuUs = (cpuOf(pid) - before) / Math.max(result.requests.total, 1);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors, cpuUs };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
