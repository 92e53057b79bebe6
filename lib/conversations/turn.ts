// One chat turn of a stored conversation: the person's new message (the last one a client sends,
// which must be the person's words), appended once; and the answer, saved as it grows and freeing
// the conversation when it is stored whole.
import "server-only";
import type { UIMessage } from "ai";
import { AppError, invalidInput } from "../contract/errors";
import { appendMessage, loadMessages, saveAnswer } from "./messages";
import { releaseAnswer } from "./store";

/** The person's new message: the last one sent, from the person, with something said. */
export function personSaid(messages: UIMessage[]): UIMessage {
  const index = messages.length - 1;
  const last = messages[index]!;
  if (last.role !== "user")
    throw invalidInput(
      `messages.${index}.role`,
      "must be user: the conversation's earlier turns are kept by the server",
    );
  const text = textOf(last);
  if (!text.trim()) throw invalidInput(`messages.${index}.parts`, "must say something (a text part)");
  return { id: last.id, role: "user", parts: [{ type: "text", text }] };
}

export const textOf = (message: UIMessage) =>
  message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");

/** Appended once; sent again (a retry after a failed answer) only while it is still the last word. */
export async function addPersonMessage(
  userId: string,
  conversationId: string,
  said: UIMessage,
  now: Date,
): Promise<void> {
  if (await appendMessage(userId, conversationId, said, now)) return;
  const { messages } = await loadMessages(userId, conversationId, 1);
  if (messages[0]?.id !== said.id)
    throw invalidInput("messages", "this message is already in the conversation; send a new one");
}

export const stillAnswering = () =>
  new AppError(
    "unavailable",
    "The assistant is still answering in this conversation; wait for the answer, then send again",
    { retryAfterSeconds: 2, reason: "answering" },
  );

/** Saves the answer step by step (a reload meanwhile shows what is done), then frees the conversation. */
export function storeAnswer(userId: string, conversationId: string, answerId: string, requestId: string) {
  const save = async (message: UIMessage) => {
    try {
      await saveAnswer(userId, conversationId, message, new Date());
    } catch (error) {
      console.error(`[${requestId}] answer not stored:`, error);
    }
  };
  return {
    step: save,
    end: async (message: UIMessage) => {
      if (message.parts.length > 0) await save(message);
      await releaseAnswer(userId, conversationId, answerId);
    },
  };
}
