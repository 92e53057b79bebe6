// The outbox's write side: one event row in the write's own transaction, so an event exists exactly
// when its write committed (lib/core/write.ts calls this beside the audit record). Nothing else: the
// webhook deliveries an event owes are made from this row after the commit (lib/webhooks/fan-out.ts),
// so a write costs the same with or without endpoints subscribed.
import { dialect, type Tx } from "../db/client";
import { randomBase62 } from "../crypto";
import type { EventActor } from "./actor";

export type { EventActor } from "./actor";

export type NewEvent = {
  brandId: string;
  type: string;
  actor: EventActor;
  data: Record<string, unknown>;
  at: Date;
  /** given when the write names its event before recording it (its undo capture, lib/core/undo-capture.ts) */
  id?: string;
};

/** "evt_" and 24 base62 characters (~143 bits): also the Standard Webhooks `webhook-id`. */
export const newEventId = () => `evt_${randomBase62(24)}`;

export async function recordEvent(tx: Tx, event: NewEvent): Promise<{ id: string }> {
  const id = event.id ?? newEventId();
  await insertNumbered(tx, id, event);
  return { id };
}

/**
 * The event row with the brand's next number. Taking the number (an upsert of the brand's
 * EventSequence row) locks that row until the write commits, so a later number never commits
 * before an earlier one: a reader paging by `seq` (events.list, the webhook fan-out) cannot step past
 * an event still to commit. Taken last in the transaction, so the lock covers only the event's row
 * and the commit. On PostgreSQL the number and the row are one statement (a round trip fewer under
 * the lock); SQLite has one writer, so no lock is waited on there.
 */
async function insertNumbered(tx: Tx, id: string, event: NewEvent): Promise<number> {
  if (dialect() === "postgresql") {
    // the time as UTC text, read as UTC: "createdAt" is a timestamp without zone holding UTC, as Prisma writes it
    const [numbered] = await tx.$queryRaw<{ seq: number | bigint }[]>`WITH "next" AS (
        INSERT INTO "EventSequence" ("brandId", "last") VALUES (${event.brandId}, 1)
        ON CONFLICT ("brandId") DO UPDATE SET "last" = "EventSequence"."last" + 1 RETURNING "last")
      INSERT INTO "Event" ("id", "brandId", "seq", "type", "createdAt", "actor", "data")
      SELECT ${id}, ${event.brandId}, "last", ${event.type}, (${event.at.toISOString()}::timestamptz AT TIME ZONE 'UTC'),
        ${JSON.stringify(event.actor)}::jsonb, ${JSON.stringify(event.data)}::jsonb FROM "next" RETURNING "seq"`;
    return Number(numbered!.seq);
  }
  const [row] = await tx.$queryRaw<
    { last: number | bigint }[]
  >`INSERT INTO "EventSequence" ("brandId", "last") VALUES (${event.brandId}, 1)
    ON CONFLICT ("brandId") DO UPDATE SET "last" = "EventSequence"."last" + 1 RETURNING "last"`;
  await tx.event.create({
    data: {
      id,
      brandId: event.brandId,
      seq: Number(row!.last),
      type: event.type,
      createdAt: event.at,
      actor: event.actor as object,
      data: event.data as object,
    },
  });
  return Number(row!.last);
}
