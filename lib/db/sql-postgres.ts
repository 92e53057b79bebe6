// SqlRead on PostgreSQL (see sql.ts): the same portable SQL, `?` placeholders numbered `$1…` once
// per statement text, each statement prepared once per connection (named query). Values come back
// as SQLite's reader gives them where callers compare or encode them: timestamps as ISO strings
// (keyset cursors and the newest-first merge compare createdAt as text); counts and BigInt
// columns as strings, read with Number() like SQLite's numbers.
import pg from "pg";
import type { SqlRead, SqlValue } from "./sql";

const TIMESTAMP = 1114; // timestamp(3) without time zone: Prisma stores UTC
const TIMESTAMPTZ = 1184;

const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`).toISOString();
    if (oid === TIMESTAMPTZ) return (text: string) => new Date(text).toISOString();
    return pg.types.getTypeParser(oid, format as "text");
  },
};

export function postgresReader(pool: pg.Pool): SqlRead {
  const statements = new Map<string, { name: string; text: string }>();
  const read = async <Row>(sql: string, args: readonly SqlValue[] = []) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = { name: `brand_ops_${statements.size}`, text: numbered(sql) }));
    const result = await pool.query({ ...statement, values: [...args], types } as pg.QueryConfig);
    return result.rows as Row[];
  };
  return Object.assign(read, { dialect: "postgresql" as const });
}

/** `?` → `$n`, outside quoted identifiers and string literals. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/"[^"]*"|'[^']*'|\?/g, (token) => (token === "?" ? `$${++n}` : token));
}
