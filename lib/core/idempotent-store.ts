// The records behind the Idempotency-Key of any write (idempotent-call.ts). A first call claims its
// key in a short transaction of its own, with a lease; only the holder of the claim stores the
// answer, in its write's transaction, so the answer commits exactly when the write does. A claim
// whose holder died (a killed instance) is taken over once its lease ends (a running call renews
// it, renewWhileRunning); the dead call's transaction was rolled back with its connection, and a
// slow one can no longer complete.
// On PostgreSQL every step that reads and changes a key takes the key's transaction lock first
// (lib/db/locks.ts), so a takeover cannot slip between a completion's update and its commit.
import { randomUUID } from "node:crypto";
import { db, type Tx } from "../db/client";
import { lockKey } from "../db/locks";
import { config } from "../config";
import { canonicalJson, sha256 } from "../crypto";
import { AppError, type ErrorCode, type ErrorDetails } from "../contract/errors";

const KEEP_MS = 24 * 60 * 60_000;

/** Keys are kept per brand and caller (the key's owner); the capability is part of what must match. */
export type KeyScope = { brandId: string; caller: string; key: string };

/** What a retry replays: the first call's final answer under its own request id. */
export type StoredAnswer =
  /** `sealed`: the answer's values shown once, which `data` holds only as a marker (idempotent-call.ts) */
  | { ok: true; requestId: string; data: Record<string, unknown>; sealed?: string }
  | { ok: false; requestId: string; code: ErrorCode; message: string; details: ErrorDetails };

export type Claim = { scopeKey: string; claimId: string };

type Claimed = { claim: Claim } | { replay: StoredAnswer };

const lockOf = (scopeKey: string) => `idempotent-call:${scopeKey}`;

/** Claims the key for this call, or returns the answer to replay; refuses reuse and a key in use. */
export async function claimKey(scope: KeyScope, capabilityId: string, input: unknown, now: Date): Promise<Claimed> {
  const scopeKey = sha256(canonicalJson({ brandId: scope.brandId, caller: scope.caller, key: scope.key }));
  const requestHash = sha256(canonicalJson(input));
  const claim = { scopeKey, claimId: randomUUID() };
  const leaseUntil = new Date(now.getTime() + config().IDEMPOTENCY_LEASE_SECONDS * 1000);
  return db().$transaction(async (tx): Promise<Claimed> => {
    await lockKey(tx, lockOf(scopeKey));
    const row = await tx.idempotentCall.findUnique({ where: { scopeKey } });
    if (!row || row.expiresAt <= now) {
      await tx.idempotentCall.deleteMany({ where: { scopeKey } });
      const expiresAt = new Date(now.getTime() + KEEP_MS);
      await tx.idempotentCall.create({
        data: { scopeKey, capabilityId, requestHash, claimId: claim.claimId, leaseUntil, expiresAt, createdAt: now },
      });
      return { claim };
    }
    if (row.capabilityId !== capabilityId || row.requestHash !== requestHash) {
      throw new AppError(
        "idempotency_key_reused",
        `Idempotency-Key "${scope.key}" was already used for a different request; choose a new key`,
        {
          reason: row.capabilityId === capabilityId ? "other_input" : "other_capability",
        },
      );
    }
    if (row.answer !== null) return { replay: storedAnswer(row.answer) };
    if (row.leaseUntil > now) {
      throw new AppError(
        "idempotency_key_in_use",
        `A call with Idempotency-Key "${scope.key}" is still running; retry shortly`,
        { retryAfterSeconds: 1 },
      );
    }
    // abandoned by a call that died: this one runs instead, and the dead one can no longer complete
    await tx.idempotentCall.update({ where: { scopeKey }, data: { claimId: claim.claimId, leaseUntil } });
    return { claim };
  });
}

/** Stores the final answer, in the write's own transaction (or its own, for a refusal); only the claim's holder can. */
export async function completeClaim(tx: Tx, claim: Claim, answer: StoredAnswer): Promise<void> {
  await lockKey(tx, lockOf(claim.scopeKey));
  // a capability's output and error details are JSON by their schemas; Prisma's type cannot know it
  const stored = await tx.idempotentCall.updateMany({ where: claim, data: { answer: answer as object } });
  if (stored.count !== 1) {
    throw new AppError(
      "idempotency_key_in_use",
      "This call's Idempotency-Key was taken over by a retry after its lease ended; nothing was written",
      { retryAfterSeconds: 1 },
    );
  }
}

/** A running call's hold on its key: `stop` ends the renewals; `endsBy` is the latest its lease can end. */
export type Lease = { stop: () => void; endsBy: () => number };

/**
 * Renews the claim's lease every third of it while its call runs: a call slower than the lease
 * keeps its key, and a killed instance's claim lapses one lease after its last renewal
 * (IDEMPOTENCY_LEASE_SECONDS, 10 by default), not a worst-case write's time after. A renewal that
 * fails is tried again at the next beat; a claim taken over is not renewed. `endsBy` counts every
 * renewal sent, answered or not: one the database has not answered yet may still land.
 */
export function renewWhileRunning(claim: Claim, claimedAt: Date): Lease {
  const leaseMs = config().IDEMPOTENCY_LEASE_SECONDS * 1000;
  let endsBy = claimedAt.getTime() + leaseMs;
  const timer = setInterval(() => {
    const leaseUntil = Date.now() + leaseMs;
    endsBy = Math.max(endsBy, leaseUntil);
    db()
      .idempotentCall.updateMany({ where: claim, data: { leaseUntil: new Date(leaseUntil) } })
      .catch(() => {});
  }, leaseMs / 3);
  timer.unref();
  return { stop: () => clearInterval(timer), endsBy: () => endsBy };
}

/** Frees the key after an answer that is not final (confirmation asked, rate limit, fault): a retry runs again. */
export async function releaseClaim(claim: Claim): Promise<void> {
  await db().idempotentCall.deleteMany({ where: claim });
}

/** Retention: keys (and questions.answer's body keys, lib/core/idempotency.ts) past their 24 hours. */
export async function sweepIdempotencyKeys(now: Date): Promise<void> {
  await db().idempotentCall.deleteMany({ where: { expiresAt: { lt: now } } });
  await db().idempotencyRecord.deleteMany({ where: { expiresAt: { lt: now } } });
}

function storedAnswer(value: unknown): StoredAnswer {
  // what completeClaim stored: always one of the two shapes
  if (typeof value !== "object" || value === null || !("ok" in value) || !("requestId" in value))
    throw new Error("a stored idempotent answer has no known shape");
  return value as StoredAnswer;
}
