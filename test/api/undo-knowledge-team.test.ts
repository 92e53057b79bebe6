// activity.undo over HTTP for the writes of the knowledge and team issues (issues 41.2, 42, 43.5): the
// brand's memory, its voice entries and its team come back as they were (read through memory.list,
// genome.read and team.list), a redo writes them again, a later change is a conflict, the last
// admin is kept, and a person removed and brought back can call again.
import { describe, expect, it } from "vitest";
import { inspectInvitation } from "../../lib/invite/accept";
import { call, expectError, expectOk, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Input = Record<string, unknown>;

const send = (world: World, capability: string, input: Input, key = world.admin.key) =>
  call(capability, key, { brand: world.brand.shortId, ...input });

/** A write, confirmed when it asks to be: its data, request id and the summary the person confirmed. */
async function confirmed(world: World, capability: string, input: Input, key = world.admin.key) {
  const first = await send(world, capability, input, key);
  if (first.body?.error?.code !== "confirmation_required")
    return { answer: first, requestId: first.headers.get("x-request-id")!, summary: "" };
  const token = expectError(first, 409, "confirmation_required").confirmationToken as string;
  const answer = await send(world, capability, { ...input, confirmationToken: token }, key);
  return { answer, requestId: answer.headers.get("x-request-id")!, summary: first.body.error.summary as string };
}

async function done(world: World, capability: string, input: Input, key = world.admin.key) {
  const { answer, requestId } = await confirmed(world, capability, input, key);
  return { data: expectOk(answer), requestId };
}

async function entryOf(world: World, requestId: string, key = world.admin.key) {
  const page = expectOk(await send(world, "activity.list", { requestId }, key));
  expect(page.items).toHaveLength(1);
  return page.items[0] as { id: string; undo: { available: boolean; reason?: string } };
}

async function undo(world: World, activityId: string, key = world.admin.key) {
  const { answer, summary } = await confirmed(world, "activity.undo", { activityId }, key);
  return { ...(expectOk(answer) as { id: string }), summary };
}

const undoRefused = async (world: World, activityId: string, key = world.admin.key) =>
  expectError(await send(world, "activity.undo", { activityId }, key), 409, "undo_conflict");

/** Write, undo (the reads equal those before), undo the undo (the reads equal those after the write). */
async function roundTrip(world: World, capability: string, input: Input, read: () => Promise<unknown>) {
  const before = await read();
  const { data, requestId } = await done(world, capability, input);
  const written = await read();
  expect(written).not.toEqual(before);
  const entry = await entryOf(world, requestId);
  expect(entry.undo).toEqual({ available: true });
  const undone = await undo(world, entry.id);
  expect(await read()).toEqual(before);
  const redone = await undo(world, undone.id);
  expect(await read()).toEqual(written);
  return { data, entryId: entry.id, undone: undone.summary, redoId: redone.id };
}

const memory = async (world: World) => expectOk(await send(world, "memory.list", {}, world.viewer.key)).items;

/** The team as an admin reads it; last activity moves with every write (the undo's too), so it is left out. */
async function team(world: World) {
  const page = expectOk(await send(world, "team.list", {}));
  return {
    items: page.items.map(({ lastActiveAt: _, ...item }: Input) => item),
    invitations: page.invitations,
  };
}

const genome = async (world: World) =>
  expectOk(await send(world, "genome.read", { limit: 50 }, world.viewer.key)) as { revision: number; entries: Input[] };

const tokenOf = (inviteUrl: string) => inviteUrl.split("/").at(-1)!;

describe("activity.undo: the brand's memory", () => {
  it("a proposal is withdrawn while pending, and a review puts the declaration back to pending; both redone", async () => {
    const world = await makeWorld();
    const proposal = { subject: "brand.tagline", statement: "Brand with care" };
    const proposed = await roundTrip(world, "memory.propose", proposal, () => memory(world));
    expect(proposed.undone).toContain('remove the brand declaration "Brand with care"');
    const id = proposed.data.id as string;
    const reviewed = await roundTrip(world, "memory.review", { declarationId: id, decision: "accept" }, () =>
      memory(world),
    );
    expect(reviewed.undone).toContain('put the brand declaration "Brand with care" back to pending');
    expect((await memory(world))[0]).toMatchObject({ id, status: "accepted" });
  });

  it("a proposal reviewed since cannot be withdrawn: undo_conflict naming the review", async () => {
    const world = await makeWorld();
    const { data, requestId } = await done(world, "memory.propose", { subject: "tone", statement: "Warm" });
    await done(world, "memory.review", { declarationId: data.id, decision: "reject" });
    const error = await undoRefused(world, (await entryOf(world, requestId)).id);
    expect(error.message).toMatch(/^This cannot be undone: the brand declaration "Warm" changed since \(its status/);
    expect(error.message).toContain("Accept or reject a proposed declaration on");
  });
});

describe("activity.undo: the team", () => {
  it("an invitation undone is removed and its link stops working; a revocation undone makes it usable again", async () => {
    const world = await makeWorld();
    const invite = { email: "new.person@example.com", role: "member" };
    const invited = await roundTrip(world, "team.invite", invite, () => team(world));
    expect(invited.undone).toContain("remove the invitation of new.person@example.com as member");
    const token = tokenOf(invited.data.inviteUrl as string);
    expect((await inspectInvitation(token)).outcome).toBe("ok");
    await undo(world, invited.redoId);
    expect((await inspectInvitation(token)).outcome).toBe("unknown");
    await undo(
      world,
      (await send(world, "activity.list", { capabilityId: "activity.undo", limit: 1 })).body.data.items[0].id,
    );
    expect((await inspectInvitation(token)).outcome).toBe("ok");

    const revoked = await roundTrip(world, "team.invitations.revoke", { id: invited.data.id }, () => team(world));
    expect(revoked.undone).toContain("make the invitation of new.person@example.com as member usable again");
    expect((await inspectInvitation(token)).outcome).toBe("revoked");
    await undo(world, revoked.redoId);
    expect((await inspectInvitation(token)).outcome).toBe("ok");
  });

  it("a role and end of access come back; a change since is a conflict", async () => {
    const world = await makeWorld();
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const input = { userId: world.member.id, role: "viewer", accessUntil: until };
    const trip = await roundTrip(world, "team.role.update", input, () => team(world));
    expect(trip.undone).toContain("give the person back the role member with no end of access");
    const later = await done(world, "team.role.update", { userId: world.member.id, role: "admin" });
    expect(later.data.ok).toBe(true);
    const error = await undoRefused(world, trip.redoId);
    expect(error.message).toContain("changed since (its role)");
  });

  it("the last admin is kept: an undo that would leave the brand without one is refused in words", async () => {
    const world = await makeWorld();
    const promoted = await done(world, "team.role.update", { userId: world.member.id, role: "admin" });
    // the new admin makes the first one a member: undoing the promotion would leave no admin
    await done(world, "team.role.update", { userId: world.admin.id, role: "member" }, world.member.key);
    const entry = await entryOf(world, promoted.requestId, world.member.key);
    const refusal =
      "This cannot be undone: A person's place in the team as member cannot come back: they are the brand's last " +
      "admin without an end of access now: make another person admin first.";
    // the list offers no Undo that the undo would refuse: it says why, in the same words
    expect(entry.undo).toEqual({ available: false, reason: refusal });
    const error = await undoRefused(world, entry.id, world.member.key);
    expect(error.message).toBe(refusal);
    expect(expectOk(await send(world, "team.list", {}, world.member.key)).items).toContainEqual(
      expect.objectContaining({ userId: world.member.id, role: "admin" }),
    );
  });

  it("a removal undone gives the membership back with its role and end of access: the person can call again", async () => {
    const world = await makeWorld();
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await done(world, "team.role.update", { userId: world.viewer.id, role: "member", accessUntil: until });
    const calls = () => send(world, "memory.list", {}, world.viewer.key);
    expectOk(await calls());
    const removed = await roundTrip(world, "team.remove", { userId: world.viewer.id }, () => team(world));
    expect(removed.undone).toContain("bring back a person's place in the team as member with an end of access");
    // after the redo the removal holds again; undoing the redo brings the person back once more
    expectError(await calls(), 403, "forbidden");
    await undo(world, removed.redoId);
    expectOk(await calls());
    expect((await team(world)).items).toContainEqual(
      expect.objectContaining({ userId: world.viewer.id, role: "member", accessUntil: until }),
    );
  });
});

describe("activity.undo: the brand voice's entries", () => {
  it("proposals are withdrawn; a review puts the entry back to its status and the revision moves forward", async () => {
    const world = await makeWorld();
    const entries = async () => (await genome(world)).entries;
    const proposal = {
      entries: [
        { kind: "guardrail", value: "Never shout." },
        { kind: "voice", value: "Warm" },
      ],
    };
    const proposed = await roundTrip(world, "genome.entries.propose", proposal, entries);
    expect(proposed.undone).toContain('remove the voice entry "Never shout."');
    const [id] = proposed.data.ids as string[];
    const { revision } = await genome(world);
    const approve = { entryId: id, decision: "approve", expectedRevision: revision };
    const reviewed = await roundTrip(world, "genome.entries.review", approve, entries);
    expect(reviewed.undone).toContain('put the voice entry "Never shout." back to proposed');
    // approve, undo, redo: three changes of the voice, and the revision never goes back
    expect((await genome(world)).revision).toBe(revision + 3);
    const soul = expectOk(await send(world, "brand.soul.read", {}, world.viewer.key));
    expect(soul.guardrails).toContain("Never shout.");
  });

  it("an entry reviewed again since: undo_conflict", async () => {
    const world = await makeWorld();
    const { data } = await done(world, "genome.entries.propose", { entries: [{ kind: "voice", value: "Calm" }] });
    const [id] = data.ids as string[];
    const approved = await done(world, "genome.entries.review", {
      entryId: id,
      decision: "approve",
      expectedRevision: (await genome(world)).revision,
    });
    await done(world, "genome.entries.review", {
      entryId: id,
      decision: "retire",
      expectedRevision: (await genome(world)).revision,
    });
    const error = await undoRefused(world, (await entryOf(world, approved.requestId)).id);
    expect(error.message).toContain('the voice entry "Calm" changed since (its status');
  });
});
