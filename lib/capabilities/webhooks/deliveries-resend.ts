import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { deliveryQueued, deliveryQueuedData } from "./shared/events";
import { notFound } from "../../contract/errors";
import { enqueueOne } from "../../webhooks/cursor";
import { writeOutput } from "../schemas";
import { endpointId, findEndpoint } from "./shared/endpoints";

export const webhooksDeliveriesResend = defineCapability({
  id: "webhooks.deliveries.resend",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  // the same event, to the receiver that was already meant to have it: nothing new leaves
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Send a webhook delivery again",
  undo: { not: "The event was already sent again to the receiver; a sent request cannot be taken back." },
  description:
    "Sends one delivery from an endpoint's log again, as a new delivery at the end of its queue: the same event, the same " +
    "webhook-id and body (receivers that already have it can drop it), signed anew. Works for delivered and failed ones alike.",
  input: z
    .object({
      id: endpointId(),
      deliveryId: z
        .uuid()
        .overwrite((value) => value.toLowerCase())
        .describe("Id of the delivery, from webhooks.deliveries.list"),
    })
    .strict(),
  output: writeOutput.describe("id: the new delivery's id"),
  // a new delivery in the endpoint's log
  touched: (input) => ({ kind: "webhook", id: input.id }),
  events: {
    types: {
      "webhook.delivery.resent": {
        description: "An admin sent an earlier delivery again (its event keeps its id)",
        data: deliveryQueued,
      },
    },
    async emit(ctx, input, data) {
      return { type: "webhook.delivery.resent", data: await deliveryQueuedData(ctx, input.id, data.id!) };
    },
  },
  async check(ctx, input) {
    await findEndpoint(ctx, input.id);
  },
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const earlier = await ctx.db.webhookDelivery.findFirst({
      where: { id: input.deliveryId, endpointId: endpoint.id },
    });
    if (!earlier) throw notFound("deliveryId", "delivery");
    const id = await enqueueOne(
      ctx.db,
      endpoint.id,
      { id: earlier.eventId, type: earlier.eventType, payload: earlier.payload },
      ctx.now,
    );
    return { ok: true as const, id };
  },
});
