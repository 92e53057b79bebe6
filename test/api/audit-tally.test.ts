// The audit trail cannot be grown by anyone who can reach the server: writes refused
// before a caller is let through (no key, a bad key, a session gone) are tallied, one entry per
// hour, door, capability and outcome with a count, not one entry each; and the trail is kept
// AUDIT_RETENTION_DAYS, older entries deleted in batches by the background loop.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { db } from "../../lib/db/client";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, expectError, makeWorld } from "../support/world";

// a write nobody else in the suite calls without a key, so the tally read here is this test's alone
const CAPABILITY = "webhooks.secret.rotate";
const refusedWithoutKey = { door: "api", capabilityId: CAPABILITY, outcome: "unauthenticated", userId: null };

describe("writes refused before authentication are tallied, not recorded one entry each", () => {
  it("thirty refused writes (no key, a malformed key, an unknown key) add at most one entry per hour, counting all thirty", async () => {
    const world = await makeWorld();
    const before = await db().auditEntry.findMany({ where: refusedWithoutKey });
    const credentials = [null, "not-a-key", `bop_${"Z".repeat(40)}`];
    const requestIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const requestId = `tally-${randomUUID()}`;
      requestIds.push(requestId);
      const response = await call(
        CAPABILITY,
        credentials[i % credentials.length]!,
        { brand: world.brand.shortId, id: randomUUID() },
        { headers: { "X-Request-Id": requestId } },
      );
      expectError(response, 401, "unauthenticated");
    }
    const after = await db().auditEntry.findMany({ where: refusedWithoutKey });
    const added = after.filter((row) => !before.some((old) => old.id === row.id));
    // one entry for the hour (two if the test ran across the hour's turn), never one per attempt
    expect(added.length).toBeLessThanOrEqual(2);
    const total = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
    expect(total(after) - total(before)).toBe(30);
    // the entry names the latest attempt, so its log line is found by request id
    const latest = after.find((row) => row.requestId === requestIds.at(-1));
    expect(latest).toMatchObject({ brandId: null, apiKeyId: null, door: "api", outcome: "unauthenticated" });
    expect(latest!.detail).toMatch(/unknown, revoked or expired/);
  });

  it("a refusal after the caller is known is still one entry each, with its own request id", async () => {
    const world = await makeWorld();
    const requestIds = [`one-${randomUUID()}`, `two-${randomUUID()}`];
    for (const requestId of requestIds) {
      const response = await call(
        CAPABILITY,
        world.admin.key,
        { brand: world.brand.shortId, id: randomUUID() },
        { headers: { "X-Request-Id": requestId } },
      );
      expectError(response, 404, "not_found");
    }
    const rows = await db().auditEntry.findMany({ where: { requestId: { in: requestIds } } });
    expect(rows.map((row) => [row.outcome, row.count, row.brandId])).toEqual([
      ["not_found", 1, world.brand.id],
      ["not_found", 1, world.brand.id],
    ]);
  });
});

describe("retention: the background loop deletes entries older than AUDIT_RETENTION_DAYS (BACKGROUND_INTERVAL_SECONDS=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), AUDIT_RETENTION_DAYS: "30", BACKGROUND_INTERVAL_SECONDS: "1" });
  });
  afterAll(async () => server?.stop());

  it("1,200 entries past the retention go, in batches; one a day younger stays", async () => {
    const world = await makeWorld();
    const day = 86_400_000;
    const entry = (age: number) => ({
      id: randomUUID(),
      at: new Date(Date.now() - age * day),
      requestId: `retention-${randomUUID()}`,
      door: "api",
      capabilityId: "kit.colors.add",
      brandId: world.brand.id,
      outcome: "ok",
    });
    const old = Array.from({ length: 1200 }, () => entry(31));
    const kept = entry(29);
    await db().auditEntry.createMany({ data: [...old, kept] });
    const left = () =>
      db().auditEntry.count({ where: { brandId: world.brand.id, at: { lt: new Date(Date.now() - 30 * day) } } });
    const deadline = Date.now() + 20_000;
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await left()).toBe(0);
    expect((await db().auditEntry.findMany({ where: { brandId: world.brand.id } })).map((row) => row.id)).toEqual([
      kept.id,
    ]);
  });
});

describe("AUDIT_RETENTION_DAYS", () => {
  it("defaults to 365 days, and a value below a day (the undo window) is refused with a sentence naming it", () => {
    const saved = process.env.AUDIT_RETENTION_DAYS;
    try {
      delete process.env.AUDIT_RETENTION_DAYS;
      resetConfigForTests();
      expect(config().AUDIT_RETENTION_DAYS).toBe(365);
      for (const value of ["0", "-3", "1.5", "a year"]) {
        process.env.AUDIT_RETENTION_DAYS = value;
        resetConfigForTests();
        expect(() => config(), value).toThrow(/AUDIT_RETENTION_DAYS: AUDIT_RETENTION_DAYS must be/);
      }
      process.env.AUDIT_RETENTION_DAYS = "1";
      resetConfigForTests();
      expect(config().AUDIT_RETENTION_DAYS).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.AUDIT_RETENTION_DAYS;
      else process.env.AUDIT_RETENTION_DAYS = saved;
      resetConfigForTests();
    }
  });
});
