import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../../lib/core/rate-limit";

describe("per-key sliding window: at most N calls in any 60 seconds", () => {
  it("allows N, refuses the next with the seconds until a slot frees", async () => {
    const store = new MemoryRateLimitStore();
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      const decision = await store.hit("k", 3, t0 + i * 10_000);
      expect(decision).toMatchObject({ allowed: true, limit: 3, remaining: 2 - i });
    }
    const refused = await store.hit("k", 3, t0 + 30_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
  });

  it("gives slots back continuously, one per call that leaves the window", async () => {
    const store = new MemoryRateLimitStore();
    const t0 = 5_000_000;
    await store.hit("k", 2, t0);
    await store.hit("k", 2, t0 + 20_000);
    expect((await store.hit("k", 2, t0 + 59_999)).allowed).toBe(false);
    expect((await store.hit("k", 2, t0 + 60_000)).allowed).toBe(true); // the first call left the window
    expect((await store.hit("k", 2, t0 + 60_001)).allowed).toBe(false);
    expect((await store.hit("k", 2, t0 + 80_000)).allowed).toBe(true);
  });

  it("never lets more than N through in any 60-second span, unlike a fixed window", async () => {
    const store = new MemoryRateLimitStore();
    const accepted: number[] = [];
    // a burst at the end of one minute and at the start of the next
    for (let t = 0; t < 180_000; t += 250) if ((await store.hit("k", 10, t)).allowed) accepted.push(t);
    for (const start of accepted) {
      expect(accepted.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(10);
    }
    expect(accepted.length).toBe(30);
  });

  it("does not count refused calls, and keeps keys apart", async () => {
    const store = new MemoryRateLimitStore();
    await store.hit("a", 1, 0);
    for (let i = 1; i < 50; i++) expect((await store.hit("a", 1, i * 1000)).allowed).toBe(false);
    expect((await store.hit("a", 1, 60_000)).allowed).toBe(true);
    expect((await store.hit("b", 1, 1)).allowed).toBe(true);
  });

  it("counts over a longer window when asked (voice session starts per hour), kept past the minute's sweep", async () => {
    const store = new MemoryRateLimitStore();
    const HOUR = 3600_000;
    expect((await store.hit("starts", 2, 0, HOUR)).allowed).toBe(true);
    expect((await store.hit("starts", 2, 1000, HOUR)).allowed).toBe(true);
    // another key's call after a minute sweeps idle one-minute keys, not this one
    await store.hit("other", 1, 120_000);
    const refused = await store.hit("starts", 2, 30 * 60_000, HOUR);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 30 * 60 });
    expect((await store.hit("starts", 2, HOUR, HOUR)).allowed).toBe(true);
  });
});
