// The operator CLI exactly as docs/design.md (the admin CLI) fixes it: `npm run admin -- …`, one JSON object on
// stdout and exit 0, or a message on stderr and exit 1.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "../lib/db/client";
import { call } from "./support/world";

const run = promisify(execFile);

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "admin", "--", ...args], { env: process.env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Exactly one JSON object on stdout, nothing else. */
function json(result: { code: number; stdout: string; stderr: string }) {
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

describe("npm run admin", { timeout: 240_000 }, () => {
  it("bootstraps a person, a brand, a membership and a key that works on the API", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `cli-${tag}@test.example`;
    const user = json(await admin("user", "create", "--email", email, "--name", "Cli Person"));
    expect(user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const shortId = `CLI-${parseInt(tag, 16)}`;
    const brand = json(await admin("brand", "create", "--name", "Cli Brand", "--short-id", shortId, "--plan", "pro"));
    expect(brand).toEqual({ id: expect.any(String), shortId });

    expect(
      json(await admin("member", "add", "--brand", shortId.toLowerCase(), "--email", email, "--role", "admin")),
    ).toEqual({
      brandId: brand.id,
      userId: user.id,
      role: "admin",
    });

    const key = json(
      await admin(
        "key",
        "create",
        "--email",
        email,
        "--scopes",
        "brand.read,kit.read",
        "--brands",
        shortId,
        "--name",
        "ci",
      ),
    );
    expect(key.key).toMatch(/^bop_[0-9A-Za-z]{40}$/);
    // a key confirms its own writes unless told otherwise
    expect(key.confirmBy).toBe("caller");
    const overview = await call("brand.overview", key.key, { brand: shortId });
    expect(overview.status).toBe(200);
    expect(overview.body.data.capabilities).toEqual([
      "brands.list",
      "brand.overview",
      "brand.soul.read",
      "brand.contacts.list",
      "kit.read",
      "brand.check",
      "confirmations.get",
    ]);

    expect(json(await admin("brand", "status", "--brand", brand.id, "--status", "closed"))).toEqual({
      id: brand.id,
      status: "closed",
    });
    expect(json(await admin("member", "remove", "--brand", shortId, "--email", email))).toEqual({ removed: true });
    expect((await call("brand.overview", key.key, { brand: shortId })).body.error.code).toBe("forbidden");

    expect(json(await admin("key", "revoke", "--id", key.id))).toEqual({ id: key.id, revoked: true });
    expect((await call("brands.list", key.key, {})).body.error.code).toBe("unauthenticated");
  });

  it("accepts an expiry in the past, giving an already expired key", async () => {
    const email = `cli-exp-${randomUUID().slice(0, 8)}@test.example`;
    json(await admin("user", "create", "--email", email, "--name", "Expired", "--staff"));
    const key = json(
      await admin("key", "create", "--email", email, "--scopes", "all", "--expires-at", "2020-01-01T00:00:00Z"),
    );
    expect((await call("brands.list", key.key, {})).status).toBe(401);
  });

  it("key create --confirm-by person makes a key whose writes wait for its person", async () => {
    const email = `cli-cb-${randomUUID().slice(0, 8)}@test.example`;
    json(await admin("user", "create", "--email", email, "--name", "Waits"));
    const key = json(await admin("key", "create", "--email", email, "--scopes", "all", "--confirm-by", "person"));
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^bop_/), confirmBy: "person" });
    expect((await db().apiKey.findUnique({ where: { id: key.id } }))?.confirmBy).toBe("person");
  });

  it.each([
    [["key", "create", "--email", "a@test.example", "--scopes", "all", "--confirm-by", "robot"], "--confirm-by"],
    [["user", "create", "--email", "not-an-email", "--name", "X"], "--email"],
    [["brand", "create", "--name", "X", "--short-id", "no_dash"], "--short-id"],
    [["brand", "create", "--name", "X", "--short-id", "OK-1", "--plan", "platinum"], "--plan"],
    [["brand", "status", "--brand", "NOPE-404", "--status", "closed"], "--brand"],
    [["key", "create", "--email", "nobody@test.example", "--scopes", "all"], "--email"],
    [["key", "revoke", "--id", "no-such-key"], "--id"],
    [["frobnicate"], "unknown command"],
  ])("fails with a message on stderr and exit 1: %j", async (args, mention) => {
    const result = await admin(...args);
    expect(result.code).toBe(1);
    expect(result.stdout.trim()).toBe("");
    expect(result.stderr).toContain(mention);
  });
});
