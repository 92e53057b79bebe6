// Raw reads below Prisma's client, for the few queries every call makes (key, brand access) and
// the hottest read capability. Measured here (scripts/bench.ts): a Prisma client call costs about
// four times a driver call, and the SQLite adapter prepares every statement anew. Writes and all
// other reads stay on Prisma. SQL is written with `?` placeholders and double-quoted identifiers,
// which SQLite and PostgreSQL both read. The hot reads use subqueries rather than joins: on SQLite a
// prepared two-table join took 16–18 µs a run where the same lookups as subqueries took 4 (key,
// brand and membership; measured on this machine with better-sqlite3 for npm run bench).
import Database from "better-sqlite3";

export type SqlValue = string | number | null;
export type SqlRead = (<Row>(sql: string, args?: readonly SqlValue[]) => Promise<Row[]>) & {
  /** for the rare query that differs (library name search: FTS5 on SQLite, pg_trgm on PostgreSQL) */
  dialect?: "sqlite" | "postgresql";
};

/** SQLite: a read-only WAL connection of its own, each statement prepared once (and planned once: plannedOnce). */
export function sqliteReader(file: string): SqlRead {
  const connection = new Database(file, { readonly: true, timeout: 5000 });
  const statements = new Map<string, Database.Statement>();
  const read = async <Row>(sql: string, args: readonly SqlValue[] = []) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare(plannedOnce(sql))));
    return statement.all(...args) as Row[];
  };
  return Object.assign(read, { dialect: "sqlite" as const });
}

/**
 * `= ?` written `= +?`, outside quoted names and strings. When SQLite's planner looks at a bound
 * value (here: an ORDER BY beside `"brandId" = ?`, which it checks for equal terms), it marks the
 * statement to be planned again whenever that parameter is bound, so a statement prepared once was
 * parsed and planned on every run: kit.read's colour read took 11 µs a run instead of 3, and
 * better-sqlite3 compiled its row builder anew each time (npm run bench:profile). `+?` is
 * the same value with the same (no) affinity, still an equality the index serves, but the planner
 * does not look into it. PostgreSQL has no unary plus for text: this is SQLite's reader only.
 */
export const plannedOnce = (sql: string): string =>
  sql.replace(/"[^"]*"|'[^']*'|=\s*\?/g, (match) => (match.startsWith('"') || match.startsWith("'") ? match : "= +?"));

/** SQLite returns booleans as 0/1, PostgreSQL as booleans. */
export const asBoolean = (value: unknown): boolean => value === true || value === 1 || value === "1";

/** JSON columns come back as text from SQLite. */
export const asJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

export const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);
