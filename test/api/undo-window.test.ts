// The undo window cannot be stretched: undo, redo, undo… keeps a write reversible only within
// UNDO_WINDOW_HOURS of the write itself, not of its latest undo. An undo's undo (a redo) is judged
// by the time of the write the chain of undone entries goes back to; the words say so, and
// activity.list offers no Undo that the undo would refuse.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, expectOk, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const send = (world: World, capability: string, input: Record<string, unknown>) =>
  call(capability, world.admin.key, { brand: world.brand.shortId, ...input });

async function confirmed(world: World, capability: string, input: Record<string, unknown>) {
  const first = await send(world, capability, input);
  if (first.body?.error?.code !== "confirmation_required") return first;
  return send(world, capability, { ...input, confirmationToken: first.body.error.confirmationToken });
}

/** The activity.list item of the call with this request id. */
async function entryOf(world: World, requestId: string) {
  const items = expectOk(await send(world, "activity.list", { requestId })).items as any[];
  expect(items).toHaveLength(1);
  return items[0] as { id: string; undo: { available: boolean; reason?: string } };
}

/** Undoes an entry; answers the undo's own entry (what a redo takes back). */
async function undo(world: World, activityId: string) {
  const answer = await confirmed(world, "activity.undo", { activityId });
  expectOk(answer);
  return entryOf(world, answer.headers.get("x-request-id")!);
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe("the undo window counts from the original write", () => {
  it("an undo and its redo are refused once the write itself is older than the window, however fresh they are", async () => {
    const world = await makeWorld();
    const added = await confirmed(world, "kit.colors.add", { name: "Sky", hex: "#8ECAE6" });
    expectOk(added);
    const write = await entryOf(world, added.headers.get("x-request-id")!);
    const undone = await undo(world, write.id);
    const redone = await undo(world, undone.id);
    expect(redone.undo).toEqual({ available: true });

    // the write is now 25 hours old; its undo and its redo were made a moment ago
    await db().auditEntry.update({ where: { id: write.id }, data: { at: hoursAgo(25) } });
    const listed = expectOk(await send(world, "activity.list", { capabilityId: "activity.undo" })).items as any[];
    for (const entry of [redone, undone]) {
      const refused = expectError(await send(world, "activity.undo", { activityId: entry.id }), 409, "undo_expired");
      expect(refused.message).toMatch(
        /^This goes back to a change made on .+ UTC; a change can be undone for 24 hours after it was made, and undoing its undo \(a redo\) counts from that change too\.$/,
      );
      expect(listed.find((item) => item.id === entry.id)?.undo).toEqual({ available: false, reason: refused.message });
    }
    // nothing moved: the colour is as the redo left it
    expect(expectOk(await send(world, "kit.read", { parts: ["colors"] })).colors).toHaveLength(1);
  });
});
