// What a per-key rate-limit store answers: the in-process one (rate-limit.ts) and the one shared
// through Redis (rate-limit-redis.ts) keep the same promise, so either serves every caller.

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };
export type RateLimitDecision = RateLimitState & { allowed: boolean; retryAfterSeconds: number };

export interface RateLimitStore {
  hit(key: string, limit: number, nowMs: number): Promise<RateLimitDecision>;
}
