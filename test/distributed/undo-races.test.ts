// An undo never writes back over a newer write. activity.undo reads the record it restores, then
// writes the earlier row back; a newer write of the same record committed by another instance
// between that read and that write would be reverted with both calls answered 200 and no event
// saying so. Here the undo and the newer write are sent at the same moment, one to each of two
// instances on one PostgreSQL database, in 25 rounds: the record must always hold every change
// whose call answered 200. The profile has a revision check, so one of the two must be refused
// (undo_conflict, or revision_conflict for the newer update); a kit colour has none, so the newer
// change may also land after the undo, but never be undone by it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, type ApiResponse } from "../support/world";
import { postgresSkip, world } from "./targets";
import { atOnce, confirmed, inRounds, judge, outcome, ROUNDS, twoInstances } from "./two-instances";

/** The activity entry of a write that answered 200, as an integrator finds it: by its X-Request-Id. */
async function activityOf(url: string, key: string, brand: string, answer: ApiResponse): Promise<string> {
  expect(outcome(answer), JSON.stringify(answer.body)).toBe("ok");
  const requestId = answer.headers.get("x-request-id");
  const list = await call("activity.list", key, { brand, requestId }, { url });
  expect(list.body?.data?.items, JSON.stringify(list.body)).toHaveLength(1);
  return list.body.data.items[0].id as string;
}

/** The undo's own refusal, when it is refused, must say why in its code. */
const undoRefusedAs = (undo: ApiResponse) =>
  !undo.body?.ok && undo.status < 500 && outcome(undo) !== "undo_conflict"
    ? `the undo was refused as ${outcome(undo)}, not undo_conflict`
    : undefined;

describe.skipIf(postgresSkip)(
  `an undo and a newer write of one record, at once on two instances${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    const t = twoInstances();

    it(`the profile: an undo of brand.profile.update and a newer update (expectedRevision) are never both applied, ${ROUNDS} rounds`, async () => {
      const w = await world(t);
      const brand = w.brand.shortId;
      const key = w.admin.key;
      const genome = () => t.clients.writer.genome.findUniqueOrThrow({ where: { brandId: w.brand.id } });
      await inRounds("undo vs newer profile update", async (round) => {
        const before = await genome();
        const written = await confirmed(t.urls[0], key, brand, {
          capability: "brand.profile.update",
          body: { expectedRevision: before.revision, city: `Undone ${round}` },
        });
        const activityId = await activityOf(t.urls[0], key, brand, written);
        const newerName = `Newer ${round}`;
        const [undo, newer] = await atOnce(t, key, brand, round, [
          { capability: "activity.undo", body: { activityId } },
          // the revision the undone write left: its check passes unless the undo commits first
          {
            capability: "brand.profile.update",
            body: { expectedRevision: before.revision + 1, displayName: newerName },
          },
        ]);
        const after = await genome();
        const verdict = judge(
          [undo, newer],
          [after.city === before.city, after.displayName === newerName],
          ["the undo", "the newer update"],
        );
        // the revision check lets one of them through, never both, even when both changes were kept
        if (undo.body?.ok && newer.body?.ok) return `TWO WINNERS: ${verdict ?? "both answered 200"}`;
        if (!newer.body?.ok && newer.status < 500 && outcome(newer) !== "revision_conflict")
          return `the newer update was refused as ${outcome(newer)}, not revision_conflict`;
        return verdict ?? undoRefusedAs(undo);
      });
    });

    it(`a kit colour: an undo of kit.colors.update never reverts a newer kit.colors.update that answered 200, ${ROUNDS} rounds`, async () => {
      const w = await world(t);
      const brand = w.brand.shortId;
      const key = w.admin.key;
      const hex = (n: number) => `#${n.toString(16).padStart(6, "0").toUpperCase()}`;
      await inRounds("undo vs newer colour change", async (round) => {
        const id = randomUUID();
        const name = `Colour ${round}`;
        await t.clients.writer.kitColor.create({
          data: { id, brandId: w.brand.id, name, hex: hex(2 * round + 1), role: "accent" },
        });
        // the write to undo renames the colour; the newer one changes its HEX, so each call's change
        // can be looked for in the row: the undo's name back, the newer write's HEX
        const renamed = await confirmed(t.urls[0], key, brand, {
          capability: "kit.colors.update",
          body: { id, name: `Renamed ${round}` },
        });
        const activityId = await activityOf(t.urls[0], key, brand, renamed);
        const newerHex = hex(2 * round + 2);
        const answers = await atOnce(t, key, brand, round, [
          { capability: "activity.undo", body: { activityId } },
          { capability: "kit.colors.update", body: { id, hex: newerHex } },
        ]);
        const row = await t.clients.writer.kitColor.findUniqueOrThrow({ where: { id } });
        return (
          judge(answers, [row.name === name, row.hex === newerHex], ["the undo", "the newer change"]) ??
          undoRefusedAs(answers[0])
        );
      });
    });
  },
);
