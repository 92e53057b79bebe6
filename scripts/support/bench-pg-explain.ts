// The plans PostgreSQL chooses for library.search's pages (bench-postgres.ts prints them at the
// largest size; docs/contributors.md keeps a run's): the capability's own SQL (search-sql.ts),
// run under EXPLAIN ANALYZE with BENCH-1's values instead of being answered.
import type pg from "pg";
import type { SqlRead, SqlValue } from "../../lib/db/sql";
import { searchPage, type PageQuery } from "../../lib/capabilities/library/shared/search-sql";

export async function explainSearch(client: pg.Client, brandId: string): Promise<string> {
  const out: string[] = [];
  const explaining: SqlRead = Object.assign(
    async <Row>(sql: string, args: readonly SqlValue[] = []): Promise<Row[]> => {
      let n = 0;
      const result = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, COSTS OFF) ${sql.replace(/\?/g, () => `$${++n}`)}`,
        [...args],
      );
      out.push(...result.rows.map((row) => `  ${row["QUERY PLAN"]}`));
      return [];
    },
    { dialect: "postgresql" as const },
  );
  const shapes: [string, Omit<PageQuery, "brandId" | "take">][] = [
    ["first page, approved", { status: "approved" }],
    ["first page, proposed (an admin's second page source)", { status: "proposed" }],
    ["type image and 'latte' in the name, approved", { status: "approved", type: "image", nameKey: "latte" }],
  ];
  for (const [label, query] of shapes) {
    out.push(`${label}:`);
    await searchPage(explaining, { brandId, take: 21, ...query });
  }
  return out.join("\n");
}
