// Events are kept EVENT_RETENTION_DAYS (30 by default), then deleted by every instance's background
// loop (lib/ops/background.ts). A brand's event numbers (EventSequence) are never reset, so a cursor
// kept across the deletion still continues after the right event.
import { db } from "../db/client";

export async function deleteExpiredEvents(days: number, now: Date): Promise<number> {
  const deleted = await db().event.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - days * 86_400_000) } },
  });
  return deleted.count;
}
