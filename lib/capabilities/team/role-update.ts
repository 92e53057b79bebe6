import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { membershipRef } from "./shared/members";
import { memberData, memberEventData, previousMembership, roleChangedData } from "../../team/member-event";
import { countWaitingInvitationsBy, withdrawnWords } from "../../team/invitations";
import { writeOutput } from "../schemas";
import { revokeInvitationsOf, waitingInvitations } from "./shared/inviter";
import {
  accessUntilField,
  findMember,
  futureTime,
  keepAnAdmin,
  roleField,
  untilWords,
  userIdField,
  withinOwnAccess,
} from "./shared/members";

export const teamRoleUpdate = defineCapability({
  id: "team.role.update",
  kind: "write",
  scope: "team.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Change a person's role or end of access",
  description:
    "Sets a member's role (viewer, member or admin) and, optionally, when their access ends: accessUntil an ISO 8601 " +
    "time with offset in the future, null for no end, omitted to keep it. Extending an ended access gives it back. " +
    "The last admin without an end of access can be neither demoted nor time-boxed (409 last_admin). Nobody raises " +
    'their own role or moves their own end later (403 forbidden, reason "own_membership"), and an admin whose access ' +
    'ends gives nobody an end later than theirs, or none (403 forbidden, reason "beyond_own_access"). Made other ' +
    "than admin, the person's waiting invitations are revoked.",
  limits: ["last_admin"],
  input: z.object({ userId: userIdField(), role: roleField(), accessUntil: accessUntilField() }).strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "team", id: input.userId }),
  // role and end of access as they were; a restore that would leave no admin is refused
  // (activity/shared/undo-rules.ts) and, made other than admin, the invitations it revokes: an undo
  // brings them back waiting
  undo: {
    records: async (ctx, input) => [
      membershipRef(ctx, input.userId),
      ...(input.role === "admin" ? [] : await waitingInvitations(ctx, input.userId)),
    ],
  },
  events: {
    types: {
      "team.member.role_changed": {
        description:
          "A member's role or end of access changed (the data is the member as they are now, and `previous`: what they had before)",
        data: roleChangedData,
      },
      "team.member.access_ended": {
        description: "A member's time-boxed access ended at its accessUntil: their calls in the brand are refused",
        data: memberEventData,
        when: "by the service once the member's accessUntil (set by team.role.update or an invitation) has passed, once per ended access",
      },
    },
    emit: async (ctx, input, _data, before) => {
      const member = await findMember(ctx, input.userId);
      // the membership as it was: the pipeline read it before the change, for undo (undo.records below)
      const was = before(membershipRef(ctx, input.userId));
      if (!was) throw new Error("team.role.update changed a membership the pipeline did not read before");
      return {
        type: "team.member.role_changed",
        data: { ...memberData(member.user, member), previous: previousMembership(was) },
      };
    },
  },
  async summarize(ctx, input) {
    const member = await findMember(ctx, input.userId);
    const until = nextAccessUntil(ctx, input, member.accessUntil);
    const end = until ? untilWords(until) : member.accessUntil ? ", with no end of access" : "";
    const waiting =
      input.role === "admin" ? 0 : await countWaitingInvitationsBy(ctx.db, ctx.brand.id, member.userId, ctx.now);
    return `Make ${member.user.name} (${member.user.email}) ${input.role} of ${ctx.brand.name}${end}.${withdrawnWords(waiting)}`;
  },
  async check(ctx, input) {
    const member = await findMember(ctx, input.userId);
    const after = { role: input.role, accessUntil: nextAccessUntil(ctx, input, member.accessUntil) };
    await withinOwnAccess(ctx, { userId: member.userId, before: member, after });
    await keepAnAdmin(ctx, member, after);
  },
  async execute(ctx, input) {
    const member = await findMember(ctx, input.userId);
    const accessUntil = nextAccessUntil(ctx, input, member.accessUntil);
    await ctx.db.membership.update({
      where: { brandId_userId: { brandId: ctx.brand.id, userId: member.userId } },
      // a new end of access may end again: the sweeper's mark belongs to the old one
      data: {
        role: input.role,
        accessUntil,
        ...(accessUntil?.getTime() !== member.accessUntil?.getTime() ? { accessEndedAt: null } : {}),
      },
    });
    // no longer an admin: what they invited must not outlive their right to invite (an undo of this
    // change gives both back)
    if (input.role !== "admin") await revokeInvitationsOf(ctx, member.userId);
    return { ok: true as const, id: member.userId };
  },
});

/** undefined keeps the current end of access (an ended one stays ended); null clears it; a time must lie ahead. */
function nextAccessUntil(
  ctx: Parameters<typeof futureTime>[0],
  input: { accessUntil?: string | null },
  current: Date | null,
): Date | null {
  if (input.accessUntil === undefined) return current;
  return futureTime(ctx, input.accessUntil) ?? null;
}
