// Measuring with autocannon for the benchmarks: a warm-up, then one measured run, and medians.
// Besides throughput and latency, a run gives the CPU time the serving process spent per call
// (utime + stime from /proc/<pid>/stat): on a machine shared with other work, throughput follows
// whatever else runs, but the CPU a call costs barely moves, so its ratios are the steadier figure.
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";

export type Run = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  cpuUs: number;
  cpuUsOf: Record<string, number>;
};

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TICK_US = 10_000; // Linux's USER_HZ is 100

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (undefined once it has ended). */
function statOf(pid: number | string): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return undefined;
  }
}

/** The CPU time a process has used so far, in µs (NaN where /proc is not there). */
export function cpuOf(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statOf(pid);
  // utime and stime are the 12th and 13th of those fields
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_US : NaN;
}

/** A process and its live children (PostgreSQL's backends are children of its server process). */
function cpuWithChildren(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  let total = cpuOf(pid);
  for (const entry of readdirSync("/proc")) {
    if (/^\d+$/.test(entry) && statOf(entry)?.[1] === String(pid)) total += cpuOf(Number(entry)) || 0;
  }
  return total;
}

/**
 * One target measured: 2 s of warm-up (JIT, caches, connections), then `seconds`; `pid` is the
 * serving process, `others` the processes serving it (a database, Redis: each with its children),
 * whose CPU per call the run gives too. A backend that ends mid-run takes its CPU with it.
 */
export async function measure(
  options: autocannon.Options,
  connections = CONNECTIONS,
  seconds = DURATION_S,
  pid?: number,
  others: Record<string, number | undefined> = {},
): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections });
  const readOthers = () =>
    Object.fromEntries(Object.entries(others).map(([name, other]) => [name, cpuWithChildren(other)]));
  const [before, othersBefore] = [cpuOf(pid), readOthers()];
  const result = await autocannon({ ...options, duration: seconds, connections });
  const [after, othersAfter] = [cpuOf(pid), readOthers()];
  const calls = Math.max(result.requests.total, 1);
  const cpuUsOf = Object.fromEntries(
    Object.keys(others).map((name) => [name, (othersAfter[name]! - othersBefore[name]!) / calls]),
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    cpuUs: (after - before) / calls,
    cpuUsOf,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
