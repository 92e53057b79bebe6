// The genome's entries as every genome capability and event publishes them, read in one place.
import { z } from "zod";
import type { Tx } from "../../../db/client";
import { iso } from "../../../contract/time";
import { notFound } from "../../../contract/errors";
import { timestamp } from "../../schemas";
import { GENOME_KINDS, GENOME_STATUSES, type GenomeKind, type GenomeStatus, SOURCE_KINDS } from "./words";

/** The profile as brand.overview shows it. */
export const genomeProfile = z
  .object({
    displayName: z.string().nullable(),
    countryCode: z.string().nullable().describe("ISO 3166-1 alpha-2"),
    city: z.string().nullable(),
    organizationType: z.string().nullable(),
    primaryLanguage: z.string().nullable().describe("BCP 47 language tag"),
  })
  .strict()
  .describe("The profile fields brand.profile.update changes, as they are now (null when never set)");

const person = z
  .object({ id: z.string(), name: z.string() })
  .strict()
  .nullable()
  .describe("The person, or null (the demo seed, or a person since removed)");

export const genomeEntryRecord = z
  .object({
    id: z.uuid(),
    kind: z.enum(GENOME_KINDS),
    value: z.string(),
    status: z.enum(GENOME_STATUSES).describe("Only approved entries reach brand.soul.read"),
    source: z
      .object({
        kind: z.enum(SOURCE_KINDS).describe("Who or what the entry came from; seed for entries older than proposals"),
        id: z
          .string()
          .optional()
          .describe("The record it came from (a question's or declaration's id), when there is one"),
      })
      .strict(),
    note: z.string().nullable().describe("Why it was proposed, as its proposer wrote it"),
    proposedBy: person,
    reviewedBy: person,
    createdAt: timestamp(),
    reviewedAt: timestamp().nullable().describe("When it was last approved, rejected or retired"),
  })
  .strict();
export type GenomeEntryRecord = z.output<typeof genomeEntryRecord>;

const entrySelect = {
  id: true,
  kind: true,
  value: true,
  status: true,
  sourceKind: true,
  sourceId: true,
  note: true,
  proposedById: true,
  reviewedById: true,
  createdAt: true,
  reviewedAt: true,
} as const;
export type GenomeEntryRow = {
  id: string;
  kind: string;
  value: string;
  status: string;
  sourceKind: string;
  sourceId: string | null;
  note: string | null;
  proposedById: string | null;
  reviewedById: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
};
export { entrySelect as genomeEntrySelect };

/** Rows as records, with the names of the people behind them read in one query. */
export async function genomeEntryRecords(db: Tx, rows: readonly GenomeEntryRow[]): Promise<GenomeEntryRecord[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.proposedById, row.reviewedById]).filter((id) => id !== null))];
  const people = ids.length
    ? new Map(
        (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((user) => [
          user.id,
          user,
        ]),
      )
    : new Map<string, { id: string; name: string }>();
  const named = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as GenomeKind,
    value: row.value,
    status: row.status as GenomeStatus,
    source: { kind: row.sourceKind as (typeof SOURCE_KINDS)[number], ...(row.sourceId ? { id: row.sourceId } : {}) },
    note: row.note,
    proposedBy: named(row.proposedById),
    reviewedBy: named(row.reviewedById),
    createdAt: iso(row.createdAt),
    reviewedAt: row.reviewedAt ? iso(row.reviewedAt) : null,
  }));
}

/** One entry of this brand, or not_found naming the field that named it. */
export async function findGenomeEntry(db: Tx, brandId: string, id: string, field = "entryId"): Promise<GenomeEntryRow> {
  const row = await db.genomeEntry.findFirst({ where: { id, brandId }, select: entrySelect });
  if (!row) throw notFound(field, "genome entry");
  return row;
}

export async function genomeEntryRecordOf(db: Tx, brandId: string, id: string): Promise<GenomeEntryRecord> {
  const [record] = await genomeEntryRecords(db, [await findGenomeEntry(db, brandId, id)]);
  return record!;
}
