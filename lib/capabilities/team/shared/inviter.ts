// An admin who loses the right to invite (made other than admin, removed) takes their waiting
// invitations with them, in the same write: each revoked with its team.invitation.revoked event.
// The sweeper does the same when an inviter's access ends (lib/ops/access-sweep.ts). The write
// names those invitations (waitingInvitations) beside the membership, so its undo brings them back
// waiting with the role, and a confirmation is of them as they were when its person was asked.
import type { BrandContext } from "../../../contract/context";
import { rowRef, type RecordRef } from "../../../db/rows";
import { revokeInvitationsBy, waitingInvitationsBy } from "../../../team/invitations";

/** The person's waiting invitations in the brand, as the rows a write revoking them names. */
export async function waitingInvitations(ctx: BrandContext, userId: string): Promise<RecordRef[]> {
  const waiting = await waitingInvitationsBy(ctx.db, ctx.brand.id, userId, ctx.now);
  return waiting.map((invitation) => rowRef("teamInvitation", invitation.id));
}

export async function revokeInvitationsOf(ctx: BrandContext, userId: string): Promise<void> {
  for (const invitation of await revokeInvitationsBy(ctx.db, ctx.brand.id, userId, ctx.now)) {
    await ctx.recordFurtherEvent({
      type: "team.invitation.revoked",
      data: { invitationId: invitation.id, email: invitation.email },
    });
  }
}
