// The retry schedule integrators read in the guide: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, then
// 10 h waits, the last attempt 72 hours after the first; each wait ±20 %; then disabled.
import { describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import {
  BACKLOG_RETRY_MIN_MS,
  backlogWait,
  MAX_ATTEMPTS,
  RETRY_WAITS_MS,
  waitAfter,
} from "../../lib/webhooks/schedule";
import { timeOrderedId } from "../../lib/webhooks/ids";

const HOUR = 3600_000;

describe("webhook retry schedule", () => {
  it("spans exactly three days in 13 attempts, as documented", () => {
    expect(MAX_ATTEMPTS).toBe(13);
    expect(RETRY_WAITS_MS.slice(0, 6)).toEqual([5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR]);
    expect(RETRY_WAITS_MS.reduce((sum, wait) => sum + wait, 0)).toBe(72 * HOUR);
  });

  it("varies each wait by ±20 % and ends after the last attempt", () => {
    const scale = config().WEBHOOKS_RETRY_SCALE;
    expect(waitAfter(4, () => 0)).toBe(Math.round(2 * HOUR * 0.8 * scale));
    expect(waitAfter(4, () => 1)).toBe(Math.round(2 * HOUR * 1.2 * scale));
    expect(waitAfter(12, () => 0.5)).toBe(Math.round(RETRY_WAITS_MS[11]! * scale));
    expect(waitAfter(13)).toBeNull();
  });

  it("while newer deliveries wait: a tenth of the outage, at least a second, never past the schedule", () => {
    expect(BACKLOG_RETRY_MIN_MS).toBe(1_000);
    expect(backlogWait(3_000, HOUR)).toBe(1_000);
    // a minute's outage: the head is tried again within 6 s of the receiver's return
    expect(backlogWait(60_000, HOUR)).toBe(6_000);
    expect(backlogWait(HOUR, 5 * HOUR)).toBe(360_000);
    expect(backlogWait(30 * HOUR, 2 * HOUR)).toBe(2 * HOUR);
    expect(backlogWait(60_000, 200)).toBe(200);
  });

  it("delivery ids sort in the order they were made, within one millisecond too", () => {
    const ids = Array.from({ length: 500 }, () => timeOrderedId(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
  });
});
