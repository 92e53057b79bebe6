// The team: invite → accept → role change → removal, each followed
// by calls through the API, MCP and the app (the assistant door) that show the new access; access
// that ends at accessUntil on the next call, and its sweeper's event; the last admin rule; bad
// input naming the field; another brand's person is 404 with no oracle.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { runForPerson } from "../../lib/doors/assistant";
import { keyableBrands } from "../../lib/keys/keys";
import { recordEndedAccess } from "../../lib/ops/access-sweep";
import { acceptInvitation, inspectInvitation } from "../../lib/invite/accept";
import { callTool, connectMcp, expectToolError, expectToolOk } from "../support/mcp";
import { call, confirmAndCall, expectError, expectOk, makeKey, makePerson, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;

beforeAll(async () => {
  world = await makeWorld();
});

const in2 = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const brandOf = (w: World) => ({ brand: w.brand.shortId });
const admin = (capability: string, input: Record<string, unknown>, w = world) =>
  confirmAndCall(capability, w.admin.key, { ...brandOf(w), ...input });
const tokenOf = (url: string) => url.split("/").at(-1)!;

async function invite(email: string, role = "member", extra: Record<string, unknown> = {}, w = world) {
  const data = expectOk(await admin("team.invite", { email, role, ...extra }, w));
  return { ...data, token: tokenOf(data.inviteUrl) };
}

/** A person with an account and a key, not yet in the brand. */
async function newcomer(name = "Newcomer") {
  const person = await makePerson({ name });
  const key = await makeKey(person.email);
  const user = await db().user.findUniqueOrThrow({ where: { id: person.id } });
  return { ...person, key: key.key, user: { id: user.id, email: user.email, name: user.name } };
}

/** What each door says of this person's access to the brand: the API, MCP and the app. */
async function accessThroughEveryDoor(person: { id: string; key: string }, w = world) {
  const api = await call("team.list", person.key, brandOf(w));
  const listed = expectOk(await call("brands.list", person.key, {})).items.map((brand: any) => brand.shortId);
  const mcp = await connectMcp(person.key);
  const tool = await callTool(mcp, "team_list", brandOf(w));
  await mcp.close();
  const app = await runForPerson({
    userId: person.id,
    capabilityId: "team.list",
    brand: w.brand.shortId,
    input: {},
    requestId: `test-${randomUUID()}`,
  });
  return { api, listed: listed.includes(w.brand.shortId), tool, app };
}

async function expectAccess(person: { id: string; key: string }, w = world) {
  const { api, listed, tool, app } = await accessThroughEveryDoor(person, w);
  expectOk(api);
  expect(listed).toBe(true);
  expectToolOk(tool);
  expect(app.status).toBe("ok");
}

async function expectNoAccess(person: { id: string; key: string }, w = world) {
  const { api, listed, tool, app } = await accessThroughEveryDoor(person, w);
  expectError(api, 403, "forbidden");
  expect(listed).toBe(false);
  expectToolError(tool, "forbidden");
  expect(app).toMatchObject({ status: "error", error: { code: "forbidden" } });
}

const events = async (type: string, w = world) =>
  expectOk(await call("events.list", w.admin.key, { ...brandOf(w), types: [type], limit: 50 })).items as any[];
const activity = async (capabilityId: string, w = world) =>
  expectOk(await call("activity.list", w.admin.key, { ...brandOf(w), capabilityId, outcome: "done" })).items as any[];
const memberRow = async (userId: string) =>
  (expectOk(await call("team.list", world.admin.key, { ...brandOf(world), limit: 50 })).items as any[]).find(
    (item) => item.userId === userId,
  );

describe("invite → accept → role change → removal", () => {
  it("gives, changes and takes away access, shown on the next call through the API, MCP and the app", async () => {
    const person = await newcomer("Mira Agency");
    await expectNoAccess(person);

    const invited = await invite(person.email.toUpperCase(), "viewer");
    expect(invited.inviteUrl).toMatch(/\/invite\/inv_[0-9A-Za-z]{40}$/);
    expect(Date.parse(invited.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // the link is kept nowhere in plaintext: the row holds its SHA-256, the trail and the event neither
    const row = await db().teamInvitation.findUniqueOrThrow({ where: { id: invited.id } });
    expect(row.email).toBe(person.email);
    expect(JSON.stringify(row)).not.toContain(invited.token);
    expect(JSON.stringify(await db().auditEntry.findMany({ where: { brandId: world.brand.id } }))).not.toContain(
      invited.token,
    );
    expect((await events("team.member.invited")).map((event) => event.data)).toContainEqual(
      expect.objectContaining({ invitationId: invited.id, email: person.email, role: "viewer" }),
    );
    expect(await inspectInvitation(invited.token)).toMatchObject({
      outcome: "ok",
      email: person.email,
      role: "viewer",
      brand: { shortId: world.brand.shortId },
      invitedBy: "Test admin",
      hasAccount: true,
    });

    expect(await acceptInvitation(invited.token, person.user)).toMatchObject({
      outcome: "ok",
      role: "viewer",
      alreadyMember: false,
    });
    await expectAccess(person);
    expect(await acceptInvitation(invited.token, person.user)).toEqual({ outcome: "used", acceptedByYou: true });
    expect((await events("team.member.joined")).map((event) => event.data)).toContainEqual({
      userId: person.id,
      name: "Mira Agency",
      role: "viewer",
      accessUntil: null,
      invitationId: invited.id,
    });
    expect((await activity("team.invitation.accept"))[0]).toMatchObject({
      title: "Joined the team by invitation",
      person: "Mira Agency",
    });
    // a viewer: the team's people without e-mails, no invitations, and no admin's writes
    const seen = expectOk(await call("team.list", person.key, brandOf(world)));
    expect(seen.items.every((item: any) => item.email === null)).toBe(true);
    expect(seen).not.toHaveProperty("invitations");
    expectError(
      await call("team.invite", person.key, { ...brandOf(world), email: "x@example.com", role: "viewer" }),
      403,
      "forbidden",
    );

    // made admin: the admin's write reaches confirmation on the API and MCP
    expectOk(await admin("team.role.update", { userId: person.id, role: "admin" }));
    expect(await memberRow(person.id)).toMatchObject({ role: "admin", email: person.email });
    expectError(
      await call("team.invite", person.key, { ...brandOf(world), email: "y@example.com", role: "viewer" }),
      409,
      "confirmation_required",
    );
    const mcp = await connectMcp(person.key);
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain("team_invite");
    await mcp.close();
    const changed = (await events("team.member.role_changed")).map((event) => event.data);
    // as they are now, and what they had before: a promotion reads as one without keeping state
    expect(changed).toContainEqual({
      userId: person.id,
      name: "Mira Agency",
      role: "admin",
      accessUntil: null,
      previous: { role: "viewer", accessUntil: null },
    });

    // removed: every door refuses the next call, and the brand leaves their list
    expectOk(await admin("team.remove", { userId: person.id }));
    await expectNoAccess(person);
    expect((await events("team.member.removed")).map((event) => event.data)).toContainEqual({
      userId: person.id,
      name: "Mira Agency",
      deleted: true,
    });
    const removedEntry = (await activity("team.remove"))[0];
    expect(removedEntry.summary).toContain("Remove Mira Agency");
  });

  it("a link opened by another person joins nobody and stays valid for its owner", async () => {
    const owner = await newcomer("Owner");
    const stranger = await newcomer("Stranger");
    const { token } = await invite(owner.email);
    expect(await acceptInvitation(token, stranger.user)).toEqual({ outcome: "wrong_email", invitedEmail: owner.email });
    await expectNoAccess(stranger);
    expect((await acceptInvitation(token, owner.user)).outcome).toBe("ok");
    expect(await acceptInvitation(token, stranger.user)).toEqual({ outcome: "used", acceptedByYou: false });
  });

  it("a revoked, expired or unknown link says which, and joins nobody", async () => {
    const person = await newcomer();
    const revoked = await invite(person.email);
    const revoke = await call("team.invitations.revoke", world.admin.key, { ...brandOf(world), id: revoked.id });
    expectOk(revoke);
    expect(await acceptInvitation(revoked.token, person.user)).toEqual({ outcome: "revoked" });
    expect((await events("team.invitation.revoked")).map((event) => event.data)).toContainEqual({
      invitationId: revoked.id,
      email: person.email,
    });
    const expired = await invite(person.email);
    await db().teamInvitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await acceptInvitation(expired.token, person.user)).toEqual({ outcome: "expired" });
    expect(await inspectInvitation(expired.token)).toEqual({ outcome: "expired" });
    expect(await acceptInvitation(`inv_${"A".repeat(40)}`, person.user)).toEqual({ outcome: "unknown" });
    expect(await inspectInvitation("not a token")).toEqual({ outcome: "unknown" });
    await expectNoAccess(person);
    // admins see only the invitations still waiting
    const waiting = expectOk(await call("team.list", world.admin.key, brandOf(world))).invitations as any[];
    expect(waiting.map((invitation) => invitation.id)).not.toContain(revoked.id);
    expect(waiting.map((invitation) => invitation.id)).not.toContain(expired.id);
  });
});

describe("access that ends (accessUntil)", () => {
  it("ends on the next call through every door once the time passed; the sweeper records it once; an admin extends it", async () => {
    const person = await newcomer("Time-boxed");
    const { token } = await invite(person.email, "member", { accessUntil: in2(30).replace("Z", "+00:00") });
    expect(await acceptInvitation(token, person.user)).toMatchObject({
      outcome: "ok",
      accessUntil: expect.any(String),
    });
    await expectAccess(person);

    await db().membership.update({
      where: { brandId_userId: { brandId: world.brand.id, userId: person.id } },
      data: { accessUntil: new Date(Date.now() - 1000) },
    });
    await expectNoAccess(person);
    expect(await memberRow(person.id)).toMatchObject({ accessEnded: true });
    // nor can the brand be granted to a new key or a connected app (the consent page's list)
    expect((await keyableBrands(db(), person.id)).map((brand) => brand.id)).not.toContain(world.brand.id);

    // the server's own background round may get there first: either way, one event per ended access
    await recordEndedAccess(new Date());
    await recordEndedAccess(new Date());
    const ended = (await events("team.member.access_ended")).filter((event) => event.data.userId === person.id);
    expect(ended).toHaveLength(1);
    expect(ended[0].actor.person.id).toBe(person.id);
    expect((await activity("team.access.ended"))[0]).toMatchObject({ title: "Time-boxed access ended" });

    expectOk(await admin("team.role.update", { userId: person.id, role: "member", accessUntil: in2(10) }));
    await expectAccess(person);
    expect(await memberRow(person.id)).toMatchObject({ accessEnded: false });
    expectOk(await admin("team.role.update", { userId: person.id, role: "member", accessUntil: null }));
    expect(await memberRow(person.id)).toMatchObject({ accessUntil: null });
    // the last change's event says which end it replaced: the extension's, as an ISO time
    const changes = (await events("team.member.role_changed")).filter((event) => event.data.userId === person.id);
    const last = changes.at(-1)!.data;
    expect(last).toMatchObject({ role: "member", accessUntil: null, previous: { role: "member" } });
    expect(Date.parse(last.previous.accessUntil) - Date.now()).toBeGreaterThan(9 * 86_400_000);
  });
});

describe("the last admin", () => {
  it("can be neither demoted, removed nor time-boxed: 409 last_admin in words, before any confirmation", async () => {
    const w = await makeWorld();
    const tries: [string, Record<string, unknown>][] = [
      ["team.role.update", { userId: w.admin.id, role: "member" }],
      ["team.remove", { userId: w.admin.id }],
      ["team.role.update", { userId: w.admin.id, role: "admin", accessUntil: in2(5) }],
    ];
    for (const [capability, input] of tries) {
      const error = expectError(await call(capability, w.admin.key, { ...brandOf(w), ...input }), 409, "last_admin");
      expect(error.message).toContain("last admin");
    }
    // with a second admin, the first may step down
    expectOk(await admin("team.role.update", { userId: w.member.id, role: "admin" }, w));
    expectOk(await admin("team.role.update", { userId: w.admin.id, role: "member" }, w));
    expectError(await call("team.remove", w.member.key, { ...brandOf(w), userId: w.member.id }), 409, "last_admin");
  });
});

describe("bad input", () => {
  const badInvite = async (input: Record<string, unknown>) =>
    call("team.invite", world.admin.key, { ...brandOf(world), email: "ok@example.com", role: "viewer", ...input });

  it.each([
    ["email", { email: "not-an-email" }],
    ["email", { email: "a@b" }],
    ["role", { role: "owner" }],
    ["role", { role: "ADMIN" }],
    ["accessUntil", { accessUntil: "2020-01-01T00:00:00+00:00" }],
    ["accessUntil", { accessUntil: "2030-01-01T00:00:00" }],
    ["accessUntil", { accessUntil: "next week" }],
  ])("team.invite names %s in the spec's error shape", async (field, input) => {
    const error = expectError(await badInvite(input), 422, "invalid_input");
    expect(error.field).toBe(field);
    expect(error.issues[0].field).toBe(field);
  });

  it("inviting someone already in the team is 422 naming email, reason already_member", async () => {
    const error = expectError(await badInvite({ email: world.member.email.toUpperCase() }), 422, "invalid_input");
    expect([error.field, error.reason]).toEqual(["email", "already_member"]);
  });

  it("a time in the past for team.role.update is 422 naming accessUntil", async () => {
    const body = { ...brandOf(world), userId: world.viewer.id, role: "viewer", accessUntil: "2001-01-01T00:00:00Z" };
    expect(expectError(await call("team.role.update", world.admin.key, body), 422, "invalid_input")).toMatchObject({
      field: "accessUntil",
      reason: "in_the_past",
    });
  });

  it("another brand's person is 404 naming userId, the same as nobody (no oracle); a malformed id is 422", async () => {
    const other = await makeWorld();
    for (const capability of ["team.role.update", "team.remove"]) {
      const bodies = [];
      for (const userId of [other.member.id, randomUUID()]) {
        const input = capability === "team.remove" ? { userId } : { userId, role: "viewer" };
        const answer = await call(capability, world.admin.key, { ...brandOf(world), ...input });
        const { field, message } = expectError(answer, 404, "not_found");
        bodies.push({ field, message });
      }
      expect(bodies[0]).toEqual(bodies[1]);
      expect(bodies[0]!.field).toBe("userId");
    }
    const malformed = await call("team.remove", world.admin.key, { ...brandOf(world), userId: "42" });
    expect(expectError(malformed, 422, "invalid_input").field).toBe("userId");
    const revoke = await call("team.invitations.revoke", other.admin.key, { ...brandOf(other), id: randomUUID() });
    expect(expectError(revoke, 404, "not_found").field).toBe("id");
  });
});

describe("scopes and retries", () => {
  it("a key made without team.read / team.write is refused naming the scope", async () => {
    const narrow = await makeKey(world.admin.email, { scopes: "brand.read,kit.read" });
    expect(expectError(await call("team.list", narrow.key, brandOf(world)), 403, "insufficient_scope").scope).toBe(
      "team.read",
    );
    const body = { ...brandOf(world), email: "z@example.com", role: "viewer" };
    expect(expectError(await call("team.invite", narrow.key, body), 403, "insufficient_scope").scope).toBe(
      "team.write",
    );
  });

  it("an invitation under an Idempotency-Key is written once; the retry gets the same link", async () => {
    const person = await newcomer();
    const body = { ...brandOf(world), email: person.email, role: "member" };
    const headers = { "Idempotency-Key": randomUUID() };
    const token = expectError(
      await call("team.invite", world.admin.key, body, { headers }),
      409,
      "confirmation_required",
    ).confirmationToken as string;
    const confirmed = { ...body, confirmationToken: token };
    const first = expectOk(await call("team.invite", world.admin.key, confirmed, { headers }));
    const again = await call("team.invite", world.admin.key, confirmed, { headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(expectOk(again)).toEqual(first);
    expect(await db().teamInvitation.count({ where: { brandId: world.brand.id, email: person.email } })).toBe(1);
    const revokeHeaders = { "Idempotency-Key": randomUUID() };
    const revoke = { ...brandOf(world), id: first.id };
    expectOk(await call("team.invitations.revoke", world.admin.key, revoke, { headers: revokeHeaders }));
    expectOk(await call("team.invitations.revoke", world.admin.key, revoke, { headers: revokeHeaders }));
    const revokedEvents = (await events("team.invitation.revoked")).filter((e) => e.data.invitationId === first.id);
    expect(revokedEvents).toHaveLength(1);
  });
});

describe("time-boxed access cannot stretch itself", () => {
  /** A brand whose member is made admin until `ends` by its admin (who has no end). */
  async function boxedAdmin(ends: string) {
    const w = await makeWorld();
    const promoted = await confirmAndCall("team.role.update", w.admin.key, {
      ...brandOf(w),
      userId: w.member.id,
      role: "admin",
      accessUntil: ends,
    });
    expectOk(promoted);
    return { w, promotedRequestId: promoted.headers.get("x-request-id")! };
  }

  it("an admin whose access ends gives nobody, themselves included, more than they have: 403 in words, before any confirmation", async () => {
    const ends = in2(10);
    const { w } = await boxedAdmin(ends);
    const asBoxed = (capability: string, input: Record<string, unknown>) =>
      call(capability, w.member.key, { ...brandOf(w), ...input });
    const refused = async (capability: string, input: Record<string, unknown>, reason: string) => {
      const error = expectError(await asBoxed(capability, input), 403, "forbidden");
      expect(error.reason, JSON.stringify(input)).toBe(reason);
      return error.message as string;
    };
    // their own end: neither cleared nor moved later
    expect(
      await refused("team.role.update", { userId: w.member.id, role: "admin", accessUntil: null }, "own_membership"),
    ).toBe("You cannot move the end of your own access later: ask another admin.");
    await refused("team.role.update", { userId: w.member.id, role: "admin", accessUntil: in2(20) }, "own_membership");
    // nobody else past it: no end, a later end, or a membership without end left without one
    const beyond = await refused(
      "team.role.update",
      { userId: w.viewer.id, role: "member", accessUntil: null },
      "beyond_own_access",
    );
    expect(beyond).toContain("beyond the end of your own");
    await refused(
      "team.role.update",
      { userId: w.viewer.id, role: "member", accessUntil: in2(20) },
      "beyond_own_access",
    );
    await refused("team.role.update", { userId: w.viewer.id, role: "member" }, "beyond_own_access");
    await refused("team.role.update", { userId: w.admin.id, role: "member" }, "beyond_own_access");
    // an invitation neither: without an end, or a later one
    await refused(
      "team.invite",
      { email: "later@example.com", role: "viewer", accessUntil: null },
      "beyond_own_access",
    );
    await refused(
      "team.invite",
      { email: "later@example.com", role: "viewer", accessUntil: in2(20) },
      "beyond_own_access",
    );
    expect(await db().teamInvitation.count({ where: { brandId: w.brand.id } })).toBe(0);
    // an invitation that leaves the end out gets theirs
    const invited = expectOk(
      await confirmAndCall("team.invite", w.member.key, { ...brandOf(w), email: "within@example.com", role: "viewer" }),
    );
    const waiting = expectOk(await call("team.list", w.admin.key, brandOf(w))).invitations as any[];
    expect(waiting.find((invitation) => invitation.id === invited.id)?.accessUntil).toBe(new Date(ends).toISOString());
    expect((await events("team.member.invited", w)).map((event) => event.data)).toContainEqual(
      expect.objectContaining({ invitationId: invited.id, accessUntil: new Date(ends).toISOString() }),
    );
    // within their own access it works, and they may bring their own end nearer
    const viewerUntil = in2(5);
    const within = { ...brandOf(w), userId: w.viewer.id, role: "member", accessUntil: viewerUntil };
    expectOk(await confirmAndCall("team.role.update", w.member.key, within));
    const nearer = { ...brandOf(w), userId: w.member.id, role: "admin", accessUntil: in2(8) };
    expectOk(await confirmAndCall("team.role.update", w.member.key, nearer));
  });

  it("nor through activity.undo: the undo of the write that set their end is refused with the same reason, and not offered", async () => {
    const { w, promotedRequestId } = await boxedAdmin(in2(10));
    const entryOf = async (requestId: string, key: string) => {
      const items = expectOk(await call("activity.list", key, { ...brandOf(w), requestId })).items as any[];
      expect(items).toHaveLength(1);
      return items[0] as { id: string; undo: { available: boolean; reason?: string } };
    };
    // undoing their own promotion would give back the member role without an end: later than their own end
    const promotion = await entryOf(promotedRequestId, w.member.key);
    const own = expectError(
      await call("activity.undo", w.member.key, { ...brandOf(w), activityId: promotion.id }),
      403,
      "forbidden",
    );
    expect(own.reason).toBe("own_membership");
    expect(own.message).toBe(
      "This cannot be undone by you: it would move the end of your own access later. Ask another admin.",
    );
    expect(promotion.undo).toEqual({ available: false, reason: own.message });
    // an end the brand's admin gave someone else: undoing it would give access without an end
    const boxedViewer = await confirmAndCall("team.role.update", w.admin.key, {
      ...brandOf(w),
      userId: w.viewer.id,
      role: "viewer",
      accessUntil: in2(3),
    });
    expectOk(boxedViewer);
    const viewerEntry = await entryOf(boxedViewer.headers.get("x-request-id")!, w.member.key);
    const beyond = expectError(
      await call("activity.undo", w.member.key, { ...brandOf(w), activityId: viewerEntry.id }),
      403,
      "forbidden",
    );
    expect(beyond.reason).toBe("beyond_own_access");
    expect(viewerEntry.undo).toEqual({ available: false, reason: beyond.message });
    expect(await memberRow2(w, w.member.id)).toMatchObject({ role: "admin", accessUntil: expect.any(String) });
    // the brand's admin without an end may: the rule is about the one who undoes
    expect((await entryOf(promotedRequestId, w.admin.key)).undo).toEqual({ available: true });
  });
});

const memberRow2 = async (w: World, userId: string) =>
  (expectOk(await call("team.list", w.admin.key, { ...brandOf(w), limit: 50 })).items as any[]).find(
    (item) => item.userId === userId,
  );

describe("invitations do not outlive their inviter's rights", () => {
  /** The brand's member made admin (until `ends`, or without end), and invitations made by them. */
  async function inviterWorld(ends: string | null = null) {
    const w = await makeWorld();
    expectOk(await admin("team.role.update", { userId: w.member.id, role: "admin", accessUntil: ends }, w));
    const inviteAs = async (email: string, extra: Record<string, unknown> = {}) => {
      const data = expectOk(
        await confirmAndCall("team.invite", w.member.key, { ...brandOf(w), email, role: "admin", ...extra }),
      );
      return { ...data, token: tokenOf(data.inviteUrl) } as { id: string; token: string };
    };
    return { w, inviteAs };
  }
  const waitingIds = async (w: World) =>
    ((expectOk(await call("team.list", w.admin.key, brandOf(w))).invitations as any[]) ?? []).map(
      (invitation) => invitation.id,
    );
  const revokedIds = async (w: World) =>
    (await events("team.invitation.revoked", w)).map((event) => event.data.invitationId as string);
  const joined = (w: World, userId: string) =>
    db().membership.findUnique({ where: { brandId_userId: { brandId: w.brand.id, userId } } });

  it("demoting or removing the inviter revokes their waiting invitations in the same write, each with its event", async () => {
    const { w, inviteAs } = await inviterWorld();
    const first = await newcomer("First Invitee");
    const second = await newcomer("Second Invitee");
    const one = await inviteAs(first.email);
    const two = await inviteAs(second.email);
    const demotion = await confirmAndCall("team.role.update", w.admin.key, {
      ...brandOf(w),
      userId: w.member.id,
      role: "member",
    });
    expectOk(demotion);
    expect(await revokedIds(w)).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(await waitingIds(w)).toEqual([]);
    expect(await acceptInvitation(one.token, first.user)).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await inspectInvitation(one.token)).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await joined(w, first.id)).toBeNull();

    // undoing the demotion gives the role back and, with it, the invitations it withdrew: the one not
    // accepted meanwhile works again
    const entry = (
      expectOk(
        await call("activity.list", w.admin.key, {
          ...brandOf(w),
          requestId: demotion.headers.get("x-request-id")!,
        }),
      ).items as any[]
    )[0];
    expectOk(await confirmAndCall("activity.undo", w.admin.key, { ...brandOf(w), activityId: entry.id }));
    expect(await memberRow2(w, w.member.id)).toMatchObject({ role: "admin" });
    expect(await acceptInvitation(two.token, second.user)).toMatchObject({ outcome: "ok" });
    expect(await joined(w, second.id)).not.toBeNull();

    // removing an inviter takes theirs back too
    const third = await inviteAs((await newcomer("Third Invitee")).email);
    expectOk(await admin("team.remove", { userId: w.member.id }, w));
    expect(await revokedIds(w)).toContain(third.id);
    expect(await waitingIds(w)).toEqual([]);
  });

  it("the end of the inviter's access revokes them too (the sweeper), under the service's name: the person is not made active then", async () => {
    const { w, inviteAs } = await inviterWorld(in2(10));
    const invitee = await newcomer("Late Invitee");
    const invited = await inviteAs(invitee.email);
    const before = await memberRow2(w, w.member.id);
    await db().membership.update({
      where: { brandId_userId: { brandId: w.brand.id, userId: w.member.id } },
      data: { accessUntil: new Date(Date.now() - 1000) },
    });
    await recordEndedAccess(new Date());
    expect(await revokedIds(w)).toContain(invited.id);
    expect(await acceptInvitation(invited.token, invitee.user)).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await joined(w, invitee.id)).toBeNull();
    // the trail says the service recorded it; the person's last activity stays their own last write
    const [ended] = await activity("team.access.ended", w);
    expect(ended).toMatchObject({ title: "Time-boxed access ended", person: "The service", email: null });
    expect((await memberRow2(w, w.member.id)).lastActiveAt).toBe(before.lastActiveAt);
  });

  it("decided at acceptance too: an inviter no longer admin joins nobody; an inviter's end moved earlier caps the access", async () => {
    // an invitation made before this rule: its inviter was demoted without its revocation
    const { w, inviteAs } = await inviterWorld();
    const person = await newcomer("Old Invitee");
    const old = await inviteAs(person.email);
    await db().membership.update({
      where: { brandId_userId: { brandId: w.brand.id, userId: w.member.id } },
      data: { role: "member" },
    });
    expect(await inspectInvitation(old.token)).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await acceptInvitation(old.token, person.user)).toEqual({ outcome: "inviter_no_longer_admin" });
    expect(await joined(w, person.id)).toBeNull();

    // the inviter's access now ends sooner than the invitation's: the person joins until the inviter's end
    const capped = await inviterWorld(in2(10));
    const invitee = await newcomer("Capped Invitee");
    const invitation = await capped.inviteAs(invitee.email, { accessUntil: in2(8) });
    const sooner = in2(3);
    expectOk(
      await admin("team.role.update", { userId: capped.w.member.id, role: "admin", accessUntil: sooner }, capped.w),
    );
    expect(await inspectInvitation(invitation.token)).toMatchObject({
      outcome: "ok",
      accessUntil: new Date(sooner).toISOString(),
    });
    expect(await acceptInvitation(invitation.token, invitee.user)).toMatchObject({
      outcome: "ok",
      accessUntil: new Date(sooner).toISOString(),
    });
    expect((await joined(capped.w, invitee.id))?.accessUntil?.toISOString()).toBe(new Date(sooner).toISOString());
  });
});
