import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { writeOutput } from "../schemas";
import { endpointId, findEndpoint, host } from "./shared/endpoints";

export const webhooksDelete = defineCapability({
  id: "webhooks.delete",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Remove a webhook endpoint",
  description: "Removes a webhook endpoint with its delivery log; the events it had not received yet are not sent.",
  input: z.object({ id: endpointId() }).strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "webhook", id: input.id, removed: true }),
  events: {
    types: {
      "webhook.endpoint.deleted": {
        description: "A webhook endpoint was removed, with its deliveries not yet sent",
        data: z.object({ id: z.string().describe("The endpoint's id") }).strict(),
      },
    },
    emit: (_ctx, input) => ({ type: "webhook.endpoint.deleted", data: { id: input.id } }),
  },
  // the endpoint alone could come back, not its delivery log nor the events of the gap: an undo that
  // restored part of what the removal took would say it restored all of it
  undo: {
    not:
      "A removed endpoint's delivery log and the events it was owed went with it, so it cannot come back as it was: " +
      "add the receiver again (webhooks.create), which gets the events from then on with a new secret.",
  },
  async summarize(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const waiting = await ctx.db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "pending" } });
    return `Stop sending ${ctx.brand.name}'s events to ${host(endpoint.url)} and remove the endpoint${waiting ? ` (${waiting} event${waiting === 1 ? "" : "s"} not yet delivered will not be sent)` : ""}.`;
  },
  async check(ctx, input) {
    await findEndpoint(ctx, input.id);
  },
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    // its deliveries and attempts go with it (onDelete: Cascade)
    await ctx.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    return { ok: true as const, id: endpoint.id };
  },
});
