// Measuring with autocannon for the benchmarks: a warm-up, then one measured run, and medians.
import autocannon from "autocannon";

export type Run = { rps: number; p50: number; p99: number; failed: number };

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** One target measured: 2 s of warm-up (JIT, caches, connections), then `seconds`. */
export async function measure(options: autocannon.Options, connections = CONNECTIONS, seconds = DURATION_S): Promise<Run> {
  await autocannon({ ...options, duration: 2, connections });
  const result = await autocannon({ ...options, duration: seconds, connections });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
