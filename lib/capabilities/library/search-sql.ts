// One page of one status of library.search, newest first, resumed after a (createdAt, id)
// position. Each shape of filter has an index of its own (prisma/schema.prisma, model Asset), so
// a page costs the same at 1,000 and 100,000 files. A name filter ("contains") cannot use an
// index range; it is answered in up to three moves, each only when the previous one falls short:
//   1. test the names of the newest candidates, in windows of SCAN_WINDOWS rows (on the index
//      entries, no table reads): a common word fills its page in the first, small window;
//   2. a name rarer than that: ask SQLite's trigram full-text index of names for its postings;
//   3. one or two characters, rare: read every candidate's name.
import type { SqlRead } from "../../db/sql";

export type SearchRow = { id: string; name: string; category: string | null; mimeType: string; status: string; createdAt: string };

export type PageQuery = {
  brandId: string;
  status: string;
  type?: string;
  categoryKey?: string;
  /** lower-cased text matched anywhere in the name */
  nameKey?: string;
  /** the raw createdAt and id of the last row already returned */
  after?: { at: string; id: string };
  take: number;
};

/**
 * Names a name filter reads before it turns to the full-text index (index entries, about 0.1 ms
 * per 1,000). Past the last window a word is in fewer than 1 name in 100, so its postings are few;
 * measured with npm run bench:library.
 */
export const SCAN_WINDOWS = [512, 2048] as const;

const COLUMNS = `a."id", a."name", a."category", a."mimeType", a."status", a."createdAt"`;
const NEWEST_FIRST = `ORDER BY a."createdAt" DESC, a."id" DESC`;
const NAME = `a."nameKey" LIKE ? ESCAPE '\\'`;

type Where = { sql: string[]; args: (string | number)[] };

export async function searchPage(sql: SqlRead, query: PageQuery): Promise<SearchRow[]> {
  const where = filters(query);
  if (query.nameKey === undefined) return page(sql, where, query.take);
  const named = and(where, NAME, likePattern(query.nameKey));
  for (const size of SCAN_WINDOWS) {
    // the oldest row of the window; none when every candidate fits in it
    const [edge] = await sql<{ createdAt: string; id: string }>(
      `SELECT a."createdAt", a."id" FROM "Asset" a WHERE ${where.sql.join(" AND ")} ${NEWEST_FIRST} LIMIT 1 OFFSET ?`,
      [...where.args, size - 1],
    );
    if (!edge) return page(sql, named, query.take);
    const windowed = await page(sql, and(named, `(a."createdAt", a."id") >= (?, ?)`, edge.createdAt, edge.id), query.take);
    if (windowed.length === query.take) return windowed;
  }
  if ([...query.nameKey].length >= 3) return fullText(sql, named, query.nameKey, query.take);
  return page(sql, named, query.take);
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
  return sql<SearchRow>(`SELECT ${COLUMNS} FROM "Asset" a WHERE ${where.sql.join(" AND ")} ${NEWEST_FIRST} LIMIT ?`, [...where.args, take]);
}

/** The name's trigram postings first (CROSS JOIN keeps that order in SQLite), then the other filters. */
function fullText(sql: SqlRead, where: Where, nameKey: string, take: number): Promise<SearchRow[]> {
  return sql<SearchRow>(
    `SELECT ${COLUMNS} FROM "AssetNameSearch" s CROSS JOIN "Asset" a ON a."id" = s."assetId"
     WHERE "AssetNameSearch" MATCH ? AND ${where.sql.join(" AND ")} ${NEWEST_FIRST} LIMIT ?`,
    [`"${nameKey.replaceAll('"', '""')}"`, ...where.args, take],
  );
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Newest first, then the higher id: the order of the index, across statuses. */
export function newestFirst(a: SearchRow, b: SearchRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
