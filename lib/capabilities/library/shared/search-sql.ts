// One page of one status of library.search, newest first, resumed after a (createdAt, id)
// position. Each shape of filter has an index of its own (prisma/schema.prisma, model Asset), so
// a page costs the same at 1,000 and 100,000 files. A name filter ("contains") cannot use an
// index range. A word of 3 characters or more is first counted in SQLite's trigram full-text
// index of names (a count that stops at FULL_TEXT_LIMIT, ~0.2 ms): a rarer word is answered from
// its postings; a common one by reading the newest names in order, which fills a page early.
// Reading every name (~10 ms at 100,000 files) is left to one- or two-character texts and to
// words common elsewhere in the service but rare among this brand's files.
import type { SqlRead } from "../../../db/sql";

export type SearchRow = {
  id: string;
  name: string;
  category: string | null;
  mimeType: string;
  status: string;
  createdAt: string;
};

export type PageQuery = {
  brandId: string;
  status: string;
  type?: string;
  categoryKey?: string;
  /** lower-cased text matched anywhere in the name */
  nameKey?: string;
  /** answer the name filter from the full-text postings (see rareName) */
  nameFromPostings?: boolean;
  /** the raw createdAt and id of the last row already returned */
  after?: { at: string; id: string };
  take: number;
};

/** Below this many names holding the text, across the service, the postings answer. */
export const FULL_TEXT_LIMIT = 500;

const COLUMNS = `a."id", a."name", a."category", a."mimeType", a."status", a."createdAt"`;
const NEWEST_FIRST = `ORDER BY a."createdAt" DESC, a."id" DESC`;
const NAME = `a."nameKey" LIKE ? ESCAPE '\\'`;

type Where = { sql: string[]; args: (string | number)[] };

export function searchPage(sql: SqlRead, query: PageQuery): Promise<SearchRow[]> {
  const where = filters(query);
  if (query.nameKey === undefined) return page(sql, where, query.take);
  const named = and(where, NAME, likePattern(query.nameKey));
  return query.nameFromPostings ? fullText(sql, named, query.nameKey, query.take) : page(sql, named, query.take);
}

/** Whether a name filter is best answered from the full-text postings (a rare text of 3+ characters). */
export async function rareName(sql: SqlRead, nameKey: string): Promise<boolean> {
  // PostgreSQL has no FTS5 table: its pg_trgm GIN index on "nameKey" serves the LIKE itself, and
  // the planner chooses between it and the keyset index from its statistics
  if (sql.dialect === "postgresql") return false;
  if ([...nameKey].length < 3) return false; // the trigram index cannot look up shorter texts
  const [count] = await sql<{ holding: number }>(
    `SELECT COUNT(*) AS "holding" FROM (SELECT 1 FROM "AssetNameSearch" WHERE "AssetNameSearch" MATCH ? LIMIT ?)`,
    [phrase(nameKey), FULL_TEXT_LIMIT],
  );
  return Number(count?.holding ?? 0) < FULL_TEXT_LIMIT;
}

function filters(query: PageQuery): Where {
  let where: Where = { sql: [`a."brandId" = ?`, `a."status" = ?`], args: [query.brandId, query.status] };
  if (query.type !== undefined) where = and(where, `a."type" = ?`, query.type);
  if (query.categoryKey !== undefined) where = and(where, `a."categoryKey" = ?`, query.categoryKey);
  // a row value comparison, which SQLite and PostgreSQL both resolve as one index range
  if (query.after) where = and(where, `(a."createdAt", a."id") < (?, ?)`, query.after.at, query.after.id);
  return where;
}

function and(where: Where, condition: string, ...args: (string | number)[]): Where {
  return { sql: [...where.sql, condition], args: [...where.args, ...args] };
}

function page(sql: SqlRead, where: Where, take: number): Promise<SearchRow[]> {
  return sql<SearchRow>(`SELECT ${COLUMNS} FROM "Asset" a WHERE ${where.sql.join(" AND ")} ${NEWEST_FIRST} LIMIT ?`, [
    ...where.args,
    take,
  ]);
}

/** The name's trigram postings first (CROSS JOIN keeps that order in SQLite), then the other filters. */
function fullText(sql: SqlRead, where: Where, nameKey: string, take: number): Promise<SearchRow[]> {
  return sql<SearchRow>(
    `SELECT ${COLUMNS} FROM "AssetNameSearch" s CROSS JOIN "Asset" a ON a."id" = s."assetId"
     WHERE "AssetNameSearch" MATCH ? AND ${where.sql.join(" AND ")} ${NEWEST_FIRST} LIMIT ?`,
    [phrase(nameKey), ...where.args, take],
  );
}

/** The text as one FTS5 phrase: with the trigram tokenizer, names holding it anywhere. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Newest first, then the higher id: the order of the index, across statuses. */
export function newestFirst(a: SearchRow, b: SearchRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
