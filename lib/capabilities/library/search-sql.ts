// One page of one status of library.search, newest first, resumed after a (createdAt, id)
// position. Each shape of filter has an index of its own (prisma/schema.prisma, model Asset), so
// a page costs the same at 1,000 and 100,000 files; a name filter is tested on the index entries.
import type { SqlRead } from "../../db/sql";

export type SearchRow = { id: string; name: string; category: string | null; mimeType: string; status: string; createdAt: string };

export type PageQuery = {
  brandId: string;
  status: string;
  type?: string;
  categoryKey?: string;
  /** lower-cased words of the name, matched anywhere in it */
  nameKey?: string;
  /** the raw createdAt and id of the last row already returned */
  after?: { at: string; id: string };
  take: number;
};

export function searchPage(sql: SqlRead, query: PageQuery): Promise<SearchRow[]> {
  const where = [`"brandId" = ?`, `"status" = ?`];
  const args: (string | number)[] = [query.brandId, query.status];
  if (query.type !== undefined) (where.push(`"type" = ?`), args.push(query.type));
  if (query.categoryKey !== undefined) (where.push(`"categoryKey" = ?`), args.push(query.categoryKey));
  if (query.nameKey !== undefined) (where.push(`"nameKey" LIKE ? ESCAPE '\\'`), args.push(`%${escapeLike(query.nameKey)}%`));
  // a row value comparison, which SQLite and PostgreSQL both resolve as one index range
  if (query.after) (where.push(`("createdAt", "id") < (?, ?)`), args.push(query.after.at, query.after.id));
  args.push(query.take);
  return sql<SearchRow>(
    `SELECT "id", "name", "category", "mimeType", "status", "createdAt" FROM "Asset"
     WHERE ${where.join(" AND ")} ORDER BY "createdAt" DESC, "id" DESC LIMIT ?`,
    args,
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Newest first, then the higher id: the order of the index, across statuses. */
export function newestFirst(a: SearchRow, b: SearchRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
