// Rules that hold now, checked before a row is written back: the kit's one colour per
// HEX and role, one channel per value, one logo per file, one endpoint per receiver URL and the
// brand's bound of endpoints, an admin without an end of access. A broken rule is an undo_conflict in words, before anybody confirms.
// A membership written back must also stay within the access of whoever undoes (lib/team/access-bounds.ts):
// that one is theirs, not the record's, so it is refused as the team's writes refuse it (403 forbidden).
// activity.list asks the same rules without their locks (a read): the Undo it offers is the one that holds.
import type { BrandContext } from "../../../contract/context";
import { AppError } from "../../../contract/errors";
import type { Role } from "../../../contract/roles";
import { lockKey } from "../../../db/locks";
import type { Row, RowModel } from "../../../db/rows";
import { callerStanding, overreach, type Standing, undoOverreachInWords } from "../../../team/access-bounds";
import { checkNotDuplicate, checkRoomForEndpoint, lockEndpoints } from "../../webhooks/shared/endpoints";
import { recordInWords } from "./undo-words";

/**
 * `lock`: a write about to restore the row holds the rule's lock; a read (activity.list) only looks.
 * A rule answers the reason in words (an undo_conflict), or the refusal itself when it is not the
 * record's conflict but the caller's (forbidden).
 */
type Rule = (ctx: BrandContext, before: Row, now: Row | null, lock: boolean) => Promise<string | AppError | undefined>;

const id = (row: Row) => String(row.id);

const RULES: Partial<Record<RowModel, Rule>> = {
  async kitColor(ctx, before) {
    const twin = await ctx.db.kitColor.findFirst({
      where: { brandId: ctx.brand.id, hex: String(before.hex), role: String(before.role), id: { not: id(before) } },
    });
    return twin ? `the kit has ${recordInWords("kitColor", twin)} now, with the same HEX value and role` : undefined;
  },
  async contact(ctx, before) {
    const twin = await ctx.db.contact.findFirst({
      where: { brandId: ctx.brand.id, type: String(before.type), value: String(before.value), id: { not: id(before) } },
    });
    return twin ? `the brand has ${recordInWords("contact", twin)} now` : undefined;
  },
  async kitLogo(ctx, before) {
    const twin = await ctx.db.kitLogo.findFirst({
      where: { brandId: ctx.brand.id, assetId: String(before.assetId), id: { not: id(before) } },
    });
    return twin ? `that file is in the kit now as ${recordInWords("kitLogo", twin)}` : undefined;
  },
  // the last-admin rule of team.role.update and team.remove: a brand keeps an admin without end
  async membership(ctx, before, now, lock) {
    const beyond = await beyondCallersAccess(ctx, before, now);
    if (beyond) return beyond;
    const standing = (row: Row | null) => row?.role === "admin" && row.accessUntil == null;
    if (!standing(now) || standing(before)) return undefined;
    if (lock) await lockKey(ctx.db, `team:${ctx.brand.id}`);
    const others = await ctx.db.membership.count({
      where: { brandId: ctx.brand.id, role: "admin", accessUntil: null, userId: { not: String(before.userId) } },
    });
    return others
      ? undefined
      : "they are the brand's last admin without an end of access now: make another person admin first";
  },
  async webhookEndpoint(ctx, before, now, lock) {
    try {
      if (lock) await lockEndpoints(ctx);
      await checkNotDuplicate(ctx, String(before.url), id(before));
      if (!now) await checkRoomForEndpoint(ctx);
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
    return undefined;
  },
};

const standingOf = (row: Row | null): Standing | null => {
  if (!row) return null;
  const until = row.accessUntil;
  const accessUntil = until == null ? null : until instanceof Date ? until : new Date(String(until));
  return { role: row.role as Role, accessUntil };
};

/**
 * An undo that writes a membership back is a change of it by whoever undoes: refused as
 * team.role.update refuses it (their own role raised or end moved later; for an admin whose access
 * ends, a role or an end beyond theirs), read in the undo's transaction.
 */
async function beyondCallersAccess(ctx: BrandContext, before: Row, now: Row | null): Promise<AppError | undefined> {
  const standing = await callerStanding(ctx.db, ctx.brand.id, ctx.actor);
  const found = overreach(
    { userId: ctx.actor.userId, standing },
    { userId: String(before.userId), before: standingOf(now), after: standingOf(before) },
  );
  return found
    ? new AppError("forbidden", undoOverreachInWords(found), { reason: found.reason, field: "activityId" })
    : undefined;
}

/**
 * Why writing `before` back would break a rule now: the reason in words (an undo_conflict), or a
 * refusal of its own (forbidden); undefined when nothing would.
 */
export async function brokenRule(
  ctx: BrandContext,
  model: RowModel,
  before: Row | null,
  now: Row | null,
  lock: boolean,
) {
  return before ? RULES[model]?.(ctx, before, now, lock) : undefined;
}
