import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { invalidInput, notFound } from "../../contract/errors";
import type { BrandContext } from "../../contract/context";
import { recordId, writeOutput } from "../schemas";

/** A waiting invitation of this brand; another brand's, or none, is the same 404. */
async function findPending(ctx: BrandContext, id: string) {
  const invitation = await ctx.db.teamInvitation.findFirst({ where: { id, brandId: ctx.brand.id } });
  if (!invitation) throw notFound("id", "invitation");
  if (invitation.acceptedAt) {
    throw invalidInput("id", "this invitation was accepted already: remove the person instead (team.remove)", {
      reason: "accepted",
    });
  }
  return invitation;
}

export const teamInvitationsRevoke = defineCapability({
  id: "team.invitations.revoke",
  kind: "write",
  scope: "team.write",
  minRole: "admin",
  // taking a link back gives nobody anything: no confirmation
  confirmation: false,
  destructive: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Revoke an invitation",
  description:
    "Takes back an invitation not yet accepted: its link stops working at once. Revoking one already revoked or " +
    'expired changes nothing and succeeds; an accepted one is 422 naming id with reason "accepted".',
  input: z.object({ id: recordId().describe("The invitation's id, as team.list's invitations give it") }).strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "team", id: input.id, removed: true }),
  // the link works again, until the invitation's own expiry
  undo: { records: (_ctx, input) => [rowRef("teamInvitation", input.id)] },
  events: {
    types: {
      "team.invitation.revoked": {
        description: "An invitation was taken back: its link no longer works",
        when:
          "once a call of team.invitations.revoke committed, and, with the change that took its inviter's right to " +
          "invite (made other than admin by team.role.update, removed by team.remove, or their access ended), each of " +
          "their invitations still waiting",
        data: z
          .object({
            invitationId: z.string().describe("The invitation's id"),
            email: z.string().describe("The address it was for"),
          })
          .strict(),
      },
    },
    emit: async (ctx, input) => {
      const invitation = await findPending(ctx, input.id);
      return { type: "team.invitation.revoked", data: { invitationId: invitation.id, email: invitation.email } };
    },
  },
  async summarize(ctx, input) {
    const invitation = await findPending(ctx, input.id);
    return `Revoke the invitation of ${invitation.email} to ${ctx.brand.name}: its link stops working.`;
  },
  async check(ctx, input) {
    await findPending(ctx, input.id);
  },
  async execute(ctx, input) {
    const invitation = await findPending(ctx, input.id);
    const revoked = await ctx.db.teamInvitation.updateMany({
      where: { id: invitation.id, revokedAt: null, acceptedAt: null },
      data: { revokedAt: ctx.now },
    });
    // the person accepted it in the meantime (acceptInvitation's conditional update won)
    if (revoked.count === 0 && !invitation.revokedAt) await findPending(ctx, input.id);
    return { ok: true as const, id: invitation.id };
  },
});
