// What a per-key rate-limit store answers: the in-process one (rate-limit.ts) and the one shared
// through Redis (rate-limit-redis.ts) keep the same promise, so either serves every caller.

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };
export type RateLimitDecision = RateLimitState & { allowed: boolean; retryAfterSeconds: number };

export interface RateLimitStore {
  /** `windowMs`: 60 s unless a limit counts over a longer span (voice session starts per hour) */
  hit(key: string, limit: number, nowMs: number, windowMs?: number): Promise<RateLimitDecision>;
}
