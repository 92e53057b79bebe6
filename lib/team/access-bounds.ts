// How far an admin's own access reaches, judged on the membership a write LEAVES (team.role.update,
// team.invite, and an undo that writes a membership back): nobody raises their own role or moves
// their own end later (another admin must), and an admin whose access ends gives nobody, themselves
// included, a role above theirs or an end later than theirs. Without these, a time-boxed admin
// removed their own end date, or gave a helper access without end that outlived their own.
import type { Actor } from "../contract/context";
import { ROLES, type Role } from "../contract/roles";
import type { Tx } from "../db/client";
import { dateInWords } from "../words/date-words";

/** A role and an end of access (null: no end, later than any time). */
export type Standing = { role: Role; accessUntil: Date | null };

/** Why a change reaches past the caller's own access: its reason code, and what it would do, in words. */
type Overreach = {
  reason: "own_membership" | "beyond_own_access";
  /** the input field that asks for it */
  field: "role" | "accessUntil";
  /** "move the end of your own access later": what the caller cannot do */
  what: string;
  advice: string;
};

const rank = (role: Role) => ROLES.indexOf(role);

/** Whether `a` ends later than `b`; null is no end. */
const endsLater = (a: Date | null, b: Date | null): boolean => b !== null && (a === null || a.getTime() > b.getTime());

/** The earlier of two ends; null is no end. */
export const earlierEnd = (a: Date | null, b: Date | null): Date | null => (endsLater(a, b) ? b : a);

/**
 * The caller's own standing in the brand, read in the caller's transaction. Staff act as admins
 * without end in every brand (lib/core/access.ts), whatever their membership says.
 */
export async function callerStanding(
  tx: Tx,
  brandId: string,
  actor: Pick<Actor, "userId" | "staff">,
): Promise<Standing | null> {
  if (actor.staff) return { role: "admin", accessUntil: null };
  const row = await tx.membership.findUnique({
    where: { brandId_userId: { brandId, userId: actor.userId } },
    select: { role: true, accessUntil: true },
  });
  return row ? { role: row.role as Role, accessUntil: row.accessUntil } : null;
}

/**
 * What is wrong with leaving `target`'s membership as `after` (null: removed, which gives nothing),
 * when it is `before` now (null: not in the team), for a caller standing as `caller`; undefined
 * when nothing is. A target without userId is someone not in the team yet (an invitation).
 */
export function overreach(
  caller: { userId: string; standing: Standing | null },
  target: { userId?: string; before: Standing | null; after: Standing | null },
): Overreach | undefined {
  const { before, after } = target;
  if (!after) return undefined;
  if (target.userId === caller.userId) {
    const own = (field: Overreach["field"], what: string): Overreach => ({
      reason: "own_membership",
      field,
      what,
      advice: "ask another admin",
    });
    if (!before) return own("role", "give yourself a place in the team");
    if (rank(after.role) > rank(before.role)) return own("role", "raise your own role");
    if (endsLater(after.accessUntil, before.accessUntil))
      return own("accessUntil", "move the end of your own access later");
  }
  const mine = caller.standing;
  if (!mine || mine.accessUntil === null) return undefined;
  const beyond = (field: Overreach["field"], what: string): Overreach => ({
    reason: "beyond_own_access",
    field,
    what,
    advice: "ask an admin whose access has no end",
  });
  if (rank(after.role) > rank(mine.role)) return beyond("role", `give a role above your own (${mine.role})`);
  if (endsLater(after.accessUntil, mine.accessUntil)) {
    const given = after.accessUntil ? `access until ${dateInWords(after.accessUntil)}` : "access without an end";
    return beyond("accessUntil", `give ${given}, beyond the end of your own (${dateInWords(mine.accessUntil)})`);
  }
  return undefined;
}

/** The refusal of a team write, in words: "You cannot move the end of your own access later: ask another admin." */
export const overreachInWords = (found: Overreach) => `You cannot ${found.what}: ${found.advice}.`;

/** The same, for an undo that would do it: "This cannot be undone by you: it would …. Ask another admin." */
export const undoOverreachInWords = (found: Overreach) =>
  `This cannot be undone by you: it would ${found.what}. ${found.advice.charAt(0).toUpperCase()}${found.advice.slice(1)}.`;
