// What the model reads of a long conversation: the last MODEL_HISTORY_MESSAGES messages, fewer when
// they exceed MODEL_HISTORY_CHARACTERS of stored JSON (a few large tool results), always starting
// at one of the person's messages or steps (a slash command, an action in a card: the person's too,
// and a conversation may begin with them). Whole messages are cut, never parts, so a tool call and
// its result stay together; what is cut is still stored and shown, only the model no longer reads it.
import type { UIMessage } from "ai";

export const MODEL_HISTORY_MESSAGES = 40;
export const MODEL_HISTORY_CHARACTERS = 120_000;

export function modelWindow(messages: UIMessage[]): UIMessage[] {
  let kept = messages.slice(-MODEL_HISTORY_MESSAGES);
  let size = kept.reduce((total, message) => total + JSON.stringify(message.parts).length, 0);
  // the newest message (the person's) always stays, however large
  while (kept.length > 1 && size > MODEL_HISTORY_CHARACTERS) {
    size -= JSON.stringify(kept[0]!.parts).length;
    kept = kept.slice(1);
  }
  const firstFromPerson = kept.findIndex((message) => message.role === "user" || isPersonStep(message));
  return firstFromPerson > 0 ? kept.slice(firstFromPerson) : kept;
}

/** A step the person took without the model (lib/conversations/slash.ts marks it). */
const isPersonStep = (message: UIMessage) =>
  typeof (message.metadata as { slash?: unknown } | undefined)?.slash === "string";
