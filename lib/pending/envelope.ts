// What one capability call from the Assistant door hands back, to the model (as the tool's
// output) and to the widgets (as the tool part's output). It never carries a confirmation token:
// a confirmation-requiring call is parked server-side as a pending call (lib/pending/store.ts)
// and only the person's click, checked against that stored call, runs it
// (docs/design.md, confirmation).
import type { Door } from "../contract/catalogue";
import type { AppError, ErrorBody } from "../contract/errors";
import type { Touched } from "../contract/define";

/** The doors a signed-in person uses: the chat and voice sessions. */
export type PersonDoor = Extract<Door, "assistant" | "voice">;

/** the API door's error body without the token: `AppError#toBody(requestId).error` minus confirmationToken */
export type EnvelopeError = Omit<ErrorBody, "confirmationToken">;

export type ToolEnvelope =
  /**
   * `touched`: the record a write changed, the page's cards showing it read it again; `summary`: the
   * sentence the person confirmed, on a confirmed write's result (its card stays a confirm card)
   */
  | {
      status: "ok";
      capabilityId: string;
      data: unknown;
      touched?: Touched;
      summary?: string;
      /** the write's activity entry, when it can be undone (activity.undo): its card offers Undo */
      undoable?: string;
    }
  | { status: "error"; capabilityId: string; error: EnvelopeError }
  | {
      status: "awaiting_confirmation";
      capabilityId: string;
      /** the pending call's id; useless without the person's signed-in session */
      pendingId: string;
      /** the server's one-sentence summary of exactly what will change */
      summary: string;
      expiresAt: string;
    }
  | { status: "declined"; capabilityId: string; summary: string };

/** The API door's error body minus any token. */
export function errorEnvelope(capabilityId: string, error: AppError, requestId: string): ToolEnvelope {
  const { confirmationToken: _token, ...body } = error.toBody(requestId).error;
  return { status: "error", capabilityId, error: body };
}

/** One capability call a person makes: from the chat (the model's tools, a slash command) or a voice session. */
export type PersonCall = {
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

/** Runs one capability for the person (lib/doors/assistant.ts); a write needing confirmation is parked, not run. */
export type RunForPerson = (call: PersonCall) => Promise<ToolEnvelope>;

/** POST /api/assistant/run: a slash command, run directly (no model, no AI budget). */
export type RunRequest = {
  capabilityId: string;
  /** the chat's selected brand (short id or UUID); absent for account capabilities (brands.list) */
  brand?: string;
  input: Record<string, unknown>;
};

/** POST /api/assistant/pending/{pendingId}: the person's decision in the confirm widget. */
export type DecisionRequest = { decision: "confirm" | "cancel" };
