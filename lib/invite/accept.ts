// Accepting an invitation: what the accept page (app/invite) shows before anybody signs
// in, and the signed-in person joining the brand. Above the pipeline's rooms, beside the pages that
// call it: it records its own activity entry and event (team.invite made the invitation, lib/team).
import { randomUUID } from "node:crypto";
import type { Role } from "../contract/roles";
import { recordAudit } from "../core/audit";
import { safeEqual, sha256 } from "../crypto";
import { db, type Tx } from "../db/client";
import { recordEvent } from "../events/record";
import { callerStanding, earlierEnd } from "../team/access-bounds";
import { ACCEPT_ACTIVITY_ID } from "../team/activity-ids";
import { INVITATION_TOKEN } from "../team/invitations";
import { memberData } from "../team/member-event";

/**
 * Why a link cannot be used (the page says which). `inviter_no_longer_admin`: whoever made it is no
 * longer an admin of the brand, or their access ended; an invitation gives nothing its maker could
 * no longer give.
 */
export type InvitationProblem = "used" | "revoked" | "expired" | "unknown" | "inviter_no_longer_admin";

export type InvitationBrand = { id: string; shortId: string; name: string };

export type InspectOutcome =
  | {
      outcome: "ok";
      email: string;
      role: Role;
      /** ISO 8601 UTC, or null: access without end */
      accessUntil: string | null;
      expiresAt: string;
      brand: InvitationBrand;
      invitedBy: string | null;
      /** whether a person with the invited e-mail exists: sign in, or sign up with that e-mail fixed */
      hasAccount: boolean;
    }
  | { outcome: InvitationProblem };

export type AcceptOutcome =
  | {
      outcome: "ok";
      brand: InvitationBrand;
      role: Role;
      accessUntil: string | null;
      /** the person was in the brand already (added meanwhile): their membership is kept as it was */
      alreadyMember: boolean;
    }
  /** signed in as another address: nothing joined, the link stays valid for its owner */
  | { outcome: "wrong_email"; invitedEmail: string }
  /** `acceptedByYou`: this person accepted it before (a second click, a retry) */
  | { outcome: "used"; acceptedByYou: boolean }
  | { outcome: "revoked" | "expired" | "unknown" | "inviter_no_longer_admin" };

type Row = NonNullable<Awaited<ReturnType<Tx["teamInvitation"]["findUnique"]>>>;

async function find(client: Tx, token: string): Promise<Row | null> {
  if (typeof token !== "string" || !INVITATION_TOKEN.test(token)) return null;
  const hash = sha256(token);
  const row = await client.teamInvitation.findUnique({ where: { tokenHash: hash } });
  // the lookup is by hash already; the comparison keeps a timing difference out of the answer
  return row && safeEqual(row.tokenHash, hash) ? row : null;
}

/**
 * What the invitation gives, decided now: nothing once its maker is no longer an admin of the brand
 * (demoted, removed, their access ended: such a change revokes their invitations, and this also
 * catches one made before that rule, or a race with it), else its end of access, never past the
 * maker's own (their end moved earlier since). Staff act as admins without end.
 */
async function inviterAllows(
  client: Tx,
  row: Row,
  now: Date,
): Promise<{ allowed: false } | { allowed: true; accessUntil: Date | null }> {
  const inviter = await client.user.findUnique({ where: { id: row.createdById }, select: { staff: true } });
  const standing = inviter && (await callerStanding(client, row.brandId, { userId: row.createdById, ...inviter }));
  if (standing?.role !== "admin" || (standing.accessUntil !== null && standing.accessUntil <= now))
    return { allowed: false };
  return { allowed: true, accessUntil: earlierEnd(row.accessUntil, standing.accessUntil) };
}

/**
 * Why the link cannot be used now, and else the end of access it gives. An access ending before the
 * person could join counts as the invitation having expired. An inviter no longer admin is said
 * before a revocation: their change revoked it, and "ask another admin" is what the person can do.
 */
async function problemOf(
  client: Tx,
  row: Row | null,
  now: Date,
): Promise<{ problem: InvitationProblem } | { problem: null; accessUntil: Date | null }> {
  if (!row) return { problem: "unknown" };
  if (row.acceptedAt) return { problem: "used" };
  const inviter = await inviterAllows(client, row, now);
  if (!inviter.allowed) return { problem: "inviter_no_longer_admin" };
  if (row.revokedAt) return { problem: "revoked" };
  if (row.expiresAt <= now || (row.accessUntil && row.accessUntil <= now)) return { problem: "expired" };
  return { problem: null, accessUntil: inviter.accessUntil };
}

