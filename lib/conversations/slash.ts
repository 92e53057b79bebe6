// A slash command run joins the conversation it was typed in: stored as the assistant's message
// with one tool part (the same shape a model's tool call takes), marked as the person's own run,
// so the page renders it with the same widget and the model, later, knows what the person did.
import "server-only";
import type { UIMessage } from "ai";
import type { ToolEnvelope } from "../pending/envelope";
import { mcpToolName } from "../contract/catalogue";
import { findCapability } from "../capabilities/registry";
import { AppError } from "../contract/errors";
import { randomBase62 } from "../crypto";
import { appendMessage, type SlashMetadata } from "./messages";
import { brandOf } from "./read";
import { CONVERSATION_ID, findConversation, openConversation, unknownConversation } from "./store";

/** Where a slash command's run is recorded: the person's conversation of this id in this brand. */
export type SlashConversation = { id: string; brandId: string; title: string };

/**
 * The conversation a slash command is run in, checked before the run (a conversation of another
 * brand is 404 and nothing runs) but made only when the run is recorded: a refused run leaves
 * nothing behind, not even an empty conversation. Null when the brand itself is refused (the run
 * says why).
 */
export async function slashConversation(userId: string, brand: string, conversationId: string, capabilityId: string): Promise<SlashConversation | null> {
  let brandId: string;
  try {
    brandId = (await brandOf(userId, brand)).id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const existing = await findConversation(userId, conversationId);
  if (existing && existing.brandId !== brandId) throw unknownConversation();
  return { id: conversationId, brandId, title: findCapability(capabilityId)?.title ?? capabilityId };
}

export async function recordSlashRun(userId: string, conversation: SlashConversation, messageId: string | undefined, capabilityId: string, input: Record<string, unknown>, envelope: ToolEnvelope, now: Date): Promise<void> {
  const conversationId = (await openConversation(userId, conversation.brandId, conversation.id, conversation.title, now)).id;
  const message: UIMessage = {
    id: messageId && CONVERSATION_ID.test(messageId) ? messageId : randomBase62(16),
    role: "assistant",
    metadata: { slash: capabilityId } satisfies SlashMetadata,
    parts: [
      { type: "step-start" },
      { type: `tool-${mcpToolName(capabilityId)}`, toolCallId: `slash-${randomBase62(12)}`, state: "output-available", input, output: envelope },
    ] as UIMessage["parts"],
  };
  await appendMessage(userId, conversationId, message, now);
}
