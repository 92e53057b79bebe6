// The settings endpoints behind the "Security and access" page, over real HTTP with a real
// session: a person lists, creates and revokes only their own keys; bad input names its field.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember } from "../../lib/admin/commands";
import { call, expectOk, makeBrand } from "../support/world";
import { settings, signedInPerson } from "./session";

describe("settings: personal API keys", () => {
  it("creates a key limited to a brand and a scope; it works once on the API; revoking stops it", async () => {
    const person = await signedInPerson();
    const brand = await makeBrand();
    await addMember(db(), { brand: brand.shortId, email: person.email, role: "viewer" });
    const created = await settings("", {
      method: "POST",
      cookie: person.cookie,
      body: { name: "Sync", scopes: ["kit.read"], brands: [brand.shortId.toLowerCase()] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, key, prefix } = created.body.data;
    expect(key).toMatch(/^bop_[0-9A-Za-z]{40}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(created.headers.get("x-request-id")).toBeTruthy();

    expectOk(await call("kit.read", key, { brand: brand.shortId }));
    const other = await makeBrand();
    expect((await call("kit.read", key, { brand: other.shortId })).status).toBe(403);
    expect((await call("questions.list", key, { brand: brand.shortId })).status).toBe(403);

    const listed = await settings("", { cookie: person.cookie });
    expect(listed.status).toBe(200);
    const row = listed.body.data.items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({
      name: "Sync",
      prefix,
      scopes: ["kit.read"],
      brands: [{ id: brand.id, shortId: brand.shortId }],
      revokedAt: null,
      expiresAt: null,
    });
    expect(row.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(JSON.stringify(listed.body)).not.toContain("hash");

    const revoked = await settings(`/${id}`, { method: "DELETE", cookie: person.cookie });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id, revoked: true });
    expect((await call("kit.read", key, { brand: brand.shortId })).status).toBe(401);
    const after = await settings("", { cookie: person.cookie });
    expect(after.body.data.items.find((item: { id: string }) => item.id === id).revokedAt).not.toBeNull();
  });

  it("answers bad input with invalid_input naming the field", async () => {
    const person = await signedInPerson();
    const cases: [unknown, string][] = [
      [{ scopes: [] }, "scopes"],
      [{}, "scopes"],
      [{ scopes: ["kit.read", "kit.fly"] }, "scopes.1"],
      [{ scopes: ["kit.read"], name: "x".repeat(101) }, "name"],
      [{ scopes: ["kit.read"], expiresAt: "tomorrow" }, "expiresAt"],
      [{ scopes: ["kit.read"], expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt"],
      [{ scopes: ["kit.read"], brands: ["NOPE-404"] }, "brands.0"],
      [{ scopes: ["kit.read"], owner: "someone" }, "owner"],
      [[1, 2], "body"],
    ];
    for (const [body, field] of cases) {
      const answer = await settings("", { method: "POST", cookie: person.cookie, body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.ok).toBe(false);
      expect(answer.body.error).toMatchObject({
        code: "invalid_input",
        field,
        requestId: answer.headers.get("x-request-id"),
      });
      expect(answer.body.error.message).toEqual(expect.any(String));
    }
    const broken = await settings("", { method: "POST", cookie: person.cookie, raw: "{not json" });
    expect(broken.status).toBe(422);
    expect(broken.body.error.field).toBe("body");
    expect(await db().apiKey.count({ where: { userId: person.id } })).toBe(0);
  });

  it("refuses a brand the person is not a member of; staff may pick any", async () => {
    const brand = await makeBrand();
    const person = await signedInPerson();
    const refused = await settings("", {
      method: "POST",
      cookie: person.cookie,
      body: { scopes: ["all"], brands: [brand.shortId] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.field).toBe("brands.0");
    const staff = await signedInPerson({ staff: true });
    const allowed = await settings("", {
      method: "POST",
      cookie: staff.cookie,
      body: { scopes: ["all"], brands: [brand.id] },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it("another person's key is not found, and stays active", async () => {
    const owner = await signedInPerson();
    const stranger = await signedInPerson();
    const { id } = (await settings("", { method: "POST", cookie: owner.cookie, body: { scopes: ["brand.read"] } })).body
      .data;
    const answer = await settings(`/${id}`, { method: "DELETE", cookie: stranger.cookie });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("not_found");
    expect((await settings(`/not-a-key`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    expect((await db().apiKey.findUnique({ where: { id } }))?.revokedAt).toBeNull();
    const theirs = await settings("", { cookie: stranger.cookie });
    expect(theirs.body.data.items).toEqual([]);
  });

  it("refuses writes without this service's Origin, and everything without a session", async () => {
    const person = await signedInPerson();
    for (const origin of [null, "https://evil.example"]) {
      const answer = await settings("", {
        method: "POST",
        cookie: person.cookie,
        body: { scopes: ["kit.read"] },
        origin,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe("forbidden");
    }
    const { id } = (await settings("", { method: "POST", cookie: person.cookie, body: { scopes: ["kit.read"] } })).body
      .data;
    expect((await settings(`/${id}`, { method: "DELETE", cookie: person.cookie, origin: null })).status).toBe(403);
    expect(await db().apiKey.count({ where: { userId: person.id } })).toBe(1);

    for (const answer of [
      await settings(""),
      await settings("", { method: "POST", body: { scopes: ["kit.read"] } }),
      await settings(`/${id}`, { method: "DELETE" }),
      await settings("", { cookie: "better-auth.session_token=forged.value" }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe("unauthenticated");
    }
  });
});
