// When a failed delivery is tried again: Svix's published schedule (immediately, 5 s, 5 min,
// 30 min, 2 h, 5 h, 10 h, 10 h) stretched with 10-hour waits to three days, the last one cut
// so the final attempt falls 72 hours after the first. Each wait varies by ±20 % (jitter), so
// receivers that failed together are not all retried at the same instant. After the last attempt
// fails, the endpoint is disabled with the reason (lib/webhooks/record.ts). While newer deliveries
// wait behind a failed one, it is also tried on a shorter cadence (backlogWait) that does not count
// as one of the schedule's attempts.
import { config } from "../config";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The waits after attempt 1, 2, …; 13 attempts in all. */
export const RETRY_WAITS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  72 * HOUR - (5 * SECOND + 35 * MINUTE + 67 * HOUR),
];

export const MAX_ATTEMPTS = RETRY_WAITS_MS.length + 1;

/** The wait after this many failed attempts, or null once the schedule ran out. */
export function waitAfter(failedAttempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_WAITS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  const jitter = 0.8 + 0.4 * random();
  return Math.round(base * jitter * config().WEBHOOKS_RETRY_SCALE);
}

/** The shortest wait of the backlog cadence below. */
export const BACKLOG_RETRY_MIN_MS = SECOND;

/**
 * The wait before a failed delivery is tried again while newer deliveries wait behind it: a tenth
 * of the time its endpoint has been failing, at least a second, and never past the schedule's own
 * next attempt. A receiver back after an outage of a minute gets the queue within seconds, while
 * one that stays down is tried less and less often (about 130 tries over three days, beside the
 * schedule's 13). Not scaled by WEBHOOKS_RETRY_SCALE: the schedule's time caps it.
 */
export function backlogWait(failingForMs: number, untilScheduledMs: number): number {
  return Math.max(0, Math.min(Math.max(BACKLOG_RETRY_MIN_MS, failingForMs / 10), untilScheduledMs));
}
