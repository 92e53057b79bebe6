// Rules that hold now, checked before a row is written back (issue 41.3): the kit's one colour per
// HEX and role, one channel per value, one logo per file, one endpoint per receiver URL and the
// brand's bound of endpoints, an admin without an end of access. A broken rule is an undo_conflict in words, before anybody confirms.
// activity.list asks the same rules without their locks (a read): the Undo it offers is the one that holds.
import type { BrandContext } from "../../contract/context";
import { AppError } from "../../contract/errors";
import { lockKey } from "../../db/locks";
import type { Row, RowModel } from "../../db/rows";
import { checkNotDuplicate, checkRoomForEndpoint, lockEndpoints } from "../webhooks/shared";
import { recordInWords } from "./undo-words";

/** `lock`: a write about to restore the row holds the rule's lock; a read (activity.list) only looks. */
type Rule = (ctx: BrandContext, before: Row, now: Row | null, lock: boolean) => Promise<string | undefined>;

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
  // the last-admin rule of team.role.update and team.remove (issue 43.1): a brand keeps an admin without end
  async membership(ctx, before, now, lock) {
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

/** The reason writing `before` back would break a rule now, in words; undefined when it would not. */
export async function brokenRule(
  ctx: BrandContext,
  model: RowModel,
  before: Row | null,
  now: Row | null,
  lock: boolean,
) {
  return before ? RULES[model]?.(ctx, before, now, lock) : undefined;
}
