// Fields and rules the team.* capabilities share: who is a member (404 for anyone else, with no
// oracle across brands), the last-admin rule, how far the caller's own access reaches, and times
// that must lie ahead.
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";
import { AppError, invalidInput, notFound } from "../../../contract/errors";
import { ROLES, type Role } from "../../../contract/roles";
import { lockKey } from "../../../db/locks";
import type { RecordRef } from "../../../db/rows";
import { callerStanding, overreach, overreachInWords, type Standing } from "../../../team/access-bounds";
import { recordId } from "../../schemas";

export const ROLE_WORDS: Record<Role, string> = { viewer: "viewer", member: "member", admin: "admin" };

export const roleField = () =>
  z.enum(ROLES).describe("viewer (reads), member (reads and proposes) or admin (everything, the team included)");

export const userIdField = () => recordId().describe("The person's id, as team.list gives it");

export const accessUntilField = () =>
  z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .describe(
      "When the access ends, ISO 8601 with offset (e.g. 2027-03-31T18:00:00+02:00), in the future; from then on every call of theirs in this brand is refused. null: no end",
    );

/** A time the caller sent, checked to lie ahead; undefined and null pass through. */
export function futureTime(ctx: BrandContext, value: string | null | undefined): Date | null | undefined {
  if (value == null) return value;
  const at = new Date(value);
  if (at.getTime() <= ctx.now.getTime()) {
    throw invalidInput("accessUntil", "must be a time in the future", { reason: "in_the_past" });
  }
  return at;
}

export type Member = {
  userId: string;
  role: Role;
  accessUntil: Date | null;
  accessEndedAt: Date | null;
  createdAt: Date;
  user: { id: string; name: string; email: string };
};

/** A member of this brand; a person of another brand, or nobody, is the same 404 (no oracle). */
export async function findMember(ctx: BrandContext, userId: string): Promise<Member> {
  const membership = await ctx.db.membership.findUnique({
    where: { brandId_userId: { brandId: ctx.brand.id, userId } },
    select: {
      userId: true,
      role: true,
      accessUntil: true,
      accessEndedAt: true,
      createdAt: true,
      user: { select: { id: true, name: true, email: true } },
    },
  });
  if (!membership) throw notFound("userId", "member");
  return { ...membership, role: membership.role as Role };
}

/** A person's membership of this brand, as activity.undo names it. */
export const membershipRef = (ctx: BrandContext, userId: string): RecordRef => ({
  model: "membership",
  key: { brandId: ctx.brand.id, userId },
});

/** Counts toward "the brand keeps an admin": an admin whose access has no end. */
const standingAdmin = (member: { role: string; accessUntil: Date | null }) =>
  member.role === "admin" && member.accessUntil === null;

/**
 * The brand must keep one admin whose access has no end: the last one can be neither demoted,
 * removed nor time-boxed. Writers of one brand's team queue on a lock (PostgreSQL), so two admins
 * demoting each other at once cannot both pass.
 */
export async function keepAnAdmin(
  ctx: BrandContext,
  member: Member,
  after: { role: string; accessUntil: Date | null } | null,
): Promise<void> {
  if (!standingAdmin(member) || (after && standingAdmin(after))) return;
  await lockKey(ctx.db, `team:${ctx.brand.id}`);
  const others = await ctx.db.membership.count({
    where: { brandId: ctx.brand.id, role: "admin", accessUntil: null, userId: { not: member.userId } },
  });
  if (others > 0) return;
  const change = !after ? "removed" : after.role !== "admin" ? `made a ${after.role}` : "given an end of access";
  throw new AppError(
    "last_admin",
    `${member.user.name} is the last admin of ${ctx.brand.name} and cannot be ${change}: make another person admin first`,
    { field: "userId" },
  );
}

/**
 * Refuses (403 forbidden, with its reason) a membership left as `after` that reaches past the
 * caller's own access: their own role raised or end moved later, or, for an admin whose access
 * ends, a role or an end beyond theirs (lib/team/access-bounds.ts). The caller's membership is read
 * in this transaction, so a change of it committed meanwhile counts.
 */
export async function withinOwnAccess(
  ctx: BrandContext,
  target: { userId?: string; before: Standing | null; after: Standing | null },
): Promise<void> {
  const standing = await callerStanding(ctx.db, ctx.brand.id, ctx.actor);
  const found = overreach({ userId: ctx.actor.userId, standing }, target);
  if (found) throw new AppError("forbidden", overreachInWords(found), { reason: found.reason, field: found.field });
}

/** "until 31 March 2027, 18:00 UTC" or nothing, for the sentences a person confirms. */
export function untilWords(at: Date | null | undefined): string {
  if (!at) return "";
  const words = at.toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return ` until ${words} UTC`;
}
