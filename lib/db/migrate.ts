// Applies the checked-in SQL migrations in order (SQLite: prisma/migrations; PostgreSQL:
// prisma/postgres/migrations), recording them in Prisma's own `_prisma_migrations` table, so
// `prisma migrate deploy` on a machine with the native engine sees the same history. Runs offline;
// one transaction per migration.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { dialectOf } from "./dialect";
import { sqlitePath } from "./paths";
import { migratePostgres } from "./migrate-postgres";
import { preparePrivateDatabase } from "../private-files";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/migrations");
export const POSTGRES_MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../prisma/postgres/migrations");

/** Either database: what every entry point (server preparation, CLI, tests) calls. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  return dialectOf(databaseUrl) === "postgresql"
    ? migratePostgres(databaseUrl, listMigrations(POSTGRES_MIGRATIONS_DIR))
    : migrate(databaseUrl);
}

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

/** SQLite only, synchronous (migrateDatabase takes either). */
export function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): string[] {
  if (dialectOf(databaseUrl) !== "sqlite")
    throw new Error("migrate() is SQLite's; use migrateDatabase() for PostgreSQL");
  const file = sqlitePath(databaseUrl);
  preparePrivateDatabase(file, { create: true });
  const sqlite = new Database(file, { timeout: 10_000 });
  try {
    sqlite.pragma("journal_mode = WAL");
    // Prisma's SQLite migrations rebuild a table with "PRAGMA foreign_keys=OFF; … DROP TABLE …",
    // but that pragma is ignored inside a transaction: with keys on, the DROP would delete every
    // row referencing the table through ON DELETE CASCADE. Off here, outside any transaction,
    // and each migration's result is checked with foreign_key_check before it commits.
    sqlite.pragma("foreign_keys = OFF");
    sqlite.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    const applied: string[] = [];
    for (const { name, sql } of listMigrations(dir)) {
      // IMMEDIATE takes the write lock first, so two processes starting together apply each file once
      const run = sqlite.transaction(() => {
        const done = sqlite
          .prepare(
            `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ? AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          )
          .get(name);
        if (done) return;
        sqlite.exec(sql);
        const broken = sqlite.pragma("foreign_key_check") as { table: string; parent: string }[];
        if (broken.length > 0)
          throw new Error(
            `migration ${name} leaves ${broken.length} row(s) of ${broken[0]!.table} without their ${broken[0]!.parent}`,
          );
        sqlite
          .prepare(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`,
          )
          .run(randomUUID(), createHash("sha256").update(sql).digest("hex"), name);
        applied.push(name);
      });
      run.immediate();
    }
    return applied;
  } finally {
    sqlite.close();
  }
}
