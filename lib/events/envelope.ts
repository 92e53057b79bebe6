// The body a webhook delivers for one event (the Standard Webhooks body is the sender's choice):
// the events.list item plus the brand it happened in. `id` is also the delivery's `webhook-id`,
// `createdAt` the write's time (the `webhook-timestamp` header is the attempt's).
import { z } from "zod";
import { eventItem, type EventData } from "../capabilities/events/shared/records";
import type { EventActor } from "./actor";

export const envelopeSchema = eventItem
  .extend({ brand: z.object({ id: z.uuid(), shortId: z.string() }).strict().describe("The brand it happened in") })
  .strict();

export type Envelope = z.output<typeof envelopeSchema>;

type EventRow = { id: string; type: string; createdAt: Date; actor: unknown; data: unknown };

export function envelopeOf(event: EventRow, brand: { id: string; shortId: string }): Envelope {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    brand: { id: brand.id, shortId: brand.shortId },
    // written by recordEvent from these very schemas
    actor: event.actor as EventActor,
    data: event.data as EventData,
  };
}
