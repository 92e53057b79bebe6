// PostgreSQL's half of migrate.ts: the same history table as Prisma's own, one transaction per
// file, and an advisory lock so that instances starting together apply each file once.
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";

const LOCK = 72_707_369; // any constant: the key of the migrations' advisory lock

export async function migratePostgres(url: string, migrations: { name: string; sql: string }[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // a lost connection fails the running query, which throws below
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = new Set(
      (
        await client.query(
          `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
      ).rows.map((row) => row.migration_name as string),
    );
    const applied: string[] = [];
    for (const { name, sql } of migrations) {
      if (done.has(name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), createHash("sha256").update(sql).digest("hex"), name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    return applied;
  } finally {
    await client.end().catch(() => {});
  }
}
