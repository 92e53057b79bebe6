// A stored confirm card shows what became of its pending call, never a live Confirm for a call that
// was decided or ran out: on every read, a tool part still awaiting confirmation takes the server's
// truth (lib/pending/truth.ts), and a final truth is written back, so the card keeps its
// outcome after the pending call's row is cleaned away. A decision also writes itself back at once.
import "server-only";
import type { UIMessage } from "ai";
import type { ToolEnvelope } from "../pending/envelope";
import { expiredEnvelope, pendingTruth } from "../pending/truth";
import { messagesMentioning, replaceParts } from "./messages";

type Part = UIMessage["parts"][number] & { output?: unknown; state?: string };

export async function settleMessages(
  userId: string,
  conversationId: string,
  messages: UIMessage[],
  requestId: string,
): Promise<UIMessage[]> {
  return Promise.all(
    messages.map(async (message) => {
      const shown = await Promise.all((message.parts as Part[]).map((part) => settledPart(part, userId, requestId)));
      if (shown.every((part, index) => part === message.parts[index])) return message;
      // only a final outcome is written back; a confirmation still running is looked up next time
      const stored = shown.map((part, index) => (isFinal(part.output as ToolEnvelope) ? part : message.parts[index]!));
      if (stored.some((part, index) => part !== message.parts[index]))
        await replaceParts(userId, conversationId, message.id, stored);
      return { ...message, parts: shown } as UIMessage;
    }),
  );
}

/** Writes a just-decided pending call's outcome into the conversation it was proposed in. */
export async function settleDecision(
  userId: string,
  conversationId: string,
  pendingId: string,
  requestId: string,
): Promise<void> {
  await settleMessages(userId, conversationId, await messagesMentioning(userId, conversationId, pendingId), requestId);
}

async function settledPart(part: Part, userId: string, requestId: string): Promise<Part> {
  const output = part.output as (ToolEnvelope & { pendingId?: unknown }) | undefined;
  if (output?.status !== "awaiting_confirmation" || typeof output.pendingId !== "string") return part;
  // cleaned away a day after it ran out, without a decision written back: it expired
  const truth =
    (await pendingTruth(userId, output.pendingId, requestId)) ??
    expiredEnvelope(output.capabilityId, output.summary, requestId);
  if (truth.status === "awaiting_confirmation") return part;
  return { ...part, state: "output-available", output: truth } as Part;
}

/** A still-running confirmation is not final: it is looked up again on the next read. */
const isFinal = (envelope: ToolEnvelope | undefined) =>
  envelope !== undefined &&
  envelope.status !== "awaiting_confirmation" &&
  !(envelope.status === "error" && envelope.error.code === "unavailable");
