// The invocation pipeline: every door calls this and only translates its result. The steps run
// in the order of docs/design.md (order of checks); nothing is written and no token issued before step 9 passes.
import { db, readDb, sql, type Tx } from "../db/client";
import type { SqlRead } from "../db/sql";
import { asAppError } from "./fault";
import { config } from "../config";
import { storage } from "../storage";
import type { Door } from "../contract/catalogue";
import type { BaseContext, BrandContext } from "../contract/context";
import type { Touched } from "../contract/define";
import { findCapability } from "../capabilities/registry";
import { EVENT_TYPES } from "../events/catalogue";
import { eventActorOf } from "../events/actor";
import { recordFurtherEvent } from "../events/further";
import { authenticate, callerKey, type Credential } from "./auth";
import { callableCapabilities, hasScope, requireRole, resolveBrandAccess } from "./access";
import { recordAudit, type AuditTrail } from "./audit";
import { isTallied, tallyRefusal } from "./audit-tally";
import { AppError } from "../contract/errors";
import { parseCall, type Body } from "./input";
import { rateLimitStore } from "./rate-limit";
import type { RateLimitState } from "./rate-limit-store";
import { isServed } from "./rollout";
import { connectionsPort } from "../connections/port";
import { judgePort } from "../model/judge";
import { log } from "../log";
import { logCall } from "./call-log";
import { requireConfirmation, runSoon, write } from "./write";
import { idempotently, type IdempotencyKeyInput } from "./idempotent-call";
import { capabilityFacts } from "./undo-facts";

export type Invocation = {
  door: Door;
  credential: Credential;
  capabilityId: string;
  body: Body;
  requestId: string;
  /** the caller's Idempotency-Key, for writes (idempotent-call.ts); reads ignore it */
  idempotencyKey?: IdempotencyKeyInput;
  /** the assistant's model made the call (lib/doors/assistant.ts), for what records its source */
  byModel?: boolean;
};

export type Outcome = {
  /** `touched`: the record a successful write changed (lib/contract/define.ts), for the doors that show it */
  result:
    | { ok: true; data: Record<string, unknown>; touched?: Touched; undoable?: string }
    | { ok: false; error: AppError };
  /** present once the caller is known (step 2), so doors can send RateLimit headers */
  rateLimit?: RateLimitState;
  /** the result is the stored answer of the call with this request id (an Idempotency-Key's first) */
  replayed?: { requestId: string };
};

// the outcome's placeholder until the call ends, shared: an Error per call cost a stack capture (npm run bench:profile)
const NOT_RUN = new AppError("internal", "not run");

export async function invoke(call: Invocation): Promise<Outcome> {
  const started = performance.now();
  const now = new Date();
  let cause: unknown;
  const outcome: Outcome = { result: { ok: false, error: NOT_RUN } };
  // every attempt at a write is audited, even one refused before we know who called (those tallied)
  const trail: AuditTrail | undefined =
    findCapability(call.capabilityId)?.kind === "write"
      ? { requestId: call.requestId, door: call.door, capabilityId: call.capabilityId }
      : undefined;
  try {
    outcome.result = { ok: true, ...(await run(call, now, outcome, trail)) };
  } catch (thrown) {
    const error = asAppError(thrown);
    if (error.code === "internal" || error.code === "unavailable") cause = thrown;
    outcome.result = { ok: false, error };
    if (trail) await auditFailure(trail, error, now);
  }
  logCall(call, outcome.result, performance.now() - started, cause);
  return outcome;
}

