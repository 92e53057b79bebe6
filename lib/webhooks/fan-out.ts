// The fan-out: an event becomes one delivery per enabled endpoint of its brand subscribed to its
// type (but the endpoint a webhook.endpoint.* or webhook.delivery.* event is about). The write
// records only the event (lib/events/record.ts: the outbox, in the write's own transaction); each
// endpoint's deliveries are made from the events table after the commit, past the endpoint's cursor
// (WebhookEndpoint.fannedSeq, the last event number already fanned out to it), by the delivery
// worker while it holds the endpoint's claim (lib/webhooks/worker.ts) and by the writes that change
// who gets what (lib/webhooks/cursor.ts). Inserting the deliveries in the write halved a write's
// throughput with 10 endpoints (docs/operators.md, "Webhook delivery").
import type { Tx } from "../db/client";
import { parseEventTypes } from "./endpoint-view";
import { timeOrderedId } from "./ids";

export type WebhookEvent = { id: string; brandId: string; type: string; at: Date; data: unknown; actor: unknown };

/**
 * The JSON body of every delivery of an event: the events.list item (id, type, createdAt, actor,
 * data) and the brand it happened in, the same envelope the OpenAPI document's `webhooks` describe.
 */
export function webhookBody(event: WebhookEvent, brand: { id: string; shortId: string }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.at.toISOString(),
    brand,
    actor: event.actor,
    data: event.data,
  });
}

const subscribed = (eventTypes: string, type: string) => {
  const types = parseEventTypes(eventTypes);
  return types.includes("*") || types.includes(type);
};

/**
 * The endpoint a `webhook.endpoint.*` or `webhook.delivery.*` event is about (its `id`, or
 * `endpointId` for a test or a resend): that endpoint is not sent it. Its admin already knows, and
 * otherwise every endpoint on "*" would get its own creation, each added endpoint one delivery more
 * than the last, and one "Send again" would POST it twice (the delivery and the news of it).
 */
function endpointAbout(event: WebhookEvent): string | undefined {
  const aboutAnEndpoint = event.type.startsWith("webhook.endpoint.") || event.type.startsWith("webhook.delivery.");
  if (!aboutAnEndpoint || typeof event.data !== "object" || event.data === null) return undefined;
  const data = event.data as { id?: unknown; endpointId?: unknown };
  const id = data.endpointId ?? data.id;
  return typeof id === "string" ? id : undefined;
}

export type CursorAt = { id: string; brandId: string; eventTypes: string; fannedSeq: number };

/**
 * One bounded step of an endpoint's fan-out: the events of its brand past its cursor, up to `upTo`
 * (a number known committed), at most `take` of them, in order; those it is subscribed to become
 * its deliveries (numbered as their events), and the cursor moves to the last one read (to `upTo`
 * when none is left). The endpoint's row is taken first, only while the cursor is still the value
 * read (WHERE fannedSeq = old): of two fan-outs of one endpoint (a claim lost to another instance),
 * one moves it and the other gets undefined and writes nothing, so no event is turned into
 * deliveries twice. A write first also keeps SQLite from refusing the transaction's first write
 * after its reads (SQLITE_BUSY_SNAPSHOT) when another process wrote between them. Otherwise the
 * cursor's new value, and whether events past it may be left below `upTo`.
 */
export async function fanOutStep(
  tx: Tx,
  endpoint: CursorAt,
  upTo: number,
  take: number,
): Promise<{ fannedSeq: number; more: boolean } | undefined> {
  if (endpoint.fannedSeq >= upTo) return { fannedSeq: endpoint.fannedSeq, more: false };
  const held = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, fannedSeq: endpoint.fannedSeq },
    data: { fannedSeq: { increment: 0 } },
  });
  if (held.count !== 1) return undefined;
  const events = await tx.event.findMany({
    where: { brandId: endpoint.brandId, seq: { gt: endpoint.fannedSeq, lte: upTo } },
    orderBy: { seq: "asc" },
    take,
    select: { id: true, seq: true, type: true, createdAt: true, actor: true, data: true },
  });
  const more = events.length === take && events.at(-1)!.seq < upTo;
  const fannedSeq = more ? events.at(-1)!.seq : upTo;
  await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { fannedSeq } });
  const wanted = events
    .map((row) => ({ ...row, brandId: endpoint.brandId, at: row.createdAt }))
    .filter((event) => endpointAbout(event) !== endpoint.id && subscribed(endpoint.eventTypes, event.type));
  if (wanted.length > 0) {
    const brand = await tx.brand.findUniqueOrThrow({
      where: { id: endpoint.brandId },
      select: { id: true, shortId: true },
    });
    await tx.webhookDelivery.createMany({
      data: wanted.map((event) => ({
        id: timeOrderedId(),
        seq: event.seq,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: webhookBody(event, brand),
        status: "pending",
        nextAttemptAt: event.at,
        createdAt: event.at,
        updatedAt: event.at,
      })),
    });
  }
  return { fannedSeq, more };
}
