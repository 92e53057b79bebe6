// Invitations to a brand's team. team.invite creates one inside its write; the accept
// page (app/invite, lib/invite/accept.ts) inspects and accepts it for the signed-in person. The
// link's secret is shown once: only its SHA-256 is kept, so neither the table nor a copy of an
// answer can rebuild it. An admin who loses the right to invite takes their waiting invitations
// with them (revokeInvitationsBy).
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

/** The invitations a person made in a brand that still wait: not accepted, revoked or expired. */
const waitingBy = (brandId: string, createdById: string, now: Date) => ({
  brandId,
  createdById,
  acceptedAt: null,
  revokedAt: null,
  expiresAt: { gt: now },
});

export const countWaitingInvitationsBy = (tx: Tx, brandId: string, createdById: string, now: Date) =>
  tx.teamInvitation.count({ where: waitingBy(brandId, createdById, now) });

/** Those invitations, oldest first. */
export const waitingInvitationsBy = (tx: Tx, brandId: string, createdById: string, now: Date) =>
  tx.teamInvitation.findMany({
    where: waitingBy(brandId, createdById, now),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, email: true },
  });

/**
 * Revokes, in the caller's transaction, the invitations `createdById` made in the brand that still
 * wait: their maker lost the right to invite (made other than admin, removed, or their access
 * ended), and an invitation must not give what its maker could no longer give. Answers those it
 * revoked, for their team.invitation.revoked events.
 */
export async function revokeInvitationsBy(
  tx: Tx,
  brandId: string,
  createdById: string,
  now: Date,
): Promise<{ id: string; email: string }[]> {
  const waiting = await waitingInvitationsBy(tx, brandId, createdById, now);
  const revoked: { id: string; email: string }[] = [];
  for (const invitation of waiting) {
    // one by one: an acceptance that won meanwhile keeps its invitation accepted, not revoked
    const { count } = await tx.teamInvitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count) revoked.push(invitation);
  }
  return revoked;
}

/** " Their 2 waiting invitations are withdrawn.", or nothing, for the sentences a person confirms and the trail. */
export function withdrawnWords(count: number, tense: "are" | "were" = "are"): string {
  if (count === 0) return "";
  return count === 1
    ? ` Their waiting invitation ${tense === "are" ? "is" : "was"} withdrawn.`
    : ` Their ${count} waiting invitations ${tense} withdrawn.`;
}