async function run(
  call: Invocation,
  now: Date,
  outcome: Outcome,
  trail: AuditTrail | undefined,
): Promise<{ data: Record<string, unknown>; touched?: Touched; undoable?: string }> {
  const reader = readDb();
  // 1. who is calling
  const actor = await authenticate(call.credential, now);
  if (trail) Object.assign(trail, { userId: actor.userId, apiKeyId: actor.apiKeyId, app: actor.app });
  // 2. rate limit for the key (or the person, for sessions)
  // the identity the call is bound to (rate limit, idempotency, confirmation), derived once
  const caller = callerKey(actor);
  const limit = await rateLimitStore().hit(caller, config().RATE_LIMIT_PER_MINUTE, now.getTime());
  outcome.rateLimit = { limit: limit.limit, remaining: limit.remaining, resetSeconds: limit.resetSeconds };
  if (!limit.allowed) {
    throw new AppError("rate_limited", `Too many calls; retry in ${limit.retryAfterSeconds} s`, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  // 3. a capability this door serves
  const capability = findCapability(call.capabilityId);
  if (!capability || !isServed(capability, call.door)) {
    throw new AppError("not_found", `No capability ${call.capabilityId} here`);
  }
  // 4. the key's scope
  if (!hasScope(actor, capability)) {
    throw new AppError("insufficient_scope", `This key lacks the scope ${capability.scope}`, {
      scope: capability.scope!,
    });
  }
  // 5. input (each capability's own schema, through its typed handle: lib/contract/define.ts)
  const base = () => ({
    actor,
    now,
    door: call.door,
    byModel: call.byModel === true,
    requestId: call.requestId,
    connections: connectionsPort,
    judge: judgePort,
    storage: storage(),
  });
  if (!capability.brandScoped) {
    const parsed = parseCall(capability, call.body);
    return { data: (await parsed.call.execute({ ...base(), db: reader, sql: sql(), afterCommit: runSoon })).data };
  }
  const parsed = parseCall(capability, call.body);
  const shared = base();
  // 6. brand access and minimum role
  const access = await resolveBrandAccess(actor, parsed.brand!, now);
  if (trail) trail.brandId = access.brand.id;
  requireRole(actor, access, capability);
  const context = (database: Tx, afterCommit: BaseContext["afterCommit"]): BrandContext => ({
    ...shared,
    db: database,
    afterCommit,
    brand: access.brand,
    role: access.role,
    sql: capability.kind === "read" ? sql() : sqlOutsideTransaction,
    callableCapabilities: () => callableCapabilities(actor, access.role, call.door),
    capabilityTitle: (id) => findCapability(id)?.title,
    capabilityFacts: (id) => capabilityFacts(findCapability(id)),
    eventTypes: () => EVENT_TYPES,
    recordFurtherEvent: async (event) => {
      // a read, or a write's checks before it is confirmed: no transaction to record in
      if (database === reader) throw new Error("ctx.recordFurtherEvent records in a write's transaction only");
      const actorOfEvent = eventActorOf(actor, call.door);
      await recordFurtherEvent(database, { ...event, brandId: access.brand.id, actor: actorOfEvent, at: now });
    },
  });
  if (capability.kind === "read") {
    return { data: (await parsed.call.execute(context(reader, runSoon))).data };
  }
  // 7. closed and archived brands are read-only
  if (access.brand.status !== "active") {
    throw new AppError("brand_not_operational", `${access.brand.shortId} is ${access.brand.status}: read-only`);
  }
  // 8. AI budget: no capability of the registry uses the model itself; the assistant door meters it
  const once = {
    brandId: access.brand.id,
    caller,
    capabilityId: capability.id,
    input: parsed.call.input,
    requestId: call.requestId,
    now,
    trail,
    shownOnce: capability.shownOnce,
  };
  let touched: Touched | undefined; // a replayed answer touched nothing now
  let undoable: string | undefined; // the activity entry activity.undo takes this write back by
  const data = await idempotently(
    call.idempotencyKey,
    once,
    (requestId) => (outcome.replayed = { requestId }),
    async (settle) => {
      // 9. confirmation: a valid token, spent in the write's own transaction (docs/design.md, confirmation)
      const confirmed = capability.confirmation
        ? await requireConfirmation(capability, actor, access, parsed, context(reader, runSoon), now, {
            door: call.door,
            caller,
            raw: callerInput(call.body),
            idempotencyKey: typeof call.idempotencyKey?.value === "string" ? call.idempotencyKey.value : undefined,
            // only a parked call's run, its person having confirmed it, stands for their decision
            decided: call.credential.kind === "parked",
          })
        : undefined;
      // 10. execution, atomically, with the audit record of its success (the output is checked inside)
      const written = await write(
        capability,
        { actor, caller },
        access,
        parsed.call,
        context,
        now,
        trail,
        settle,
        confirmed,
      );
      touched = written.touched;
      undoable = written.undoable;
      return written.data;
    },
  );
  return { data, touched, ...(undoable ? { undoable } : {}) };
}

/** The input as the caller sent it, without the envelope's brand and token (parseCall accepted it). */
function callerInput(body: Body): Record<string, unknown> {
  if (!body.ok || typeof body.value !== "object" || body.value === null) return {};
  const { brand: _brand, confirmationToken: _token, ...input } = body.value as Record<string, unknown>;
  return input;
}

const sqlOutsideTransaction: SqlRead = () => {
  throw new Error("ctx.sql reads outside the write's transaction; use ctx.db in writes");
};

async function auditFailure(trail: AuditTrail, error: AppError, now: Date): Promise<void> {
  try {
    const detail = error.code === "internal" ? undefined : error.message.slice(0, 500);
    // refused before the caller was let through: tallied, not one entry each (audit-tally.ts)
    if (isTallied(trail, error.code)) await tallyRefusal(db(), trail, error.code, now, detail);
    else await recordAudit(db(), trail, error.code, now, detail);
  } catch (auditError) {
    log.error({ requestId: trail.requestId, err: auditError }, "audit record failed");
  }
}
