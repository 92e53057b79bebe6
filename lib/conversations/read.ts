// What the conversation routes answer: the person's list in a brand, one conversation's messages
// (a page at a time, confirm cards settled), rename and delete. Only the owner, and only while a
// member of the conversation's brand: anyone else, or a conversation of a brand left, is 404.
import "server-only";
import { z } from "zod";
import { resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError } from "../contract/errors";
import { decodeCursor, encodeCursor } from "../contract/cursor";
import { loadMessages } from "./messages";
import { settleMessages } from "./settle";
import { findConversation, isAnswering, listConversations, unknownConversation, type ConversationRow } from "./store";

/** messages shown at once; earlier ones load as the person scrolls up */
export const PAGE_MESSAGES = 30;
const LIST_PAGE = 30;
const position = z.object({ updatedAt: z.string(), id: z.string() }).strict();

/** The brand (short id or id) as the person may use it now; the pipeline's refusal otherwise. */
export async function brandOf(userId: string, brand: string) {
  return (await resolveBrandAccess(await authenticate({ kind: "session", userId }, new Date()), brand)).brand;
}

export async function conversationsOf(userId: string, brand: string, cursor?: string) {
  const { id: brandId } = await brandOf(userId, brand);
  const after = decodeCursor("conversations", cursor, position);
  const { items, next } = await listConversations(
    userId,
    brandId,
    LIST_PAGE,
    after && { updatedAt: new Date(after.updatedAt), id: after.id },
  );
  return {
    items,
    nextCursor: next ? encodeCursor("conversations", { updatedAt: next.updatedAt.toISOString(), id: next.id }) : null,
  };
}

/** The owner's conversation whose brand they still belong to; anything else reads as unknown. */
export async function ownConversation(
  userId: string,
  id: string,
): Promise<{ row: ConversationRow; brand: { shortId: string; name: string } }> {
  const row = await findConversation(userId, id);
  if (!row) throw unknownConversation();
  try {
    const brand = await brandOf(userId, row.brandId);
    return { row, brand: { shortId: brand.shortId, name: brand.name } };
  } catch (error) {
    if (error instanceof AppError) throw unknownConversation();
    throw error;
  }
}

export async function conversationPage(userId: string, id: string, before: number | undefined, requestId: string) {
  const { row, brand } = await ownConversation(userId, id);
  const page = await loadMessages(userId, id, PAGE_MESSAGES, before);
  return {
    id: row.id,
    title: row.title,
    brand,
    updatedAt: row.updatedAt.toISOString(),
    answering: isAnswering(row),
    messages: await settleMessages(userId, id, page.messages, requestId),
    earlier: page.earlier,
  };
}
