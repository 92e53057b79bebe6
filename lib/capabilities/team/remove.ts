import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { countWaitingInvitationsBy, withdrawnWords } from "../../team/invitations";
import { membershipRef } from "./shared/members";
import { writeOutput } from "../schemas";
import { revokeInvitationsOf, waitingInvitations } from "./shared/inviter";
import { findMember, keepAnAdmin, userIdField } from "./shared/members";

export const teamRemove = defineCapability({
  id: "team.remove",
  kind: "write",
  scope: "team.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Remove a person from the brand",
  description:
    "Removes a member from the brand: from their next call on, through every door (keys, connected apps, the app), " +
    "they have no access to it. Their account and their other brands stay; the invitations they made that still " +
    "wait are revoked. The last admin without an end of access cannot be removed (409 last_admin).",
  limits: ["last_admin"],
  input: z.object({ userId: userIdField() }).strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "team", id: input.userId, removed: true }),
  // the membership comes back with its role, end of access and joining time: access returns on the next call
  undo: {
    records: async (ctx, input) => [membershipRef(ctx, input.userId), ...(await waitingInvitations(ctx, input.userId))],
  },
  events: {
    types: {
      "team.member.removed": {
        description: "A member was removed from the brand: their access ended at once on every door",
        data: z
          .object({
            userId: z.string().describe("The person's id"),
            name: z.string().describe("The person's name"),
            deleted: z.literal(true),
          })
          .strict(),
      },
    },
    // the membership is gone once execute ran; the person (their account) stays
    emit: async (ctx, input) => {
      const person = await ctx.db.user.findUniqueOrThrow({ where: { id: input.userId }, select: { name: true } });
      return { type: "team.member.removed", data: { userId: input.userId, name: person.name, deleted: true as const } };
    },
  },
  async summarize(ctx, input) {
    const member = await findMember(ctx, input.userId);
    const waiting = await countWaitingInvitationsBy(ctx.db, ctx.brand.id, member.userId, ctx.now);
    return `Remove ${member.user.name} (${member.user.email}, ${member.role}) from ${ctx.brand.name}: their access ends at once on every door.${withdrawnWords(waiting)}`;
  },
  async check(ctx, input) {
    await keepAnAdmin(ctx, await findMember(ctx, input.userId), null);
  },
  async execute(ctx, input) {
    const member = await findMember(ctx, input.userId);
    await ctx.db.membership.delete({ where: { brandId_userId: { brandId: ctx.brand.id, userId: member.userId } } });
    // what they invited must not outlive their place (an undo of the removal brings both back)
    await revokeInvitationsOf(ctx, member.userId);
    return { ok: true as const, id: member.userId };
  },
});
