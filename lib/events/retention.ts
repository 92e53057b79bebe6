// Events are kept EVENT_RETENTION_DAYS (30 by default), then deleted by every instance's background
// loop (lib/ops/background.ts). A brand's event numbers (EventSequence) are never reset, so a cursor
// kept across the deletion still continues after the right event. An event an enabled webhook
// endpoint has not had fanned out yet (lib/webhooks/fan-out.ts: the deliveries are made from this
// table after the write) is kept past the retention until it has: an endpoint behind is never robbed.
import { db } from "../db/client";

export async function deleteExpiredEvents(days: number, now: Date): Promise<number> {
  const behind = await db().webhookEndpoint.groupBy({
    by: ["brandId"],
    where: { enabled: true },
    _min: { fannedSeq: true },
  });
  const owed = behind.map((brand) => ({ brandId: brand.brandId, seq: { gt: brand._min.fannedSeq ?? 0 } }));
  const deleted = await db().event.deleteMany({
    where: {
      createdAt: { lt: new Date(now.getTime() - days * 86_400_000) },
      ...(owed.length > 0 ? { NOT: { OR: owed } } : {}),
    },
  });
  return deleted.count;
}
