// A person's Confirm or Cancel on a pending call. A decision is one conditional update, so two
// clicks run the write once; Confirm hands the stored token to the door that proposed the call
// (`run`), which presents it through the same pipeline, so the role is checked again. The chat's
// and voice's calls are decided by lib/doors/assistant.ts, an MCP host's parked calls by
// lib/mcp/decide.ts, each as its own caller.
import { AppError } from "../contract/errors";
import { settleDecision } from "../conversations/settle";
import type { ToolEnvelope } from "../pending/envelope";
import { claim, findPending, storeOutcome, type PendingCall } from "../pending/store";
import { expiredEnvelope, stillRunning } from "../pending/truth";

/** How a confirmed call runs, with the token its claim released. */
export type ConfirmedRun = (
  call: PendingCall,
  token: string | undefined,
  requestId: string,
  now: Date,
) => Promise<ToolEnvelope>;

/**
 * The person's Confirm or Cancel on a pending call: runs it at most once, answers the same after.
 * `caller` is the MCP caller deciding (its callerKey): a call is decided only by the caller it is
 * bound to, so a chat session cannot decide an MCP host's call, nor another key of the same person.
 */
export async function decide(
  userId: string,
  pendingId: string,
  decision: "confirm" | "cancel",
  requestId: string,
  by: { caller?: string; run: ConfirmedRun },
): Promise<ToolEnvelope> {
  const now = new Date();
  const call = await findPending(pendingId, userId);
  if (!call || call.caller !== (by.caller ?? null))
    throw new AppError("not_found", "pendingId: no pending call with this id", { field: "pendingId" });
  if (call.status !== "pending") return settled(call, userId, requestId);
  if (call.expiresAt <= now) {
    if ((await claim(call.id, userId, "expired", now)).won)
      return record(call, expiredEnvelope(call.capabilityId, call.summary, requestId), requestId);
    return settled(call, userId, requestId);
  }
  if (decision === "cancel") {
    if (!(await claim(call.id, userId, "declined", now)).won) return settled(call, userId, requestId);
    return record(call, { status: "declined", capabilityId: call.capabilityId, summary: call.summary }, requestId);
  }
  const { won, token } = await claim(call.id, userId, "confirmed", now);
  if (!won) return settled(call, userId, requestId);
  const outcome = await by.run(call, token, requestId, now);
  // the sentence the person confirmed stays with the result: the card stays a confirm card, "Done",
  // live and after a reload alike
  return record(call, outcome.status === "ok" ? { ...outcome, summary: call.summary } : outcome, requestId);
}

/** The live answer, returned, still carries values shown once (a new secret); the stored outcome does not. */
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
