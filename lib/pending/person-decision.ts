// The person's Confirm or Decline of a write their key or app parked for them (confirmBy "person",
// lib/core/person-confirmation.ts), from the confirm page or the "Waiting for you" list. Recorded
// once (a conditional update: two clicks decide once); a Confirm runs the write then, through the
// pipeline again as the credential that asked (its scopes then, read again now), with every check
// (role, brand access, revision, the rows it names), under the caller's Idempotency-Key, so the
// caller's repeat replays its answer. Only the person the call is for finds it; anyone else's id
// reads as unknown.
import { findCapability } from "../capabilities/registry";
import type { Door } from "../contract/catalogue";
import { invoke } from "../core/invoke";
import { isPersonCaller } from "../core/person-confirmation";
import { errorEnvelope, type ToolEnvelope } from "./envelope";
import { claim, findPending, storeOutcome, type PendingCall } from "./store";
import { expiredEnvelope, stillRunning } from "./truth";

export type PersonDecision = { decision: "confirm" | "cancel"; note?: string };

/** The call parked for this person by one of their credentials, or null (unknown, another's, another kind). */
export async function findPersonCall(userId: string, id: string): Promise<PendingCall | null> {
  const call = await findPending(id, userId);
  return call && isPersonCaller(call.caller) ? call : null;
}

/** What the page and the list show of it now: waiting, running, or what became of it. */
export function personTruth(call: PendingCall, requestId: string, now = new Date()): ToolEnvelope {
  if (call.outcome) return call.outcome;
  if (call.status === "pending" && call.expiresAt > now)
    return {
      status: "awaiting_confirmation",
      capabilityId: call.capabilityId,
      pendingId: call.id,
      summary: call.summary,
      expiresAt: call.expiresAt.toISOString(),
    };
  if (call.status === "pending" || call.status === "expired")
    return expiredEnvelope(call.capabilityId, call.summary, requestId);
  return stillRunning(call, requestId);
}

/** Decides the call; null when this person has no such call. Answers where it stands after the decision. */
export async function decideForPerson(
  userId: string,
  id: string,
  { decision, note }: PersonDecision,
  requestId: string,
): Promise<ToolEnvelope | null> {
  const call = await findPersonCall(userId, id);
  if (!call) return null;
  const now = new Date();
  if (call.status === "pending" && call.expiresAt <= now) {
    if ((await claim(call.id, userId, "expired", now)).won)
      await storeOutcome(call.id, expiredEnvelope(call.capabilityId, call.summary, requestId));
  } else if (call.status === "pending" && decision === "cancel") {
    if ((await claim(call.id, userId, "declined", now)).won)
      await storeOutcome(call.id, { status: "declined", capabilityId: call.capabilityId, summary: call.summary }, note);
  } else if (call.status === "pending") {
    const { won, token } = await claim(call.id, userId, "confirmed", now);
    if (won && token) await storeOutcome(call.id, await runConfirmed(call, token, requestId), note);
  }
  const decided = await findPersonCall(userId, id);
  return decided && personTruth(decided, requestId);
}

/** The parked call, run as the credential that asked it, with the token the server kept. */
async function runConfirmed(call: PendingCall, token: string, requestId: string): Promise<ToolEnvelope> {
  const brandScoped = findCapability(call.capabilityId)?.brandScoped ?? true;
  const value = { ...call.input, ...(brandScoped ? { brand: call.brandId } : {}), confirmationToken: token };
  // invoke answers every refusal and fault itself, as the API door would
  const { result } = await invoke({
    door: call.door as Door,
    credential: { kind: "parked", caller: call.caller!.slice("person:".length), scopes: call.callerScopes },
    capabilityId: call.capabilityId,
    body: { ok: true, value },
    requestId,
    ...(call.idempotencyKey ? { idempotencyKey: { value: call.idempotencyKey, field: "Idempotency-Key" } } : {}),
  });
  return result.ok
    ? { status: "ok", capabilityId: call.capabilityId, data: result.data, summary: call.summary }
    : errorEnvelope(call.capabilityId, result.error, requestId);
}
