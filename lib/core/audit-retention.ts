// The audit trail is kept AUDIT_RETENTION_DAYS (365 by default, never less than a day: an undo
// within its window reads the entry of the write it takes back), then deleted by every instance's
// background loop (lib/ops/background.ts), oldest first, in batches: a trail grown large before
// this setting existed is worked off over several rounds, with no transaction or lock held long.
import { db } from "../db/client";

const BATCH = 500;
/** at most this many batches a round, so one round never keeps the loop from its other tasks */
const BATCHES_PER_ROUND = 40;

export async function pruneAuditTrail(days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let deleted = 0;
  for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
    const old = await db().auditEntry.findMany({
      where: { at: { lt: before } },
      select: { id: true },
      orderBy: { at: "asc" },
      take: BATCH,
    });
    if (old.length === 0) break;
    // instances pruning side by side delete the same ids at most twice; deleteMany counts what it found
    deleted += (await db().auditEntry.deleteMany({ where: { id: { in: old.map((row) => row.id) } } })).count;
    if (old.length < BATCH) break;
  }
  return deleted;
}
