// Steps 9 and 10 of the pipeline, for writes (invoke.ts): the confirmation, then the execution in
// one transaction with its idempotency records, the audit record of its success and its event (the
// outbox, lib/events). Effects outside the database run once the transaction committed.
import { randomUUID } from "node:crypto";
import { db, holdTheWriter, type Tx } from "../db/client";
import { lockRows } from "../db/locks";
import type { BaseContext, BrandContext, Actor } from "../contract/context";
import type { BoundCall, Capability, Touched } from "../contract/define";
import { AppError } from "../contract/errors";
import { iso } from "../contract/time";
import { log } from "../log";
import type { BrandAccess } from "./access";
import { recordAudit, type AuditTrail } from "./audit";
import { eventActorOf } from "../events/actor";
import { newEventId, recordEvent } from "../events/record";
import { issueToken, spendToken, validToken, type Binding } from "./confirmation";
import { confirmsByPerson, park, parkedUnderKey, waitingForPerson } from "./person-confirmation";
import { config } from "../config";
import type { Door } from "../contract/catalogue";
import { remember, replay, type IdempotencyScope } from "./idempotency";
import type { Settle } from "./idempotent-call";
import type { ParsedCall } from "./input";
import { seenRows } from "./seen-rows";
import { rowsBefore, snapshotBefore, storeChanges } from "./undo-capture";

/**
 * A call's valid confirmation token, not spent yet: write() spends it in its own transaction.
 * `reask`: the answer to a call whose token another use spent meanwhile (a call without a valid token).
 * `seen`: the fingerprint of the rows it names, as its person saw them (seen-rows.ts).
 */
export type Confirmed = { tokenId: string; reask: (changedSince?: true) => Promise<never>; seen: string | undefined };

/**
 * What step 9 needs to know of the call beyond its parsed input: the door, the input as the caller
 * sent it (a call parked for its person is sent again as it was), its Idempotency-Key, and whether
 * this run is a parked call's, confirmed by its person (lib/pending/person-decision.ts).
 */
export type AskedCall = {
  door: Door;
  /** the identity the call is bound to (callerKey), derived once per call by the pipeline */
  caller: string;
  raw: Record<string, unknown>;
  idempotencyKey?: string;
  decided?: boolean;
};

