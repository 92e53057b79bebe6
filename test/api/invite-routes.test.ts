// The accept page's two routes against the suite's server: bad input in the API's error
// shape naming the field, writes from another site refused, no session for Join answered 401, and
// sign-up only for a valid invitation whose address has no account yet (nobody signs up otherwise).
import { describe, expect, it } from "vitest";
import { addMember, createUser } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { createInvitation } from "../../lib/team/invitations";
import { signInCookie } from "../support/oauth-flow";
import { baseUrl, makeBrand, makePerson } from "../support/world";

/** An invitation made by an admin of a new brand (`inviterDemoted`: who is a member now, made so behind its back). */
async function invitation(email: string, options: { revoked?: boolean; inviterDemoted?: boolean } = {}) {
  const brand = await makeBrand();
  const inviter = await makePerson({ name: "Route Inviter" });
  await addMember(db(), { brand: brand.shortId, email: inviter.email, role: "admin" });
  const made = await db().$transaction((tx) =>
    createInvitation(tx, {
      brandId: brand.id,
      email,
      role: "member",
      accessUntil: null,
      createdById: inviter.id,
      now: new Date(),
    }),
  );
  if (options.revoked) await db().teamInvitation.update({ where: { id: made.id }, data: { revokedAt: new Date() } });
  if (options.inviterDemoted) await addMember(db(), { brand: brand.shortId, email: inviter.email, role: "member" });
  return { brand, token: made.inviteUrl.split("/").at(-1)! };
}

const post = (path: string, body: unknown, origin: string | null = baseUrl()) =>
  fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify(body),
  });

describe("POST /api/invite/sign-up", () => {
  it("refuses a missing name, a short password and an unknown field, naming the field; nobody is created", async () => {
    const email = `route-${Date.now()}@example.com`;
    const { token } = await invitation(email);
    for (const [body, field] of [
      [{ token, name: " ", password: "long enough password" }, "name"],
      [{ token, name: "Rae", password: "short" }, "password"],
      [{ token, name: "Rae", password: "long enough password", email: "other@example.com" }, "email"],
      [{ name: "Rae", password: "long enough password" }, "token"],
    ] as const) {
      const response = await post("/api/invite/sign-up", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: "invalid_input", field });
    }
    expect(await db().user.findUnique({ where: { email } })).toBeNull();
  });

  it("refuses a write from another site", async () => {
    const { token } = await invitation(`cross-${Date.now()}@example.com`);
    const response = await post(
      "/api/invite/sign-up",
      { token, name: "Eve", password: "long enough password" },
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
  });

  it("creates nobody for a withdrawn or unknown link, nor for an address that has an account", async () => {
    const withdrawn = `withdrawn-${Date.now()}@example.com`;
    const revoked = await invitation(withdrawn, { revoked: true });
    const body = { name: "Nobody", password: "long enough password" };
    expect(await (await post("/api/invite/sign-up", { ...body, token: revoked.token })).json()).toEqual({
      outcome: "revoked",
    });
    expect(await db().user.findUnique({ where: { email: withdrawn } })).toBeNull();
    expect(await (await post("/api/invite/sign-up", { ...body, token: "inv_unknown" })).json()).toEqual({
      outcome: "unknown",
    });

    const existing = await makePerson({ name: "Has Account" });
    const theirs = await invitation(existing.email);
    expect(await (await post("/api/invite/sign-up", { ...body, token: theirs.token })).json()).toEqual({
      outcome: "has_account",
    });
    // their name and password are as they were, and they did not join
    expect((await db().user.findUniqueOrThrow({ where: { email: existing.email } })).name).toBe("Has Account");
    expect(await db().membership.findFirst({ where: { brandId: theirs.brand.id, userId: existing.id } })).toBeNull();
  });

  it("signs a new address up and joins it to the brand, once", async () => {
    const email = `fresh-${Date.now()}@example.com`;
    const { brand, token } = await invitation(email);
    const body = { token, name: "Fay Fresh", password: "long enough password" };
    expect(await (await post("/api/invite/sign-up", body)).json()).toMatchObject({
      outcome: "ok",
      role: "member",
      brand: { shortId: brand.shortId },
    });
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().membership.findFirst({ where: { brandId: brand.id, userId: user.id } })).toMatchObject({
      role: "member",
    });
    // the same link again: it was used
    expect(await (await post("/api/invite/sign-up", body)).json()).toEqual({ outcome: "used" });
  });
});

describe("an invitation whose inviter is no longer an admin", () => {
  it("signs nobody up and joins nobody: the outcome says so (sign-up and accept)", async () => {
    const email = `orphan-${Date.now()}@example.com`;
    const { token } = await invitation(email, { inviterDemoted: true });
    const signUp = await post("/api/invite/sign-up", { token, name: "Nobody", password: "long enough password" });
    expect(signUp.status).toBe(200);
    expect(await signUp.json()).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await db().user.findUnique({ where: { email } })).toBeNull();

    const password = "long enough password";
    const existing = `orphan-account-${Date.now()}@example.com`;
    const { id } = await createUser(db(), { email: existing, name: "Has Account", password });
    const theirs = await invitation(existing, { inviterDemoted: true });
    const accepted = await fetch(`${baseUrl()}/api/invite/accept`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: baseUrl(),
        Cookie: await signInCookie(existing, password),
      },
      body: JSON.stringify({ token: theirs.token }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await db().membership.findFirst({ where: { brandId: theirs.brand.id, userId: id } })).toBeNull();
  });
});

describe("POST /api/invite/accept", () => {
  it("asks for a session, in words (401)", async () => {
    const { token } = await invitation(`nosession-${Date.now()}@example.com`);
    const response = await post("/api/invite/accept", { token });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatchObject({
      code: "unauthenticated",
      message: "Sign in to accept this invitation",
    });
  });
});
