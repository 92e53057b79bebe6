// What one capability call from the Assistant door hands back, to the model (as the tool's
// output) and to the widgets (as the tool part's output). It never carries a confirmation token:
// a confirmation-requiring call is parked server-side as a pending call (lib/pending/store.ts)
// and only the person's click, checked against that stored call, runs it (decisions §5).
import type { Door } from "../contract/define";
import type { AppError } from "../contract/errors";

/** The doors a signed-in person uses: the chat and voice sessions. */
export type PersonDoor = Extract<Door, "assistant" | "voice">;

/** the API door's error body without the token: `AppError#toBody(requestId).error` minus confirmationToken */
export type EnvelopeError = Omit<ReturnType<AppError["toBody"]>["error"], "confirmationToken">;

export type ToolEnvelope =
  | { status: "ok"; capabilityId: string; data: unknown }
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

/** POST /api/assistant/run: a slash command, run directly (no model, no AI budget). */
export type RunRequest = {
  capabilityId: string;
  /** the chat's selected brand (short id or UUID); absent for account capabilities (brands.list) */
  brand?: string;
  input: Record<string, unknown>;
};

/** POST /api/assistant/pending/{pendingId}: the person's decision in the confirm widget. */
export type DecisionRequest = { decision: "confirm" | "cancel" };