export async function requireConfirmation(
  capability: Capability,
  actor: Actor,
  access: BrandAccess,
  parsed: ParsedCall<BrandContext>,
  ctx: BrandContext,
  now: Date,
  asked: AskedCall,
): Promise<Confirmed> {
  const binding = async (): Promise<Binding> => ({
    caller: asked.caller,
    brandId: access.brand.id,
    capabilityId: capability.id,
    input: parsed.call.input,
    seen: await seenRows(ctx.db, await parsed.call.records?.(ctx)),
  });
  // a credential whose writes wait for its person never holds a token: only its person's Confirm
  // runs the call, with the token the server kept (person-confirmation.ts)
  const byPerson = await confirmsByPerson(actor, access.brand.id);
  // `changedSince`: asked again, the record having changed since the person confirmed (reason
  // changed_since: what they confirmed was written by nobody)
  const ask = async (changedSince?: true): Promise<never> => {
    // nobody is asked to confirm a call that must fail: its read-only checks run first
    await parsed.call.check(ctx);
    if (!parsed.call.summarize) throw new Error(`${capability.id} needs confirmation but has no summarize`);
    const summary = await parsed.call.summarize(ctx);
    const message = changedSince
      ? `Nothing was changed: someone else changed this meanwhile. Confirmation needed again, as it is now: ${summary}`
      : `Confirmation needed: ${summary}`;
    if (byPerson && asked.decided)
      throw new AppError("confirmation_required", message, {
        summary,
        ...(changedSince ? { reason: "changed_since" } : {}),
      });
    if (byPerson) return parkForPerson(summary);
    const { token, expiresAt } = await issueToken(db(), await binding(), summary, now);
    throw new AppError("confirmation_required", message, {
      summary,
      confirmationToken: token,
      expiresAt: iso(expiresAt),
      ...(changedSince ? { reason: "changed_since" } : {}),
    });
  };
  const parkForPerson = async (summary: string): Promise<never> => {
    const expiresAt = new Date(now.getTime() + config().PERSON_CONFIRMATION_HOURS * 3_600_000);
    const { token } = await issueToken(db(), await binding(), summary, now, expiresAt);
    const id = await park(
      {
        actor,
        caller: asked.caller,
        brandId: access.brand.id,
        capabilityId: capability.id,
        input: asked.raw,
        summary,
        token,
        expiresAt,
        door: asked.door,
        idempotencyKey: asked.idempotencyKey,
      },
      now,
    );
    throw waitingForPerson(id, summary, expiresAt);
  };
  if (byPerson && !asked.decided) {
    // a token the caller presents is not its person's decision, whoever issued it
    const earlier =
      asked.idempotencyKey === undefined
        ? undefined
        : await parkedUnderKey(actor, asked.caller, access.brand.id, capability.id, asked.raw, asked.idempotencyKey);
    if (earlier?.status === "pending" && earlier.expiresAt > now)
      throw waitingForPerson(earlier.id, earlier.summary, earlier.expiresAt);
    if (earlier?.status === "declined")
      throw waitingForPerson(earlier.id, earlier.summary, earlier.expiresAt, "declined");
    if (earlier?.status === "pending" || earlier?.status === "expired")
      throw waitingForPerson(earlier.id, earlier.summary, earlier.expiresAt, "expired");
    return ask();
  }
  if (!parsed.confirmationToken) return ask();
  const bound = await binding();
  const valid = await validToken(db(), parsed.confirmationToken, bound, now);
  if (typeof valid === "string") return { tokenId: valid, reask: ask, seen: bound.seen };
  if (!valid) return ask();
  // confirmed on the rows as they were: asked again, the token spent as by an answered refusal
  await spendToken(db(), valid.changedSince, now);
  return ask(true);
}

/** Thrown inside a write's transaction whose token another use spent first: nothing is written. */
const SPENT_MEANWHILE = new Error("the confirmation token was spent by another use");
/** Thrown inside a write's transaction once its rows are locked and differ from what its person confirmed. */
const CHANGED_SINCE = new Error("the rows the write names changed since its person confirmed it");

