// A realtime voice session joins the person's conversation like a turn-by-turn one (./record.ts),
// but piece by piece, as the session runs in the browser: each capability call the model makes is
// stored by the call route (the envelope the widget shows, confirm cards included, as a tool part),
// and what both said is reported by the browser to the said route (./said.ts). Everything is marked
// as spoken, so the page shows a microphone beside it and a reload shows what was on screen.
import "server-only";
import type { UIMessage } from "ai";
import type { ToolEnvelope } from "../pending/envelope";
import { mcpToolName } from "../contract/catalogue";
import { randomBase62 } from "../crypto";
import { db } from "../db/client";
import { appendMessage } from "../conversations/messages";
import { brandOf } from "../conversations/read";
import {
  CONVERSATION_ID,
  checkConversationId,
  findConversation,
  openConversation,
  unknownConversation,
} from "../conversations/store";
import type { VoiceMetadata } from "./record";

const SPOKEN: VoiceMetadata = { voice: true };
/** the title of a conversation a realtime session opened before anything was said */
const VOICE_TITLE = "Voice conversation";

/**
 * Checks the conversation a realtime session will open before anything is reserved (a bad id 422,
 * one of another brand 404: nothing written), and answers how to open it once the session is
 * granted: then it is made, and appears in the person's list.
 */
export async function voiceConversationOpener(
  userId: string,
  brandId: string,
  id: string,
): Promise<(now: Date) => Promise<unknown>> {
  const existing = await findConversation(userId, checkConversationId(id, "conversation"));
  if (existing && existing.brandId !== brandId) throw unknownConversation();
  return (now) => openConversation(userId, brandId, id, VOICE_TITLE, now);
}

/**
 * The conversation a realtime session opened, removed when the person left it with nothing in it
 * (the session's end, lib/voice/usage.ts): a conversation with a message, renamed, or another
 * person's stays, and the answer is the same either way.
 */
export async function dropUnusedVoiceConversation(userId: string, id: string): Promise<void> {
  await db().conversation.deleteMany({ where: { userId, id, title: VOICE_TITLE, messages: { none: {} } } });
}

/**
 * The person's own conversation of this id in this brand, where the session's pieces are stored.
 * Unknown, another person's (ids are per person) or of another brand: 404, nothing stored or run.
 */
export async function voiceConversation(
  userId: string,
  brand: string,
  id: string,
): Promise<{ id: string; brandId: string }> {
  const brandId = (await brandOf(userId, brand)).id;
  const existing = await findConversation(userId, checkConversationId(id, "conversation"));
  if (!existing || existing.brandId !== brandId) throw unknownConversation();
  return { id: existing.id, brandId };
}

/** a message id from the browser (so the page and the record agree), or a new one */
const messageIdOf = (id: string | undefined) => (id && CONVERSATION_ID.test(id) ? id : randomBase62(16));

/** One capability call of the session, as the assistant's message with its tool part. */
export async function recordVoiceCall(
  userId: string,
  conversationId: string,
  messageId: string | undefined,
  call: { capabilityId: string; input: Record<string, unknown>; callId?: string },
  envelope: ToolEnvelope,
  now: Date,
): Promise<void> {
  const message: UIMessage = {
    id: messageIdOf(messageId),
    role: "assistant",
    metadata: SPOKEN,
    parts: [
      { type: "step-start" },
      {
        type: `tool-${mcpToolName(call.capabilityId)}`,
        toolCallId: call.callId ?? `voice-${randomBase62(12)}`,
        state: "output-available",
        input: call.input,
        output: envelope,
      },
    ] as UIMessage["parts"],
  };
  await appendMessage(userId, conversationId, message, now);
}

/** What one of them said, as the session transcribed it; false when this message id is stored already. */
export async function recordSaid(
  userId: string,
  conversationId: string,
  messageId: string | undefined,
  role: "user" | "assistant",
  text: string,
  now: Date,
): Promise<boolean> {
  const message: UIMessage = { id: messageIdOf(messageId), role, metadata: SPOKEN, parts: [{ type: "text", text }] };
  return appendMessage(userId, conversationId, message, now);
}
