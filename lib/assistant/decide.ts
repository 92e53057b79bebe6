// The Assistant door's second half: the person's Confirm or Cancel on a pending call, and what the
// model is told about one. A decision is one conditional update, so two clicks run the write once;
// Confirm presents the stored token through the same pipeline, which checks the role again. The
// MCP door's confirm view decides its parked calls here too (lib/mcp/decide.ts), as its own caller.
import { AppError } from "../contract/errors";
import type { ToolEnvelope } from "../pending/envelope";
import { claim, findPending, storeOutcome, type PendingCall } from "../pending/store";
import { settleDecision } from "../conversations/settle";
import { envelopeOf, errorEnvelope, invokeAs } from "../doors/assistant";

/** How a confirmed call runs, with the token its claim released. */
export type ConfirmedRun = (call: PendingCall, token: string | undefined, requestId: string, now: Date) => Promise<ToolEnvelope>;

/** A person's doors: through the door that proposed it, as the person (a voice proposal runs as a voice call). */
const asPerson: ConfirmedRun = async (call, token, requestId, now) => {
  const door = call.door === "voice" ? "voice" : "assistant";
  const outcome = await invokeAs(call.userId, call.capabilityId, call.brandId, { ...call.input, confirmationToken: token }, requestId, door);
  return envelopeOf(outcome, { userId: call.userId, capabilityId: call.capabilityId, brand: call.brandId, input: call.input, requestId, toolCallId: call.toolCallId ?? undefined, door }, now);
};

/**
 * The person's Confirm or Cancel on a pending call: runs it at most once, answers the same after.
 * `caller` is the MCP caller deciding (its callerKey): a call is decided only by the caller it is
 * bound to, so a chat session cannot decide an MCP host's call, nor another key of the same person.
 */
export async function decidePending(userId: string, pendingId: string, decision: "confirm" | "cancel", requestId: string, by: { caller?: string; run?: ConfirmedRun } = {}): Promise<ToolEnvelope> {
  const now = new Date();
  const call = await findPending(pendingId, userId);
  if (!call || call.caller !== (by.caller ?? null)) throw new AppError("not_found", "pendingId: no pending call with this id", { field: "pendingId" });
  if (call.status !== "pending") return settled(call, userId, requestId);
  if (call.expiresAt <= now) {
    if ((await claim(call.id, userId, "expired", now)).won) return record(call, expired(call, requestId), requestId);
    return settled(call, userId, requestId);
  }
  if (decision === "cancel") {
    if (!(await claim(call.id, userId, "declined", now)).won) return settled(call, userId, requestId);
    return record(call, { status: "declined", capabilityId: call.capabilityId, summary: call.summary }, requestId);
  }
  const { won, token } = await claim(call.id, userId, "confirmed", now);
  if (!won) return settled(call, userId, requestId);
  return record(call, await (by.run ?? asPerson)(call, token, requestId, now), requestId);
}

/** What the model and the widgets are told about a pending call now: the stored truth. */
export async function pendingTruth(userId: string, pendingId: string, requestId: string): Promise<ToolEnvelope | null> {
  const call = await findPending(pendingId, userId);
  if (!call || call.caller !== null) return null;
  if (call.outcome) return call.outcome;
  if (call.status === "pending") return call.expiresAt > new Date() ? awaiting(call) : expired(call, requestId);
  return stillRunning(call, requestId);
}

function awaiting(call: PendingCall): ToolEnvelope {
  return { status: "awaiting_confirmation", capabilityId: call.capabilityId, pendingId: call.id, summary: call.summary, expiresAt: call.expiresAt.toISOString() };
}

const expired = (call: PendingCall, requestId: string) => expiredEnvelope(call.capabilityId, call.summary, requestId);

/** A confirmation nobody gave in time; reason "expired": the page says so and offers to propose it again. */
export function expiredEnvelope(capabilityId: string, summary: string, requestId: string): ToolEnvelope {
  const message = `Nobody confirmed in time, so nothing was written (${summary}) Ask again for a new confirmation.`;
  return errorEnvelope(capabilityId, new AppError("confirmation_required", message, { summary, reason: "expired" }), requestId);
}

async function record(call: PendingCall, outcome: ToolEnvelope, requestId: string): Promise<ToolEnvelope> {
  await storeOutcome(call.id, outcome);
  // the card in the stored conversation shows the outcome from now on, however long it is kept
  if (call.conversationId) {
    await settleDecision(call.userId, call.conversationId, call.id, requestId).catch((error: unknown) => {
      console.error(`[${requestId}] conversation not updated with the decision:`, error);
    });
  }
  return outcome;
}

/** A call decided by an earlier click: its stored outcome (a concurrent confirm may still be running). */
async function settled(call: PendingCall, userId: string, requestId: string): Promise<ToolEnvelope> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await findPending(call.id, userId);
    if (current?.outcome) return current.outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return stillRunning(call, requestId);
}

/** A confirmed call whose write has not reported back yet. */
function stillRunning(call: PendingCall, requestId: string): ToolEnvelope {
  return errorEnvelope(call.capabilityId, new AppError("unavailable", "This confirmation is still running; look again in a moment", { retryAfterSeconds: 1 }), requestId);
}
