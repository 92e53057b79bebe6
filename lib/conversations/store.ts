// Conversations of the Assistant door: one person, one brand, stored as they happen. Every read and
// write names the person, so another person's conversation id reads as unknown (404, no oracle).
// While the model answers, the conversation is held by that answer (one conditional update), so two
// tabs cannot interleave two answers; a crashed instance's hold runs out after ANSWER_HOLD_MS.
import "server-only";
import { db } from "../db/client";
import { AppError, invalidInput } from "../contract/errors";

/**
 * ids come from the person's browser (useChat's chat id, a random UUID on our page); they are
 * looked up per person, so a short or guessed id opens nothing of anyone else's
 */
export const CONVERSATION_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
/** what a field holding one is told when it does not match */
export const CONVERSATION_ID_RULE = "must be 1 to 100 letters, digits, '-', '_', '.' or ':'";
/** an answer longer than this is taken as lost (its instance died); the conversation is free again */
export const ANSWER_HOLD_MS = 10 * 60_000;
const TITLE_LENGTH = 80;

export type ConversationRow = {
  id: string;
  userId: string;
  brandId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  answeringUntil: Date | null;
  answerId: string | null;
};

export const unknownConversation = () =>
  new AppError("not_found", "conversation: no conversation with this id", { field: "conversation" });

/** `field`: what the request calls it (the chat's `id`, the run's `conversationId`). */
export function checkConversationId(id: string, field = "id"): string {
  if (!CONVERSATION_ID.test(id)) {
    throw invalidInput(field, CONVERSATION_ID_RULE);
  }
  return id;
}

/** The person's conversation, or null (unknown, or another person's). */
export async function findConversation(userId: string, id: string): Promise<ConversationRow | null> {
  if (!CONVERSATION_ID.test(id)) return null;
  return db().conversation.findUnique({ where: { userId_id: { userId, id } } });
}

/**
 * The person's conversation in this brand, created on first use with a title from what started
 * it. A conversation of another brand reads as unknown: a conversation never changes brand.
 */
export async function openConversation(
  userId: string,
  brandId: string,
  id: string,
  startedWith: string,
  now: Date,
): Promise<ConversationRow> {
  const existing = await findConversation(userId, checkConversationId(id));
  if (existing) {
    if (existing.brandId !== brandId) throw unknownConversation();
    return existing;
  }
  try {
    return await db().conversation.create({
      data: { id, userId, brandId, title: titleFrom(startedWith), createdAt: now, updatedAt: now },
    });
  } catch (error) {
    // two first messages raced: the other one created it
    const raced = await findConversation(userId, id);
    if (raced && raced.brandId === brandId) return raced;
    throw error;
  }
}

/** The conversation's first words, on one line, cut at a word near TITLE_LENGTH. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= TITLE_LENGTH) return line || "New conversation";
  const cut = line.slice(0, TITLE_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : TITLE_LENGTH).trimEnd()}…`;
}

/** Holds the conversation for one answer; false while another answer holds it. */
export async function holdForAnswer(userId: string, id: string, answerId: string, now: Date): Promise<boolean> {
  const held = await db().conversation.updateMany({
    where: { userId, id, OR: [{ answeringUntil: null }, { answeringUntil: { lte: now } }] },
    data: { answeringUntil: new Date(now.getTime() + ANSWER_HOLD_MS), answerId, updatedAt: now },
  });
  return held.count === 1;
}

/** Frees the conversation once this answer is stored (a later answer's hold is left alone). */
export async function releaseAnswer(userId: string, id: string, answerId: string): Promise<void> {
  await db().conversation.updateMany({
    where: { userId, id, answerId },
    data: { answeringUntil: null, answerId: null, updatedAt: new Date() },
  });
}

export const isAnswering = (row: ConversationRow, now = new Date()) =>
  row.answeringUntil !== null && row.answeringUntil > now;

export type ConversationSummary = { id: string; title: string; updatedAt: string; answering: boolean };

/** The person's conversations in a brand, most recently active first, keyset-paged. */
export async function listConversations(
  userId: string,
  brandId: string,
  limit: number,
  after?: { updatedAt: Date; id: string },
) {
  const rows = await db().conversation.findMany({
    where: {
      userId,
      brandId,
      ...(after
        ? { OR: [{ updatedAt: { lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const now = new Date();
  const items: ConversationSummary[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    answering: isAnswering(row, now),
  }));
  const last = rows.length > limit ? rows[limit - 1]! : null;
  return { items, next: last ? { updatedAt: last.updatedAt, id: last.id } : null };
}

/** The title as stored (one line, cut near TITLE_LENGTH). */
export async function renameConversation(userId: string, id: string, title: string): Promise<string> {
  const stored = titleFrom(title);
  await db().conversation.updateMany({ where: { userId, id }, data: { title: stored } });
  return stored;
}

/** Gone from the database with its messages (cascade), not hidden. */
export async function deleteConversation(userId: string, id: string): Promise<void> {
  await db().conversation.deleteMany({ where: { userId, id } });
}

/** Retention: conversations idle longer than `days` are deleted; returns how many. */
export async function deleteIdleConversations(days: number, now: Date): Promise<number> {
  const deleted = await db().conversation.deleteMany({
    where: { updatedAt: { lt: new Date(now.getTime() - days * 86_400_000) } },
  });
  return deleted.count;
}