const brandOf = (client: Tx, brandId: string) =>
  client.brand.findUnique({ where: { id: brandId }, select: { id: true, shortId: true, name: true } });

/** What the accept page shows before anybody signs in. Changes nothing. */
export async function inspectInvitation(token: string, now = new Date()): Promise<InspectOutcome> {
  const client = db();
  const row = await find(client, token);
  const state = await problemOf(client, row, now);
  if (state.problem !== null || !row) return { outcome: state.problem ?? "unknown" };
  const [brand, inviter, account] = await Promise.all([
    brandOf(client, row.brandId),
    client.user.findUnique({ where: { id: row.createdById }, select: { name: true } }),
    client.user.findUnique({ where: { email: row.email }, select: { id: true } }),
  ]);
  if (!brand) return { outcome: "unknown" };
  return {
    outcome: "ok",
    email: row.email,
    role: row.role as Role,
    accessUntil: state.accessUntil?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    brand,
    invitedBy: inviter?.name ?? null,
    hasAccount: account !== null,
  };
}

export type AcceptingPerson = { id: string; email: string; name: string };

/**
 * The signed-in person joins the brand with the invitation's role and end of access, in one
 * transaction with the invitation's use, the activity entry and team.member.joined. Two accepts
 * of one link race on a conditional update: one joins, the other is told the link was used.
 */
export async function acceptInvitation(
  token: string,
  person: AcceptingPerson,
  options: { now?: Date; requestId?: string } = {},
): Promise<AcceptOutcome> {
  const now = options.now ?? new Date();
  return db().$transaction(async (tx): Promise<AcceptOutcome> => {
    const row = await find(tx, token);
    const state = await problemOf(tx, row, now);
    if (state.problem === "used") return { outcome: "used", acceptedByYou: row?.acceptedByUserId === person.id };
    if (state.problem !== null || !row) return { outcome: state.problem ?? "unknown" };
    if (person.email.trim().toLowerCase() !== row.email) return { outcome: "wrong_email", invitedEmail: row.email };
    const brand = await brandOf(tx, row.brandId);
    if (!brand) return { outcome: "unknown" };
    const claimed = await tx.teamInvitation.updateMany({
      where: { id: row.id, acceptedAt: null, revokedAt: null },
      data: { acceptedAt: now, acceptedByUserId: person.id },
    });
    if (claimed.count === 0) {
      // another accept, or a revocation (its inviter's demotion among them), committed meanwhile: say which
      const again = await problemOf(tx, await find(tx, token), now);
      if (again.problem && again.problem !== "used") return { outcome: again.problem };
      return { outcome: "used", acceptedByYou: false };
    }
    const existing = await tx.membership.findUnique({
      where: { brandId_userId: { brandId: row.brandId, userId: person.id } },
    });
    if (existing) {
      return {
        outcome: "ok",
        brand,
        role: existing.role as Role,
        accessUntil: existing.accessUntil?.toISOString() ?? null,
        alreadyMember: true,
      };
    }
    // never past the inviter's own end of access, as it stands now
    const accessUntil = state.accessUntil;
    const membership = await tx.membership.create({
      data: { brandId: row.brandId, userId: person.id, role: row.role, accessUntil, createdAt: now },
    });
    const requestId = options.requestId ?? randomUUID();
    await recordAudit(
      tx,
      { requestId, door: "assistant", capabilityId: ACCEPT_ACTIVITY_ID, userId: person.id, brandId: row.brandId },
      "ok",
      now,
      undefined,
      `${person.name} (${row.email}) joined ${brand.name} as ${row.role}, by invitation${accessUntil ? `, with access until ${accessUntil.toISOString()}` : ""}.`,
    );
    await recordEvent(tx, {
      brandId: row.brandId,
      type: "team.member.joined",
      actor: {
        kind: "person",
        door: "assistant",
        person: { id: person.id, name: person.name },
        app: null,
        key: null,
      },
      data: { ...memberData(person, membership), invitationId: row.id },
      at: now,
    });
    return {
      outcome: "ok",
      brand,
      role: membership.role as Role,
      accessUntil: membership.accessUntil?.toISOString() ?? null,
      alreadyMember: false,
    };
  });
}
