// The Assistant door (and the Voice door, which is the same person speaking instead of typing): a
// person (signed-in session, role only, no scopes) calls a capability from the chat, through the
// model's tools or a slash command, or from a voice session. It translates invoke()'s outcome into a
// ToolEnvelope; a confirmation_required answer becomes a stored pending call whose token stays
// here, and only the owner's Confirm presents it (lib/assistant/decide.ts;
// docs/design.md, confirmation). Every rule lives in the pipeline.
import { authenticate, type Credential } from "../core/auth";
import { resolveBrandAccess } from "../core/access";
import { canonicalJson } from "../crypto";
import { AppError } from "../contract/errors";
import { invoke, type Outcome } from "../core/invoke";
import { findCapability } from "../capabilities/registry";
import { handleChat, type ChatTurn } from "../assistant/chat";
import { decide, type ConfirmedRun } from "../assistant/decide";
import { errorEnvelope, type PersonCall, type PersonDoor, type ToolEnvelope } from "../pending/envelope";
import { createPending } from "../pending/store";
import { isJsonObject } from "../http/request";

const session = (userId: string): Credential => ({ kind: "session", userId });

/** Runs one capability for the person; a write needing confirmation is parked, not run. */
export async function runForPerson(call: PersonCall): Promise<ToolEnvelope> {
  const { capabilityId, requestId } = call;
  if (!isJsonObject(call.input)) {
    return errorEnvelope(
      capabilityId,
      new AppError("invalid_input", "input: must be an object", {
        field: "input",
        issues: [{ field: "input", message: "must be an object" }],
      }),
      requestId,
    );
  }
  // the model (or a crafted request) never handles tokens: one that shows up anyway runs nothing
  const { brand: _ignored, confirmationToken, ...input } = call.input;
  if (confirmationToken !== undefined) {
    const message =
      "is never sent from the chat: a write that needs confirmation is shown to the person, who confirms it";
    return errorEnvelope(
      capabilityId,
      new AppError("invalid_input", `confirmationToken: ${message}`, {
        field: "confirmationToken",
        issues: [{ field: "confirmationToken", message }],
      }),
      requestId,
    );
  }
  const outcome = await invokeAs(
    call.userId,
    capabilityId,
    call.brand,
    input,
    requestId,
    call.door,
    call.toolCallId !== undefined,
  );
  return envelopeOf(outcome, { ...call, input }, new Date());
}

/** POST /api/chat: the model loop (lib/assistant/chat.ts), each of its tool calls run through this door. */
export const chat = (userId: string, turn: ChatTurn, requestId: string) =>
  handleChat(userId, turn, requestId, runForPerson);

/** The person's Confirm or Cancel in a confirm widget: a confirmed call runs through the door that proposed it. */
export const decidePending = (userId: string, pendingId: string, decision: "confirm" | "cancel", requestId: string) =>
  decide(userId, pendingId, decision, requestId, { run: asPerson });

/** A person's doors: through the door that proposed it, as the person (a voice proposal runs as a voice call). */
const asPerson: ConfirmedRun = async (call, token, requestId, now) => {
  const door = call.door === "voice" ? "voice" : "assistant";
  const outcome = await invokeAs(
    call.userId,
    call.capabilityId,
    call.brandId,
    { ...call.input, confirmationToken: token },
    requestId,
    door,
  );
  return envelopeOf(
    outcome,
    {
      userId: call.userId,
      capabilityId: call.capabilityId,
      brand: call.brandId,
      input: call.input,
      requestId,
      toolCallId: call.toolCallId ?? undefined,
      door,
    },
    now,
  );
};

async function invokeAs(
  userId: string,
  capabilityId: string,
  brand: string | undefined,
  input: Record<string, unknown>,
  requestId: string,
  door: PersonDoor = "assistant",
  byModel = false,
): Promise<Outcome> {
  const brandScoped = findCapability(capabilityId)?.brandScoped ?? true;
  const value = brandScoped && brand !== undefined ? { ...input, brand } : input;
  return invoke({ door, credential: session(userId), capabilityId, body: { ok: true, value }, requestId, byModel });
}

async function envelopeOf(
  outcome: Outcome,
  call: PersonCall & { input: Record<string, unknown> },
  now: Date,
): Promise<ToolEnvelope> {
  const { result } = outcome;
  if (result.ok)
    return {
      status: "ok",
      capabilityId: call.capabilityId,
      data: result.data,
      ...(result.touched ? { touched: result.touched } : {}),
      ...(result.undoable ? { undoable: result.undoable } : {}),
    };
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
    userId: call.userId,
    brandId,
    capabilityId: call.capabilityId,
    input: canonicalJson(call.input),
    token: confirmationToken,
    summary,
    expiresAt: new Date(expiresAt),
    toolCallId: call.toolCallId ?? null,
    door: call.door ?? "assistant",
    conversationId: call.conversationId ?? null,
    caller: null,
  };
  const id = await createPending(pending, now);
  return { status: "awaiting_confirmation", capabilityId: call.capabilityId, pendingId: id, summary, expiresAt };
}
