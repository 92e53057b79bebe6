// Row and key locks for the writes that race (quota, idempotency keys, one record), held until the write's
// transaction ends. PostgreSQL runs transactions side by side, so they must queue explicitly.
// SQLite needs nothing: its one writer connection runs one transaction at a time.
import { dialect, type Tx } from "./client";
import { keyColumns, keyText, tableOf, type RecordRef } from "./rows";

const onPostgres = () => dialect() === "postgresql";

/** Locks one brand's row: writes that check a brand-wide sum (the storage quota) queue here. */
export async function lockBrand(tx: Tx, brandId: string): Promise<void> {
  if (!onPostgres()) return;
  await tx.$queryRawUnsafe(`SELECT "id" FROM "Brand" WHERE "id" = $1 FOR UPDATE`, brandId);
}

/** Locks an arbitrary key (a transaction-scoped advisory lock): e.g. an idempotency key not stored yet. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  if (!onPostgres()) return;
  // pg_advisory_xact_lock returns void, which the adapter cannot read: count the one row instead
  await tx.$queryRawUnsafe(
    `SELECT COUNT(*) AS "n" FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) AS "locked"`,
    key,
  );
}

/**
 * Locks the rows a write names (its undo declaration, lib/db/rows.ts) before it reads any of them,
 * in one order (model, then key), so every write of one record reads it only after the previous
 * one committed: a check and the update that follows it see the same row (no lost update on a
 * partial change, no undo that writes back over a newer write). A row that does not exist yet
 * locks nothing; its unique key catches a twin.
 */
export async function lockRows(tx: Tx, refs: readonly RecordRef[]): Promise<void> {
  if (!onPostgres() || !refs.length) return;
  const ordered = [...refs].sort((a, b) => `${a.model} ${keyText(a)}`.localeCompare(`${b.model} ${keyText(b)}`));
  for (const ref of ordered) {
    const columns = keyColumns(ref.model);
    const where = columns.map((column, i) => `"${column}" = $${i + 1}`).join(" AND ");
    await tx.$queryRawUnsafe(
      `SELECT 1 AS "locked" FROM "${tableOf(ref.model)}" WHERE ${where} FOR UPDATE`,
      ...columns.map((column) => ref.key[column]),
    );
  }
}
