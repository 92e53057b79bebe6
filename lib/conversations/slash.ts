// A slash command run, or an action started inside a card (Approve, Answer, Edit, an upload's
// start and completion…), joins the conversation it was taken in: stored as the assistant's
// message with one tool part (the same shape a model's tool call takes), marked as the person's
// own step and, for a card's action, with the card it came from. So a reload shows what was there
// (a waiting confirmation included: lib/conversations/settle.ts) and the model, later, knows what
// the person did.
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
export async function slashConversation(
  userId: string,
  brand: string,
  conversationId: string,
  capabilityId: string,
): Promise<SlashConversation | null> {
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

/** Where a step came from: a card's tool call id, and the widget it opens when not the capability's own. */
export type StepOrigin = Omit<SlashMetadata, "slash">;

export async function recordSlashRun(
  userId: string,
  conversation: SlashConversation,
  messageId: string | undefined,
  capabilityId: string,
  input: Record<string, unknown>,
  envelope: ToolEnvelope,
  now: Date,
  origin: StepOrigin = {},
): Promise<void> {
  const conversationId = (
    await openConversation(userId, conversation.brandId, conversation.id, conversation.title, now)
  ).id;
  const id = messageId && CONVERSATION_ID.test(messageId) ? messageId : randomBase62(16);
  const metadata: SlashMetadata = {
    slash: capabilityId,
    ...(origin.from ? { from: origin.from } : {}),
    ...(origin.widget ? { widget: origin.widget } : {}),
  };
  const message: UIMessage = {
    id,
    role: "assistant",
    metadata,
    parts: [
      { type: "step-start" },
      // named after the message, so the page that showed it live and a reload give the card the same key
      {
        type: `tool-${mcpToolName(capabilityId)}`,
        toolCallId: `slash-${id}`,
        state: "output-available",
        input,
        output: envelope,
      },
    ] as UIMessage["parts"],
  };
  await appendMessage(userId, conversationId, message, now);
}
