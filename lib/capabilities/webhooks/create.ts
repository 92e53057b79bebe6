import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { endpointEvent, endpointEventData } from "./shared/events";
import { startCursorNow } from "../../webhooks/cursor";
import { newSecret, sealSecret } from "../../webhooks/secrets";
import {
  checkNotDuplicate,
  checkRoomForEndpoint,
  checkUrl,
  descriptionField,
  eventTypesField,
  host,
  lockEndpoints,
  normalizeEventTypes,
  urlField,
} from "./shared/endpoints";

export const webhooksCreate = defineCapability({
  id: "webhooks.create",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  // a new receiver starts getting the brand's data: a person says yes first
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  // the receiver stores it now; no copy of the answer kept anywhere holds it
  shownOnce: ["secret"],
  title: "Add a webhook endpoint",
  description:
    "Registers an https:// URL that receives the brand's events as signed POSTs (Standard Webhooks). " +
    "The answer carries the signing secret (whsec_…), shown only this once: store it to verify deliveries. " +
    "One endpoint per URL, and a bounded number per brand (409 webhook_endpoint_limit past it).",
  limits: ["webhook_endpoint_limit"],
  input: z
    .object({
      url: urlField(),
      eventTypes: eventTypesField(),
      description: descriptionField().optional(),
    })
    .strict(),
  output: z
    .object({
      ok: z.literal(true),
      id: z.string().describe("Id of the new endpoint"),
      revision: z.int(),
      secret: z.string().describe("The signing secret (whsec_…), shown only here"),
    })
    .strict(),
  touched: (_input, data) => ({ kind: "webhook", id: data.id, revision: data.revision }),
  events: {
    types: {
      "webhook.endpoint.created": endpointEvent("A webhook endpoint was added (its secret is not part of the event)"),
    },
    emit: async (ctx, _input, data) => ({
      type: "webhook.endpoint.created",
      data: await endpointEventData(ctx, data.id),
    }),
  },
  undo: { records: (_ctx, _input, data) => (data ? [rowRef("webhookEndpoint", data.id)] : []) },
  summarize: (ctx, input) =>
    `Send ${input.eventTypes.includes("*") ? "every event" : input.eventTypes.join(", ")} of ${ctx.brand.name} to ${host(input.url)}.`,
  async check(ctx, input) {
    normalizeEventTypes(ctx, input.eventTypes);
    await checkUrl(input.url);
    await lockEndpoints(ctx);
    await checkNotDuplicate(ctx, input.url);
    await checkRoomForEndpoint(ctx);
  },
  async execute(ctx, input) {
    const id = randomUUID();
    const secret = newSecret();
    await ctx.db.webhookEndpoint.create({
      data: {
        id,
        brandId: ctx.brand.id,
        url: input.url,
        eventTypes: JSON.stringify(normalizeEventTypes(ctx, input.eventTypes)),
        description: input.description ?? null,
        secretSealed: sealSecret(secret, id),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      },
    });
    // it gets the events committed after this write, none from before
    await startCursorNow(ctx.db, id);
    return { ok: true as const, id, revision: 1, secret };
  },
});
