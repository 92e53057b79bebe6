// Steps 9 and 10 under the caller's Idempotency-Key (Stripe's rules), for any write and
// any door that reads one: the API door's header, the MCP door's `_meta.idempotencyKey`. The first
// call's final answer (its data, or a refusal no retry can change) is replayed for 24 hours to a
// retry with the same input; answers that are not final (a confirmation asked, a rate limit, a
// fault) free the key, so a retry runs; a fault that cannot free it tells the caller to retry when
// its lease has ended. The confirmation token is not part of the input, so the confirmed repeat of
// a call runs under the key of the call that was asked to confirm.
// Independent of questions.answer's `idempotencyKey` body field (idempotency.ts), which keeps its meaning.
import { z } from "zod";
import { db, type Tx } from "../db/client";
import { AppError, invalidInput, type ErrorCode } from "../contract/errors";
import { shownOnceOf, withoutShownOnce } from "../contract/shown-once";
import { open, seal } from "../vault";
import { log } from "../log";
import { recordAudit, type AuditTrail } from "./audit";
import { asAppError } from "./fault";
import {
  claimKey,
  completeClaim,
  releaseClaim,
  renewWhileRunning,
  type Claim,
  type StoredAnswer,
} from "./idempotent-store";

/** A key as a door read it, and the name the caller knows it by (for the error naming it). */
export type IdempotencyKeyInput = { value: unknown; field: string };

/** Stores a successful write's answer inside its transaction (write.ts). */
export type Settle = (tx: Tx, data: Record<string, unknown>) => Promise<void>;

type Call = {
  brandId: string;
  caller: string;
  capabilityId: string;
  input: unknown;
  requestId: string;
  now: Date;
  trail?: AuditTrail;
  /** the capability's output fields shown once: kept sealed, for this caller's retries only */
  shownOnce?: readonly string[];
};

const keySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7E]+$/, "must be plain letters, digits and punctuation, on one line");

/**
 * Answers that another try can change: never stored, the key is freed. A reuse found past the claim
 * (the key names a call parked for its person, lib/core/person-confirmation.ts) is the parked
 * call's, not this input's: storing it would refuse the parked call its own key.
 */
const NOT_FINAL: readonly ErrorCode[] = [
  "confirmation_required",
  "idempotency_key_reused",
  "rate_limited",
  "budget_exceeded",
  "idempotency_key_in_use",
];

export async function idempotently(
  key: IdempotencyKeyInput | undefined,
  call: Call,
  replayed: (requestId: string) => void,
  run: (settle?: Settle) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  if (key === undefined) return run();
  const parsed = keySchema.safeParse(key.value);
  if (!parsed.success) throw invalidInput(key.field, "must be 1 to 255 printable ASCII characters");
  const claimed = await claimKey(
    { brandId: call.brandId, caller: call.caller, key: parsed.data },
    call.capabilityId,
    call.input,
    call.now,
  );
  const boundTo = sealedFor(call, parsed.data);
  if ("replay" in claimed) return replay(claimed.replay, call, boundTo, replayed);
  const { claim } = claimed;
  const lease = renewWhileRunning(claim, call.now);
  try {
    return await run((tx, data) => completeClaim(tx, claim, kept(data, call, boundTo)));
  } catch (thrown) {
    // no renewal after the failure: the lease must not outlive the answer that tells when it ends
    lease.stop();
    throw await settleFailure(claim, thrown, call.requestId, lease.endsBy());
  } finally {
    lease.stop();
  }
}

async function replay(
  answer: StoredAnswer,
  call: Call,
  boundTo: string,
  replayed: (requestId: string) => void,
): Promise<Record<string, unknown>> {
  replayed(answer.requestId);
  if (!answer.ok) throw new AppError(answer.code, answer.message, answer.details);
  if (call.trail) await recordAudit(db(), call.trail, "replayed", call.now);
  if (answer.sealed === undefined) return answer.data;
  return { ...answer.data, ...openedOrGone(answer.sealed, boundTo) };
}

/**
 * The sealed values, or nothing (the stored answer keeps its markers) when they no longer open: the
 * vault's key changed with APP_SECRET since the first call. The write happened; the replay still
 * answers it, only without what was shown once.
 */
function openedOrGone(sealed: string, boundTo: string): Record<string, unknown> {
  try {
    return JSON.parse(open(sealed, boundTo)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The answer as stored: values shown once only sealed (the database alone never yields them), bound
 * to this caller's key, so only the same credential's retry with the same key opens them.
 */
function kept(data: Record<string, unknown>, call: Call, boundTo: string): StoredAnswer {
  const once = shownOnceOf(data, call.shownOnce);
  const answer: StoredAnswer = { ok: true, requestId: call.requestId, data: withoutShownOnce(data, call.shownOnce) };
  return once ? { ...answer, sealed: seal(JSON.stringify(once), boundTo) } : answer;
}

const sealedFor = (call: Call, key: string) =>
  `idempotent-answer\0${call.brandId}\0${call.caller}\0${call.capabilityId}\0${key}`;

/**
 * A final refusal is the key's answer; anything else frees the key, or, if even that fails, its
 * lease ends it. Answers what the caller is told: the error as thrown, unless the key stays held.
 */
async function settleFailure(claim: Claim, thrown: unknown, requestId: string, leaseEndsBy: number): Promise<unknown> {
  try {
    if (thrown instanceof AppError && thrown.status < 500 && !NOT_FINAL.includes(thrown.code)) {
      const answer: StoredAnswer = {
        ok: false,
        requestId,
        code: thrown.code,
        message: thrown.message,
        details: thrown.details,
      };
      await db().$transaction((tx) => completeClaim(tx, claim, answer));
    } else {
      await releaseClaim(claim);
    }
    return thrown;
  } catch (error) {
    log.warn({ requestId, err: error }, "an idempotency key was not settled; its lease ends it");
    return heldUntil(thrown, leaseEndsBy);
  }
}

/**
 * A database fault whose key could not be freed (the database that cut the write is usually down
 * for the release too): a retry within the lease would only hear idempotency_key_in_use, so the
 * 503's Retry-After waits the lease out. Waiting is enough on SQLite and PostgreSQL alike, whichever
 * instance the retry reaches: a freeing sent later, when the database answers again, could reach it
 * after the retry, or never, if this instance stops first. The fault stays the answer's cause in the log.
 */
function heldUntil(thrown: unknown, leaseEndsBy: number): unknown {
  const answer = asAppError(thrown);
  if (answer.code !== "unavailable") return thrown;
  const leaseLeft = Math.ceil((leaseEndsBy - Date.now()) / 1000);
  const retryAfterSeconds = Math.max(answer.details.retryAfterSeconds ?? 1, leaseLeft);
  return Object.assign(
    new AppError(
      "unavailable",
      `The service cannot reach its database right now; retry in ${retryAfterSeconds} s, when this call's Idempotency-Key is free again`,
      { ...answer.details, retryAfterSeconds },
    ),
    { cause: thrown },
  );
}
