// Pending calls: a confirmation-requiring write proposed through the Assistant door, parked until
// its person decides (docs/design.md, confirmation). The token is sealed at rest and never leaves
// this module except into the pipeline; every state change is one conditional update, so two clicks
// decide once.
import { db } from "../db/client";
import { asJson } from "../db/sql";
import { randomBase62 } from "../crypto";
import { open, seal } from "../vault";
import type { PersonDoor, ToolEnvelope } from "./envelope";
import { keptEnvelope } from "./kept";

/** approved: the person confirmed on the confirm page; the MCP call that asked runs it (lib/mcp/confirm-page.ts) */
export type PendingStatus = "pending" | "approved" | "confirmed" | "declined" | "expired";
/**
 * a person's doors (chat, voice), MCP hosts that render the confirm view (MCP Apps), and the doors
 * of credentials whose writes wait for their person (lib/core/person-confirmation.ts)
 */
export type PendingDoor = PersonDoor | "mcp" | "api";
const DOORS: readonly PendingDoor[] = ["assistant", "voice", "mcp", "api"];

export type PendingCall = {
  id: string;
  userId: string;
  brandId: string;
  capabilityId: string;
  input: Record<string, unknown>;
  summary: string;
  status: PendingStatus;
  outcome: ToolEnvelope | null;
  toolCallId: string | null;
  /** the door that proposed it; Confirm runs it through the same door */
  door: PendingDoor;
  /** the MCP door's caller it is bound to (`callerKey`: key:<id> or app:<grant id>); null for a person's doors */
  caller: string | null;
  /** the stored conversation it was proposed in (the decision is written into it), if any */
  conversationId: string | null;
  expiresAt: Date;
  /** a credential waiting for its person: the scopes it asked with, its Idempotency-Key */
  callerScopes: string[];
  idempotencyKey: string | null;
  /** the person's note with their decision */
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

export type NewPending = Omit<
  PendingCall,
  "id" | "status" | "outcome" | "input" | "callerScopes" | "idempotencyKey" | "note" | "createdAt" | "decidedAt"
> & { input: string; token: string };

/** Parks the call; returns its id (32 base62 characters: not guessable, not enumerable). */
export async function createPending(call: NewPending, now: Date): Promise<string> {
  const id = randomBase62(32);
  const { token, ...rest } = call;
  await db().pendingCall.create({ data: { ...rest, id, tokenSealed: seal(token, sealContext(id)), createdAt: now } });
  // keep the table small: a day after expiry nobody can act on a row any more
  await db().pendingCall.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  return id;
}

/** What createPending hands out; anything else (a NUL included, which PostgreSQL cannot compare) is unknown. */
const PENDING_ID = /^[A-Za-z0-9]{32}$/;

/** The call, only for its owner: another person's id reads as unknown (no existence oracle). */
export async function findPending(id: string, userId: string): Promise<PendingCall | null> {
  if (!PENDING_ID.test(id)) return null;
  const row = await db().pendingCall.findFirst({ where: { id, userId } });
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    brandId: row.brandId,
    capabilityId: row.capabilityId,
    input: JSON.parse(row.input) as Record<string, unknown>,
    summary: row.summary,
    status: row.status as PendingStatus,
    // an outcome stored before values shown once were kept out is read without them too
    outcome: row.outcome === null ? null : keptEnvelope(asJson<ToolEnvelope>(row.outcome)),
    toolCallId: row.toolCallId,
    door: DOORS.find((door) => door === row.door) ?? "assistant",
    caller: row.caller,
    conversationId: row.conversationId,
    expiresAt: row.expiresAt,
    callerScopes: row.callerScopes === null ? [] : (JSON.parse(row.callerScopes) as string[]),
    idempotencyKey: row.idempotencyKey,
    note: row.note,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/**
 * Moves a pending (or `from`), unexpired call to `status`; true for the one caller that won. The
 * sealed token is returned to the winner of a confirm and erased from the row in the same update;
 * an approval keeps it for the confirm that follows.
 */
export async function claim(
  id: string,
  userId: string,
  status: Exclude<PendingStatus, "pending">,
  now: Date,
  from: "pending" | "approved" = "pending",
): Promise<{ won: boolean; token?: string }> {
  const row =
    status === "confirmed"
      ? await db().pendingCall.findFirst({ where: { id, userId }, select: { tokenSealed: true } })
      : null;
  const expiry = status === "expired" ? { lte: now } : { gt: now };
  const updated = await db().pendingCall.updateMany({
    where: { id, userId, status: from, expiresAt: expiry },
    data: { status, decidedAt: now, ...(status === "approved" ? {} : { tokenSealed: null }) },
  });
  if (updated.count !== 1) return { won: false };
  return { won: true, token: row?.tokenSealed ? open(row.tokenSealed, sealContext(id)) : undefined };
}

/** Records the final envelope of a decided call (and the person's note with their decision, if any). */
export async function storeOutcome(id: string, outcome: ToolEnvelope, note?: string): Promise<void> {
  await db().pendingCall.update({
    where: { id },
    data: { outcome: keptEnvelope(outcome) as object, ...(note ? { note } : {}) },
  });
}

/** The AAD of the sealed token: a ciphertext copied onto another row does not open there. */
const sealContext = (id: string) => `pending-call:${id}`;
