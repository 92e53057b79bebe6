// The messages of a stored conversation, as the person saw them: AI SDK UI messages with only the
// parts the page shows (text, tool parts with their envelopes) and the step markers the model's
// history needs. Reasoning, sources and anything else are never stored.
import "server-only";
import type { UIMessage } from "ai";
import { db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { keptOutput } from "../pending/kept";

type Part = UIMessage["parts"][number];
/**
 * A step the person took themselves, with no model: a slash command, or an action started inside a
 * card (`from`: the tool call id of that card's part; `widget`: the card it opens when that is not
 * the capability's own, e.g. a file's review opened from a search result).
 */
export type SlashMetadata = { slash: string; from?: string; widget?: string };

const KEPT = (part: Part) =>
  part.type === "text" || part.type === "step-start" || part.type === "dynamic-tool" || part.type.startsWith("tool-");

/** What is stored of a message's parts: a tool part's values shown once (a new secret) never are. */
export const storedParts = (message: UIMessage): Part[] =>
  message.parts.filter(KEPT).map((part) => (part.type === "text" ? { type: "text", text: part.text } : keptPart(part)));

const keptPart = (part: Part): Part =>
  "output" in part && part.output !== undefined ? ({ ...part, output: keptOutput(part.output) } as Part) : part;

/** Appends a message at the end; its id must be new in the conversation (false when it is not). */
export async function appendMessage(
  userId: string,
  conversationId: string,
  message: UIMessage,
  now: Date,
): Promise<boolean> {
  // the next position; two writers racing for it retry (a slash run beside a streaming answer)
  for (let attempt = 0; attempt < 5; attempt++) {
    const last = await db().conversationMessage.findFirst({
      where: { userId, conversationId },
      orderBy: { seq: "desc" },
      select: { seq: true },
    });
    try {
      await db().$transaction([
        db().conversationMessage.create({ data: rowOf(userId, conversationId, message, (last?.seq ?? 0) + 1, now) }),
        db().conversation.updateMany({ where: { userId, id: conversationId }, data: { updatedAt: now } }),
      ]);
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = await db().conversationMessage.findUnique({
        where: { userId_conversationId_id: { userId, conversationId, id: message.id } },
      });
      if (taken) return false;
    }
  }
  throw new Error("conversation message: no free position after 5 attempts");
}

/** Writes the answer as it grows: appended the first time, its parts replaced after. */
export async function saveAnswer(userId: string, conversationId: string, message: UIMessage, now: Date): Promise<void> {
  const updated = await db().conversationMessage.updateMany({
    where: { userId, conversationId, id: message.id },
    data: { parts: JSON.stringify(storedParts(message)) },
  });
  if (updated.count === 0) await appendMessage(userId, conversationId, message, now);
}

/** Rewrites one stored message's parts (a pending call decided after it was stored). */
export async function replaceParts(userId: string, conversationId: string, id: string, parts: Part[]): Promise<void> {
  await db().conversationMessage.updateMany({
    where: { userId, conversationId, id },
    data: { parts: JSON.stringify(parts.map(keptPart)) },
  });
}

export type Page = { messages: UIMessage[]; earlier: number | null };

/** The last `limit` messages before position `before` (the end when absent), oldest first. */
export async function loadMessages(
  userId: string,
  conversationId: string,
  limit: number,
  before?: number,
): Promise<Page> {
  const rows = await db().conversationMessage.findMany({
    where: { userId, conversationId, ...(before !== undefined ? { seq: { lt: before } } : {}) },
    orderBy: { seq: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit).reverse();
  return { messages: page.map(messageOf), earlier: rows.length > limit ? page[0]!.seq : null };
}

/** Messages whose parts mention `text` (a pending call's id), for writing a decision back. */
export async function messagesMentioning(userId: string, conversationId: string, text: string): Promise<UIMessage[]> {
  const rows = await db().conversationMessage.findMany({
    where: { userId, conversationId, parts: { contains: text } },
  });
  return rows.map(messageOf);
}

function rowOf(userId: string, conversationId: string, message: UIMessage, seq: number, now: Date) {
  return {
    userId,
    conversationId,
    id: message.id,
    seq,
    role: message.role,
    parts: JSON.stringify(storedParts(message)),
    metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
    createdAt: now,
  };
}

function messageOf(row: { id: string; role: string; parts: string; metadata: string | null }): UIMessage {
  const message: UIMessage = {
    id: row.id,
    role: row.role as UIMessage["role"],
    // a card stored before values shown once were kept out is read without them too
    parts: (JSON.parse(row.parts) as Part[]).map(keptPart),
  };
  if (row.metadata !== null) message.metadata = JSON.parse(row.metadata) as unknown;
  return message;
}
