// A brand's memory: what its people (and its assistant) declared about it, each declaration pending
// until an admin accepts or rejects it (the review flow, ./words.ts); an answered question is accepted
// at once (questions.answer). The declarations as memory.list and every memory event publish them.
import { z } from "zod";
import type { Tx } from "../../../db/client";
import { notFound } from "../../../contract/errors";
import { iso, isoOrNull } from "../../../contract/time";
import { timestamp } from "../../schemas";
import { MEMORY_REVIEW, MEMORY_SOURCES, MEMORY_STATUSES, type MemoryStatus } from "./words";

const person = z.object({ id: z.string(), name: z.string() }).strict();

export const memoryItem = z
  .object({
    id: z.uuid(),
    subject: z.string().describe("What it is about, e.g. brand.tagline (for an answer: the question's key)"),
    statement: z.string().describe("What is declared"),
    status: z.enum(MEMORY_STATUSES).describe("pending (awaits an admin), accepted or rejected"),
    source: z
      .object({
        kind: z.enum(MEMORY_SOURCES).describe("question (an answered question), assistant (its model) or person"),
        id: z.string().optional().describe("The record it came from: the question's id for an answer"),
      })
      .strict(),
    author: person.nullable().describe("Who declared it, or null when unknown"),
    reviewedBy: person.nullable().describe("Who accepted or rejected it; null while pending (and for answers)"),
    createdAt: timestamp(),
    reviewedAt: timestamp().nullable().describe("When it was accepted or rejected; null while pending"),
  })
  .strict();
export type MemoryItem = z.output<typeof memoryItem>;

export const MEMORY_COLUMNS = {
  id: true,
  subject: true,
  statement: true,
  status: true,
  source: true,
  questionId: true,
  authorId: true,
  reviewedById: true,
  createdAt: true,
  reviewedAt: true,
} as const;

type Row = {
  id: string;
  subject: string;
  statement: string;
  status: string;
  source: string;
  questionId: string | null;
  authorId: string | null;
  reviewedById: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};

/** What brand.overview counts as pending memory is exactly what memory.list shows as pending. */
export const pendingMemoryWhere = (brandId: string) => ({ brandId, status: MEMORY_REVIEW.waiting });

/** Rows as memory.list publishes them, with their people's names read in one query. */
export async function memoryItems(db: Tx, rows: readonly Row[]): Promise<MemoryItem[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.authorId, row.reviewedById]).filter((id) => id !== null))];
  const people = new Map(
    (ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : []).map(
      (user) => [user.id, user],
    ),
  );
  const personOf = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    statement: row.statement,
    status: row.status as MemoryStatus,
    source: sourceOf(row),
    author: personOf(row.authorId),
    reviewedBy: personOf(row.reviewedById),
    createdAt: iso(row.createdAt),
    reviewedAt: isoOrNull(row.reviewedAt),
  }));
}

function sourceOf(row: Row): MemoryItem["source"] {
  const kind = (MEMORY_SOURCES as readonly string[]).includes(row.source)
    ? (row.source as MemoryItem["source"]["kind"])
    : "person";
  return kind === "question" && row.questionId ? { kind, id: row.questionId } : { kind };
}

/** One declaration of this brand, as a review reads it, or not_found naming the field that named it. */
export async function findDeclaration(db: Tx, brandId: string, id: string, field = "declarationId") {
  const row = await db.memoryDeclaration.findFirst({
    where: { id, brandId },
    select: { status: true, subject: true, statement: true },
  });
  if (!row) throw notFound(field, "declaration");
  return row;
}

/** One declaration as its events carry it. */
export async function memoryItemOf(db: Tx, brandId: string, id: string): Promise<MemoryItem> {
  const row = await db.memoryDeclaration.findFirstOrThrow({ where: { id, brandId }, select: MEMORY_COLUMNS });
  const [item] = await memoryItems(db, [row]);
  return item!;
}
