// The Assistant door (and the Voice door, which is the same person speaking instead of typing): a
// person (signed-in session, role only, no scopes) calls a capability from the chat, through the
// model's tools or a slash command, or from a voice session. It translates invoke()'s outcome into a
// ToolEnvelope; a confirmation_required answer becomes a stored pending call whose token stays
// here, and only the owner's Confirm presents it (lib/assistant/decide.ts, decisions §5).
// Every rule lives in the pipeline.
import { authenticate, type Credential } from "../core/auth";
import { resolveBrandAccess } from "../core/access";
import { canonicalJson } from "../crypto";
import { AppError } from "../contract/errors";
import { invoke, type Outcome } from "../core/invoke";
import { findCapability } from "../capabilities/registry";
import type { PersonDoor, ToolEnvelope } from "../pending/envelope";
import { createPending } from "../pending/store";

export type AssistantCall = {
  userId: string;
  capabilityId: string;
  /** the chat's selected brand (short id or UUID); the server injects it, never the model */
  brand?: string;
  input: unknown;
  requestId: string;
  /** the model's tool call id, when the model made the call */
  toolCallId?: string;
  /** the door the person uses: the chat (default) or a voice session; the pipeline serves each its own capabilities */
  door?: PersonDoor;
  /** the person's stored conversation the call is made in (lib/conversations), if any */
  conversationId?: string;
};


const session = (userId: string): Credential => ({ kind: "session", userId });

/** Runs one capability for the person; a write needing confirmation is parked, not run. */
export async function runForPerson(call: AssistantCall): Promise<ToolEnvelope> {
  const { capabilityId, requestId } = call;
  if (!call.input || typeof call.input !== "object" || Array.isArray(call.input)) {
    return errorEnvelope(capabilityId, new AppError("invalid_input", "input: must be an object", { field: "input", issues: [{ field: "input", message: "must be an object" }] }), requestId);
  }
  // the model (or a crafted request) never handles tokens: one that shows up anyway runs nothing
  const { brand: _ignored, confirmationToken, ...input } = call.input as Record<string, unknown>;
  if (confirmationToken !== undefined) {
    const message = "is never sent from the chat: a write that needs confirmation is shown to the person, who confirms it";
    return errorEnvelope(capabilityId, new AppError("invalid_input", `confirmationToken: ${message}`, { field: "confirmationToken", issues: [{ field: "confirmationToken", message }] }), requestId);
  }
  const outcome = await invokeAs(call.userId, capabilityId, call.brand, input, requestId, call.door);
  return envelopeOf(outcome, { ...call, input }, new Date());
}

export async function invokeAs(userId: string, capabilityId: string, brand: string | undefined, input: Record<string, unknown>, requestId: string, door: PersonDoor = "assistant"): Promise<Outcome> {
  const brandScoped = findCapability(capabilityId)?.brandScoped ?? true;
  const value = brandScoped && brand !== undefined ? { ...input, brand } : input;
  return invoke({ door, credential: session(userId), capabilityId, body: { ok: true, value }, requestId });
}

export async function envelopeOf(outcome: Outcome, call: AssistantCall & { input: Record<string, unknown> }, now: Date): Promise<ToolEnvelope> {
  const { result } = outcome;
  if (result.ok) return { status: "ok", capabilityId: call.capabilityId, data: result.data };
  const { error } = result;
  const { confirmationToken, summary, expiresAt } = error.details;
  if (error.code !== "confirmation_required" || !confirmationToken || !summary || !expiresAt) {
    return errorEnvelope(call.capabilityId, error, call.requestId);
  }
  // the pipeline resolved the brand already; read its id the same way to bind the pending call
  let brandId: string;
  try {
    brandId = (await resolveBrandAccess(await authenticate(session(call.userId), now), call.brand!)).brand.id;
  } catch (thrown) {
    // access ended between the two reads: answer as the pipeline would have
    if (thrown instanceof AppError) return errorEnvelope(call.capabilityId, thrown, call.requestId);
    throw thrown;
  }
  const pending = {
    userId: call.userId, brandId, capabilityId: call.capabilityId, input: canonicalJson(call.input),
    token: confirmationToken, summary, expiresAt: new Date(expiresAt), toolCallId: call.toolCallId ?? null, door: call.door ?? "assistant",
    conversationId: call.conversationId ?? null, caller: null,
  };
  const id = await createPending(pending, now);
  return { status: "awaiting_confirmation", capabilityId: call.capabilityId, pendingId: id, summary, expiresAt };
}

/** The API door's error body minus any token. */
export function errorEnvelope(capabilityId: string, error: AppError, requestId: string): ToolEnvelope {
  const { confirmationToken: _token, ...body } = error.toBody(requestId).error as Record<string, unknown>;
  return { status: "error", capabilityId, error: body as Extract<ToolEnvelope, { status: "error" }>["error"] };
}
