// A voice turn joins the person's conversation like a typed one (lib/conversations/turn.ts): what
// the person said (the transcript, or the decision they clicked) as their message, the answer (each
// tool call as the tool part the chat stores, a pending write as its confirm card, then the words)
// as the assistant's, both marked as spoken. The model reads the stored conversation, typed and
// spoken turns alike; a reload, the conversation list and a later typed turn see the same record.
import "server-only";
import type { StepResult, ToolSet, UIMessage } from "ai";
import { convertToModelMessages, type ModelMessage } from "ai";
import { randomBase62 } from "../crypto";
import { appendMessage, loadMessages } from "../conversations/messages";
import { settleMessages } from "../conversations/settle";
import { checkConversationId, holdForAnswer, openConversation, releaseAnswer } from "../conversations/store";
import { stillAnswering } from "../conversations/turn";
import { MODEL_HISTORY_MESSAGES, modelWindow } from "../conversations/window";

/** marks a stored message as spoken (the page shows a microphone beside it) */
export type VoiceMetadata = { voice: true };
const SPOKEN: VoiceMetadata = { voice: true };

export type HeldConversation = { id: string; title: string; release(): Promise<void> };

/** The person's conversation in this brand (a new one when `id` is absent), held for this turn's answer. */
export async function holdConversation(
  userId: string,
  brandId: string,
  id: string | undefined,
  startedWith: string,
  now: Date,
): Promise<HeldConversation> {
  const conversation = await openConversation(
    userId,
    brandId,
    id === undefined ? randomBase62(24) : checkConversationId(id, "conversation"),
    startedWith,
    now,
  );
  const answerId = randomBase62(16);
  if (!(await holdForAnswer(userId, conversation.id, answerId, now))) throw stillAnswering();
  return {
    id: conversation.id,
    title: conversation.title,
    release: () => releaseAnswer(userId, conversation.id, answerId),
  };
}

/** What the model reads before the person's new words: the stored conversation, confirm cards settled. */
export async function storedHistory(
  userId: string,
  conversationId: string,
  tools: ToolSet,
  requestId: string,
): Promise<ModelMessage[]> {
  const { messages } = await loadMessages(userId, conversationId, MODEL_HISTORY_MESSAGES);
  const settled = await settleMessages(userId, conversationId, messages, requestId);
  return convertToModelMessages(modelWindow(settled), { tools, ignoreIncompleteToolCalls: true });
}

/** The turn as the two stored messages, in the order said; returned so the page shows exactly them. */
export async function recordTurn(
  userId: string,
  conversationId: string,
  said: string,
  steps: StepResult<ToolSet>[],
  reply: string,
  now: Date,
): Promise<UIMessage[]> {
  const person: UIMessage = {
    id: randomBase62(16),
    role: "user",
    metadata: SPOKEN,
    parts: [{ type: "text", text: said }],
  };
  const toolParts = steps
    .flatMap((step) => step.toolResults)
    .map((result) => ({
      type: `tool-${result.toolName}`,
      toolCallId: result.toolCallId,
      state: "output-available",
      input: result.input,
      output: result.output,
    }));
  const answer: UIMessage = {
    id: randomBase62(16),
    role: "assistant",
    metadata: SPOKEN,
    parts: [{ type: "step-start" }, ...toolParts, { type: "text", text: reply }] as UIMessage["parts"],
  };
  await appendMessage(userId, conversationId, person, now);
  await appendMessage(userId, conversationId, answer, now);
  return [person, answer];
}
