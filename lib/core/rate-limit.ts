// Per-key call rate: at most RATE_LIMIT_PER_MINUTE calls in any 60 seconds (docs/design.md, rate
// limit). A sliding log rather than rate-limiter-flexible's fixed windows, which let up to twice
// the limit through across a window boundary. Each counted call frees its slot 60 s later, so
// capacity comes back continuously. Refused calls are not counted, so a client that backs off
// recovers.
import { redis } from "../redis";
import { SharedRateLimitStore } from "./rate-limit-redis";
import type { RateLimitDecision, RateLimitStore } from "./rate-limit-store";

const WINDOW_MS = 60_000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, number[]>();
  /** keys counted over a window longer than a minute, and that window */
  private readonly windows = new Map<string, number>();
  private lastSweep = 0;

  async hit(key: string, limit: number, nowMs: number, windowMs = WINDOW_MS): Promise<RateLimitDecision> {
    this.sweep(nowMs);
    const log = this.logs.get(key) ?? [];
    while (log.length > 0 && log[0]! <= nowMs - windowMs) log.shift();
    const allowed = log.length < limit;
    if (allowed) log.push(nowMs);
    this.logs.set(key, log);
    if (windowMs !== WINDOW_MS) this.windows.set(key, windowMs);
    // when the oldest counted call leaves the window, one more call is possible
    const secondsUntilSlot = log.length > 0 ? Math.max(1, Math.ceil((log[0]! + windowMs - nowMs) / 1000)) : 1;
    return {
      allowed,
      limit,
      remaining: limit - log.length,
      resetSeconds: secondsUntilSlot,
      retryAfterSeconds: secondsUntilSlot,
    };
  }

  /** Forget keys idle for a whole window (their own, for the longer ones), so memory stays bounded by the active keys. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = nowMs;
    for (const [key, log] of this.logs) {
      const windowMs = this.windows.get(key) ?? WINDOW_MS;
      if (log.length === 0 || log.at(-1)! <= nowMs - windowMs) {
        this.logs.delete(key);
        this.windows.delete(key);
      }
    }
  }
}

const globalForLimiter = globalThis as unknown as { brandOpsRateLimit?: RateLimitStore };

/** Shared through Redis when REDIS_URL is set (rate-limit-redis.ts), else this process's memory. */
export function rateLimitStore(): RateLimitStore {
  if (globalForLimiter.brandOpsRateLimit) return globalForLimiter.brandOpsRateLimit;
  const client = redis();
  const memory = new MemoryRateLimitStore();
  globalForLimiter.brandOpsRateLimit = client ? new SharedRateLimitStore(client, memory) : memory;
  return globalForLimiter.brandOpsRateLimit;
}
