// The writes that change who gets what move an endpoint's fan-out cursor (lib/webhooks/fan-out.ts)
// in their own transaction, so the change takes effect exactly at their commit, as when the write
// itself made the deliveries: every event committed before a disabling or a change of event types is
// fanned out under the old setting first; an endpoint created or enabled again starts at the brand's
// current number (no event from before it). Each takes the endpoint's row first, then the brand's
// event-number lock (the order the delivery worker's disabling takes them in too), so no event can
// commit between the number read and the commit.
import type { Tx } from "../db/client";
import { fanOutStep } from "./fan-out";
import { timeOrderedId } from "./ids";

/** Events fanned out per statement when a write catches an endpoint up. */
const STEP = 500;

/**
 * The brand's last event number, holding its event-number lock to the commit (lib/events/record.ts
 * takes the same row last in every write): a write committing an event waits for this transaction.
 */
export async function lockedLastEvent(tx: Tx, brandId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ last: number | bigint }[]>`INSERT INTO "EventSequence" ("brandId", "last")
    VALUES (${brandId}, 0) ON CONFLICT ("brandId") DO UPDATE SET "last" = "EventSequence"."last" RETURNING "last"`;
  return Number(row!.last);
}

/**
 * Fans an enabled endpoint out up to the brand's last committed event, under its subscription as it
 * is now (a disabled one keeps its cursor: it gets no new events). The brand's last number, locked;
 * undefined when there is no such endpoint (deleted).
 */
export async function fanOutToNow(tx: Tx, endpointId: string): Promise<number | undefined> {
  // the row first: a worker's fan-out of it waits, then finds the cursor moved and rolls back
  const held = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId },
    data: { fannedSeq: { increment: 0 } },
  });
  if (held.count !== 1) return undefined;
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: { id: true, brandId: true, eventTypes: true, fannedSeq: true, enabled: true },
  });
  const last = await lockedLastEvent(tx, endpoint.brandId);
  if (!endpoint.enabled) return last;
  let at = endpoint;
  for (;;) {
    const step = await fanOutStep(tx, at, last, STEP);
    if (!step) throw new Error(`webhook endpoint ${endpointId}: its fan-out cursor moved while its row was held`);
    if (!step.more) return last;
    at = { ...at, fannedSeq: step.fannedSeq };
  }
}

/**
 * An endpoint created or enabled again gets only the events after this write: its cursor at the
 * brand's last number.
 */
export async function startCursorNow(tx: Tx, endpointId: string): Promise<void> {
  const { brandId } = await tx.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: { brandId: true },
  });
  const last = await lockedLastEvent(tx, brandId);
  await tx.webhookEndpoint.update({ where: { id: endpointId }, data: { fannedSeq: last } });
}

/**
 * One delivery of one event to one endpoint (a test event, or a "send again" of an earlier one),
 * numbered after the brand's last committed event, once every event before it has been fanned out
 * to the endpoint: it goes after every event already committed.
 */
export async function enqueueOne(
  tx: Tx,
  endpointId: string,
  event: { id: string; type: string; payload: string },
  now: Date,
): Promise<string> {
  const id = timeOrderedId();
  const last = await fanOutToNow(tx, endpointId);
  if (last === undefined) throw new Error(`webhook endpoint ${endpointId} not found`);
  await tx.webhookDelivery.create({
    data: {
      id,
      seq: last + 1,
      endpointId,
      eventId: event.id,
      eventType: event.type,
      payload: event.payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return id;
}
