// The events the webhooks.* writes record. Their data is the endpoint as webhooks.list shows it:
// never its whsec_ secret, which only the caller of create and rotate may see (an event reaches
// every integrator with activity.read and every endpoint subscribed to it).
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";
import { endpointView } from "../../../webhooks/endpoint-view";
import { endpointOutput } from "../list";

export const endpointEvent = (description: string) => ({ description, data: endpointOutput });

/** The endpoint as stored now, read in the write's transaction. */
export async function endpointEventData(ctx: BrandContext, id: string): Promise<z.output<typeof endpointOutput>> {
  return endpointView(await ctx.db.webhookEndpoint.findFirstOrThrow({ where: { id, brandId: ctx.brand.id } }), ctx.now);
}

/** A delivery queued by a person (a test event, a "send again"): which endpoint, which delivery, which event. */
export const deliveryQueued = z
  .object({
    endpointId: z.string(),
    deliveryId: z.string().describe("The new delivery, in webhooks.deliveries.list"),
    eventId: z.string().describe("The event it sends (its webhook-id)"),
  })
  .strict();

/** The event data of a write that queued one delivery: the endpoint, the new delivery and the event it sends. */
export async function deliveryQueuedData(
  ctx: BrandContext,
  endpointId: string,
  deliveryId: string,
): Promise<z.output<typeof deliveryQueued>> {
  const delivery = await ctx.db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: { eventId: true },
  });
  return { endpointId, deliveryId, eventId: delivery.eventId };
}
