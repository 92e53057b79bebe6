// What the model, the widgets and a stored conversation are told about a pending call: the stored
// truth, read on every look (a decision elsewhere, an expiry, a confirmation still running).
import { AppError } from "../contract/errors";
import { errorEnvelope, type ToolEnvelope } from "./envelope";
import { findPending, type PendingCall } from "./store";

/** The stored truth of a person's pending call (not an MCP caller's), or null for an unknown id. */
export async function pendingTruth(userId: string, pendingId: string, requestId: string): Promise<ToolEnvelope | null> {
  const call = await findPending(pendingId, userId);
  if (!call || call.caller !== null) return null;
  if (call.outcome) return call.outcome;
  if (call.status === "pending")
    return call.expiresAt > new Date() ? awaiting(call) : expiredEnvelope(call.capabilityId, call.summary, requestId);
  return stillRunning(call, requestId);
}

function awaiting(call: PendingCall): ToolEnvelope {
  return {
    status: "awaiting_confirmation",
    capabilityId: call.capabilityId,
    pendingId: call.id,
    summary: call.summary,
    expiresAt: call.expiresAt.toISOString(),
  };
}

/** A confirmation nobody gave in time; reason "expired": the page says so and offers to propose it again. */
export function expiredEnvelope(capabilityId: string, summary: string, requestId: string): ToolEnvelope {
  const message = `Nobody confirmed in time, so nothing was written (${summary}) Ask again for a new confirmation.`;
  return errorEnvelope(
    capabilityId,
    new AppError("confirmation_required", message, { summary, reason: "expired" }),
    requestId,
  );
}

/** A confirmed call whose write has not reported back yet. */
export function stillRunning(call: PendingCall, requestId: string): ToolEnvelope {
  return errorEnvelope(
    call.capabilityId,
    new AppError("unavailable", "This confirmation is still running; look again in a moment", { retryAfterSeconds: 1 }),
    requestId,
  );
}
