// The sweeper of time-boxed access: access already ends at accessUntil on every door
// (lib/core/access.ts reads it on each call); this records that it did, once per ended access:
// team.member.access_ended and an activity entry, in one transaction with the membership's mark,
// and revokes the invitations the person made that still wait (each with team.invitation.revoked):
// an invitation must not outlive its inviter's rights. The entry is the service's, not the
// person's: nobody did anything at that moment, so team.list does not show them active then.
// Every instance runs it (lib/ops/background.ts); the mark is a conditional update, so of two
// instances finding one ended access only one records it.
import { randomUUID } from "node:crypto";
import type { Door } from "../contract/catalogue";
import { DOORS } from "../contract/catalogue";
import { recordAudit } from "../core/audit";
import { db, type Tx } from "../db/client";
import type { EventActor } from "../events/actor";
import { recordEvent } from "../events/record";
import { log } from "../log";
import { ACCESS_ENDED_ACTIVITY_ID } from "../team/activity-ids";
import { revokeInvitationsBy, withdrawnWords } from "../team/invitations";
import { memberData } from "../team/member-event";

const BATCH = 100;

export async function recordEndedAccess(now: Date): Promise<number> {
  const ended = await db().membership.findMany({
    where: { accessUntil: { lte: now }, accessEndedAt: null },
    orderBy: { accessUntil: "asc" },
    take: BATCH,
    select: { brandId: true, userId: true, accessUntil: true },
  });
  let recorded = 0;
  for (const membership of ended) {
    if (await recordOne(membership.brandId, membership.userId, membership.accessUntil!, now)) recorded += 1;
  }
  if (recorded > 0) log.info({ component: "team", recorded }, "time-boxed access ended");
  return recorded;
}

async function recordOne(brandId: string, userId: string, accessUntil: Date, now: Date): Promise<boolean> {
  return db().$transaction(async (tx) => {
    // claimed only while its accessUntil is the one found: an admin extending it meanwhile wins
    const claimed = await tx.membership.updateMany({
      where: { brandId, userId, accessUntil, accessEndedAt: null },
      data: { accessEndedAt: now },
    });
    if (claimed.count === 0) return false;
    const membership = await tx.membership.findUniqueOrThrow({
      where: { brandId_userId: { brandId, userId } },
      select: { role: true, accessUntil: true, user: { select: { id: true, name: true, email: true } }, brand: true },
    });
    const data = memberData(membership.user, membership);
    const actor = await grantedBy(tx, brandId, data.userId, data.accessUntil);
    const revoked = await revokeInvitationsBy(tx, brandId, userId, now);
    // no userId: the service did this, at the time set before (activity.list names it)
    await recordAudit(
      tx,
      { requestId: randomUUID(), door: actor.door, capabilityId: ACCESS_ENDED_ACTIVITY_ID, brandId },
      "ok",
      now,
      undefined,
      `The access of ${membership.user.name} (${membership.user.email}) to ${membership.brand.name} ended at ${accessUntil.toISOString()}, as set.${withdrawnWords(revoked.length, "were")}`,
    );
    await recordEvent(tx, { brandId, type: "team.member.access_ended", actor, data, at: now });
    for (const invitation of revoked) {
      const revokedData = { invitationId: invitation.id, email: invitation.email };
      await recordEvent(tx, { brandId, type: "team.invitation.revoked", actor, data: revokedData, at: now });
    }
    return true;
  });
}

/**
 * Who gave the access that ended: the actor of the event that set this accessUntil (a role change
 * or the joining by an invitation), else the person themselves.
 */
async function grantedBy(tx: Tx, brandId: string, userId: string, accessUntil: string | null): Promise<EventActor> {
  const events = await tx.event.findMany({
    where: { brandId, type: { in: ["team.member.role_changed", "team.member.joined"] } },
    orderBy: { seq: "desc" },
    take: 200,
    select: { actor: true, data: true },
  });
  const setter = events.find((event) => {
    const data = event.data as { userId?: string; accessUntil?: string | null };
    return data.userId === userId && data.accessUntil === accessUntil;
  });
  const actor = setter?.actor as EventActor | undefined;
  if (actor && (DOORS as readonly string[]).includes(actor.door)) return actor;
  const person = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true } });
  return {
    kind: "person",
    door: "assistant" satisfies Door,
    person: { id: userId, name: person.name },
    app: null,
    key: null,
  };
}
