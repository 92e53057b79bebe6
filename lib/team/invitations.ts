// Invitations to a brand's team (issue 43). team.invite creates one inside its write; the accept
// page (app/invite, lib/invite/accept.ts) inspects and accepts it for the signed-in person. The
// link's secret is shown once: only its SHA-256 is kept, so neither the table nor a copy of an
// answer can rebuild it.
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Role } from "../contract/roles";
import { randomBase62, sha256 } from "../crypto";
import type { Tx } from "../db/client";

/** An invitation link stays usable this long. */
export const INVITATION_DAYS = 7;
/** The accept page: `${APP_URL}${INVITE_PATH}/<token>`. */
export const INVITE_PATH = "/invite";

/** The link's secret as it is handed out: "inv_" and 40 base62 characters. */
export const INVITATION_TOKEN = /^inv_[0-9A-Za-z]{40}$/;

export const inviteUrl = (token: string) => `${config().APP_URL}${INVITE_PATH}/${token}`;

export type NewInvitation = {
  brandId: string;
  email: string;
  role: Role;
  accessUntil: Date | null;
  createdById: string;
  now: Date;
};

/** Writes the invitation in the caller's transaction; the URL is returned here and nowhere else. */
export async function createInvitation(
  tx: Tx,
  invitation: NewInvitation,
): Promise<{ id: string; inviteUrl: string; expiresAt: Date }> {
  const id = randomUUID();
  const token = `inv_${randomBase62(40)}`;
  const expiresAt = new Date(invitation.now.getTime() + INVITATION_DAYS * 86_400_000);
  await tx.teamInvitation.create({
    data: {
      id,
      brandId: invitation.brandId,
      email: invitation.email.trim().toLowerCase(),
      role: invitation.role,
      accessUntil: invitation.accessUntil,
      tokenHash: sha256(token),
      expiresAt,
      createdById: invitation.createdById,
      createdAt: invitation.now,
    },
  });
  return { id, inviteUrl: inviteUrl(token), expiresAt };
}
