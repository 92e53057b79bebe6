import { randomBase62 } from "../../crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { deliveryQueued, deliveryQueuedData } from "./shared/events";
import { enqueueOne } from "../../webhooks/cursor";
import { webhookBody } from "../../webhooks/fan-out";
import { writeOutput } from "../schemas";
import { endpointId, findEndpoint } from "./shared/endpoints";

export const TEST_EVENT_TYPE = "webhook.test";

/** The test event's data: no write produces it, so it is outside the catalogue; the OpenAPI webhooks map lists it too. */
export const testEventData = z
  .object({ endpointId: z.string().describe("The endpoint it was sent to"), test: z.literal(true) })
  .strict();

export const webhooksTest = defineCapability({
  id: "webhooks.test",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Send a test webhook",
  undo: { not: "The test event was already sent to the receiver; a sent request cannot be taken back." },
  description:
    `Sends the endpoint a test event (type ${TEST_EVENT_TYPE}, whatever types it subscribed to), signed and retried like any ` +
    "other; its outcome shows in the delivery log. A disabled endpoint gets it once it is enabled again.",
  input: z.object({ id: endpointId() }).strict(),
  output: writeOutput.describe("id: the test delivery's id"),
  // a new delivery in the endpoint's log
  touched: (input) => ({ kind: "webhook", id: input.id }),
  events: {
    types: {
      "webhook.endpoint.tested": {
        description: `An admin sent a webhook endpoint a test event (type ${TEST_EVENT_TYPE}, to that endpoint alone)`,
        data: deliveryQueued,
      },
    },
    async emit(ctx, input, data) {
      return { type: "webhook.endpoint.tested", data: await deliveryQueuedData(ctx, input.id, data.id!) };
    },
  },
  async check(ctx, input) {
    await findEndpoint(ctx, input.id);
  },
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    // an id of the events' form (lib/events/record.ts), which is the layer above this one
    // no actor: a test event stands for no change anybody made
    const event = {
      id: `evt_${randomBase62(24)}`,
      brandId: ctx.brand.id,
      type: TEST_EVENT_TYPE,
      at: ctx.now,
      actor: null,
      data: testEventData.parse({ endpointId: endpoint.id, test: true }),
    };
    const payload = webhookBody(event, { id: ctx.brand.id, shortId: ctx.brand.shortId });
    const id = await enqueueOne(ctx.db, endpoint.id, { id: event.id, type: event.type, payload }, ctx.now);
    return { ok: true as const, id };
  },
});