export async function write(
  capability: Capability,
  { actor, caller }: { actor: Actor; caller: string },
  access: BrandAccess,
  call: BoundCall<BrandContext>,
  context: (database: Tx, afterCommit: BaseContext["afterCommit"]) => BrandContext,
  now: Date,
  trail: AuditTrail | undefined,
  settle?: Settle,
  confirmed?: Confirmed,
): Promise<{ data: Record<string, unknown>; touched?: Touched; undoable?: string }> {
  const effects: (() => Promise<void>)[] = [];
  const { input } = call;
  const idempotency: IdempotencyScope | undefined = capability.idempotent
    ? { brandId: access.brand.id, caller, capabilityId: capability.id, key: idempotencyKeyOf(input) }
    : undefined;
  const transaction = db().$transaction(async (tx) => {
    // on SQLite, the one write lock before anything is read (lib/db/client.ts)
    await holdTheWriter(tx);
    // first, so two uses of one token queue here and the second writes nothing (docs/design.md, confirmation)
    if (confirmed && !(await spendToken(tx, confirmed.tokenId, now))) throw SPENT_MEANWHILE;
    if (idempotency) {
      const previous = await replay(tx, idempotency, input, now);
      if (previous !== undefined) {
        if (settle) await settle(tx, previous);
        if (trail) await recordAudit(tx, trail, "replayed", now);
        return { data: previous, touched: undefined, replayed: true, undoable: undefined };
      }
    }
    const activityId = randomUUID();
    const ctx = { ...context(tx, (effect) => void effects.push(effect)), activityId };
    // the rows it will change, locked before its check reads them: a concurrent write of one of
    // them (on another instance too) waits for this one's commit, then checks what it left
    const named = await call.records?.(ctx);
    await lockRows(tx, named ?? []);
    // another write of them committed after this one's person was asked: what they confirmed is not
    // what it would change now
    if (confirmed && (await seenRows(tx, named)) !== confirmed.seen) throw CHANGED_SINCE;
    await call.check(ctx);
    // what changes, in the words a person confirmed, for the activity trail: read before the change
    const summary = trail && call.summarize ? await call.summarize(ctx) : undefined;
    // what it changes, for activity.undo: its rows as they were, in this transaction (named again
    // after the check: a set of rows read before its locks may have moved meanwhile)
    const taken = trail ? await snapshotBefore(tx, await call.records?.(ctx)) : undefined;
    const { data, touched, event, records } = await call.execute(ctx);
    if (idempotency) await remember(tx, idempotency, input, data, now);
    // an Idempotency-Key's answer commits with the write, or neither does (idempotent-call.ts)
    if (settle) await settle(tx, data);
    if (trail) await recordAudit(tx, trail, "ok", now, undefined, summary, touched(), activityId);
    // every audited write tells integrators what it changed, last: recording takes the brand's
    // event-number lock, held to the commit (lib/events/record.ts); a replay above records none
    const emitted = trail ? await event(rowsBefore(taken)) : undefined;
    const eventId = emitted ? newEventId() : undefined;
    if (taken)
      await storeChanges(tx, taken, await records(), {
        auditEntryId: activityId,
        brandId: access.brand.id,
        eventId,
        at: now,
      });
    if (emitted)
      await recordEvent(tx, {
        id: eventId,
        brandId: access.brand.id,
        type: emitted.type,
        actor: eventActorOf(actor, ctx.door),
        data: emitted.data,
        at: now,
      });
    // the entry activity.undo takes it back by, when it kept what it changed
    return { data, touched: touched(), replayed: false, undoable: taken ? activityId : undefined };
  });
  const result = await transaction.catch((thrown: unknown) => refused(thrown, confirmed, now));
  for (const effect of effects) await runNow(effect);
  return { data: result.data, touched: result.touched, undoable: result.undoable };
}

/**
 * A write that did not commit: a refusal it answers (a duplicate, a stale revision, a record gone)
 * spends the token all the same, "whatever the outcome" (docs/design.md, confirmation); a fault, a
 * key taken over by a retry and a token spent by another use leave it as it was.
 */
async function refused(thrown: unknown, confirmed: Confirmed | undefined, now: Date): Promise<never> {
  if (!confirmed) throw thrown;
  if (thrown === SPENT_MEANWHILE) return confirmed.reask();
  // its person is asked again about the rows as they are now, or told why the call fails now (a
  // stale revision, a record gone); the token they used is spent, as by any answered refusal
  if (thrown === CHANGED_SINCE) {
    await spendQuietly(confirmed, now);
    return confirmed.reask(true);
  }
  if (thrown instanceof AppError && thrown.status < 500 && thrown.code !== "idempotency_key_in_use")
    await spendQuietly(confirmed, now);
  throw thrown;
}

async function spendQuietly(confirmed: Confirmed, now: Date): Promise<void> {
  try {
    await spendToken(db(), confirmed.tokenId, now);
  } catch (error) {
    log.warn({ err: error }, "a refused write's confirmation token was not spent; it stays usable until it expires");
  }
}

/** An idempotent capability's key (its schema requires it: docs/design.md, idempotency). */
function idempotencyKeyOf(input: unknown): string {
  const key =
    typeof input === "object" && input !== null && "idempotencyKey" in input ? input.idempotencyKey : undefined;
  if (typeof key !== "string") throw new Error("an idempotent capability's input carries no idempotencyKey");
  return key;
}

/** Outside a write there is nothing to wait for: an effect starts at once. */
export const runSoon = (effect: () => Promise<void>) => void runNow(effect);

/** An effect outside the database never turns a committed write into a failure; it is logged. */
async function runNow(effect: () => Promise<void>): Promise<void> {
  try {
    await effect();
  } catch (error) {
    log.error({ err: error }, "effect after commit failed");
  }
}
