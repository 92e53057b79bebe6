// Row and key locks for the writes that race (quota, idempotency keys), held until the write's
// transaction ends. PostgreSQL runs transactions side by side, so they must queue explicitly.
// SQLite needs nothing: its one writer connection runs one transaction at a time.
import { dialect, type Tx } from "./client";

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
