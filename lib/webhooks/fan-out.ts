// The fan-out: an event becomes one delivery per enabled endpoint of its brand subscribed to its
// type (but the endpoint a webhook.endpoint.* or webhook.delivery.* event is about), written in the transaction that
// records the event (the outbox: no delivery without its committed write, no committed write
// without its deliveries). The delivery worker (lib/webhooks/worker.ts) sends them after the
// commit, from any instance.
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

/**
 * The deliveries an event owes, read now: every enabled endpoint of its brand subscribed to its type.
 * What it returns writes them, or is undefined when none wants the event. Read apart from the write
 * so that the event's recording (lib/events/record.ts) can ask before it takes the brand's
 * event-number lock and write only while holding it, with the event's number (the send order).
 */
export async function deliveriesOwed(
  tx: Tx,
  event: WebhookEvent,
): Promise<((tx: Tx, seq: number) => Promise<number>) | undefined> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { brandId: event.brandId, enabled: true },
    select: { id: true, eventTypes: true },
  });
  const about = endpointAbout(event);
  const wanted = endpoints.filter((endpoint) => endpoint.id !== about && subscribed(endpoint.eventTypes, event.type));
  if (wanted.length === 0) return undefined;
  const brand = await tx.brand.findUniqueOrThrow({ where: { id: event.brandId }, select: { id: true, shortId: true } });
  const payload = webhookBody(event, brand);
  // a disabled endpoint gets no new events; those it had before wait, in order, until it is enabled again
  return async (write, seq) => {
    await write.webhookDelivery.createMany({
      data: wanted.map((endpoint) => ({
        id: timeOrderedId(),
        seq,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload,
        status: "pending",
        nextAttemptAt: event.at,
        createdAt: event.at,
        updatedAt: event.at,
      })),
    });
    return wanted.length;
  };
}

/**
 * One delivery of one event to one endpoint (a test event, or a "send again" of an earlier one),
 * numbered after the brand's last committed event: it goes after every event already queued.
 */
export async function enqueueOne(
  tx: Tx,
  endpointId: string,
  event: { id: string; type: string; payload: string },
  now: Date,
): Promise<string> {
  const id = timeOrderedId();
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: { brandId: true } });
  const numbered = await tx.eventSequence.findUnique({ where: { brandId: endpoint.brandId } });
  await tx.webhookDelivery.create({
    data: {
      id,
      seq: (numbered?.last ?? 0) + 1,
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
