// A brand's memory: what its people (and its assistant) declared about it, each declaration pending
// until an admin accepts or rejects it; an answered question is accepted at once (questions.answer).
import { z } from "zod";
import type { Tx } from "../../db/client";
import { iso, isoOrNull } from "../../contract/time";
import { timestamp } from "../schemas";

export const MEMORY_STATUSES = ["pending", "accepted", "rejected"] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

/** Where a declaration came from: an answered question, the assistant's model, or a person. */
export const MEMORY_SOURCES = ["question", "assistant", "person"] as const;

export const SUBJECT_MAX = 80;
export const STATEMENT_MAX = 2000;

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
export const pendingMemoryWhere = (brandId: string) => ({ brandId, status: "pending" as const });

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

/** One declaration as its events carry it. */
export async function memoryItemOf(db: Tx, brandId: string, id: string): Promise<MemoryItem> {
  const row = await db.memoryDeclaration.findFirstOrThrow({ where: { id, brandId }, select: MEMORY_COLUMNS });
  const [item] = await memoryItems(db, [row]);
  return item!;
}
