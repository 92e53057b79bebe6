// The per-key limit shared by every instance through Redis (REDIS_URL), with the same semantics as
// the in-process store: at most N counted calls in any 60 seconds, refused calls not counted.
//
// Not rate-limiter-flexible: its Redis limiter is a fixed window (a counter created with a TTL on
// the first call, lib/RateLimiterRedis.js), which lets up to 2N through across a window boundary,
// and it counts refused calls too, so a client that keeps retrying never recovers. Neither can be
// configured away, so the sliding log lives in one Lua script: one sorted set of call times per
// key, trimmed, counted and added to atomically, so concurrent instances cannot both take the
// last slot. Time is Redis's own clock (TIME), one clock for every instance whatever their skew.
//
// While Redis cannot answer, calls are limited in-process (per instance) instead of failing or
// waiting; the client reconnects by itself and the next call that finds it ready is shared again.
// The switch is logged once each way. Calls counted in-process during an outage are not copied
// to Redis when it returns.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { log } from "../log";
import { redisReady } from "../redis";
import type { RateLimitDecision, RateLimitStore } from "./rate-limit-store";

const WINDOW_MS = 60_000;
// after a failed command (a timeout: Redis stalled but the socket is open), calls skip Redis this
// long, so a stalled Redis costs one command timeout a second rather than one per call
const RETRY_AFTER_FAILURE_MS = 1000;
const PREFIX = "brandops:rl:";

const SLIDING_LOG = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
local untilSlot = 0
if count > 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  untilSlot = tonumber(oldest[2]) + window - now
end
return {allowed, count, untilSlot}
`;

type SlidingLogClient = Redis & {
  brandOpsSlidingLog(key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number]>;
};

export class SharedRateLimitStore implements RateLimitStore {
  private readonly client: SlidingLogClient;
  private using: "redis" | "in-process" | undefined;
  private skipRedisUntil = 0;

  constructor(
    client: Redis,
    private readonly fallback: RateLimitStore,
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once after Redis lost its script cache
    client.defineCommand("brandOpsSlidingLog", { numberOfKeys: 1, lua: SLIDING_LOG });
    this.client = client as SlidingLogClient;
  }

  async hit(key: string, limit: number, nowMs: number, windowMs = WINDOW_MS): Promise<RateLimitDecision> {
    if (redisReady(this.client) && Date.now() >= this.skipRedisUntil) {
      try {
        const [allowed, count, untilSlotMs] = await this.client.brandOpsSlidingLog(
          PREFIX + key,
          limit,
          windowMs,
          randomUUID(),
        );
        this.switchTo("redis");
        const seconds = count > 0 ? Math.max(1, Math.ceil(untilSlotMs / 1000)) : 1;
        return {
          allowed: allowed === 1,
          limit,
          remaining: limit - count,
          resetSeconds: seconds,
          retryAfterSeconds: seconds,
        };
      } catch (error) {
        this.skipRedisUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
        this.switchTo("in-process", error);
      }
    } else if (!redisReady(this.client)) {
      this.switchTo("in-process", new Error(`Redis connection is ${this.client.status}`));
    }
    return this.fallback.hit(key, limit, nowMs, windowMs);
  }

  private switchTo(next: "redis" | "in-process", error?: unknown): void {
    if (this.using === next) return;
    const first = this.using === undefined;
    this.using = next;
    if (next === "redis")
      log.info(
        { component: "rate-limit", store: "redis" },
        first ? "rate limits shared through Redis" : "Redis is back: rate limits shared through Redis again",
      );
    else
      log.warn(
        { component: "rate-limit", store: "in-process", err: error },
        "Redis unreachable: rate limits kept in-process until it returns",
      );
  }
}
