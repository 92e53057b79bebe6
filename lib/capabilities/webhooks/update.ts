import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { endpointEvent, endpointEventData } from "./shared/events";
import { invalidInput, revisionConflict } from "../../contract/errors";
import { expectedRevision, writeOutput } from "../schemas";
import { dateInWords } from "../../words/date-words";
import { fanOutToNow, startCursorNow } from "../../webhooks/cursor";
import {
  checkNotDuplicate,
  checkUrl,
  descriptionField,
  endpointId,
  eventTypesField,
  findEndpoint,
  host,
  lockEndpoints,
  normalizeEventTypes,
  urlField,
} from "./shared/endpoints";

export const webhooksUpdate = defineCapability({
  id: "webhooks.update",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  // it changes who receives what (or starts a stopped receiver again)
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Change a webhook endpoint",
  description:
    "Changes an endpoint's URL, event types or description, or enables or disables it. Enabling clears the reason it was " +
    "disabled; its waiting events then follow in order. Give at least one field besides id and expectedRevision.",
  input: z
    .object({
      id: endpointId(),
      url: urlField().optional(),
      eventTypes: eventTypesField().optional(),
      // "" rather than null: a strict model sends null for every field it leaves out (lib/advertise/audiences.ts)
      description: descriptionField().optional().describe('New description; "" removes it'),
      enabled: z.boolean().optional().describe("false stops deliveries (they wait); true starts them again"),
      expectedRevision: expectedRevision().optional(),
    })
    .strict(),
  output: writeOutput,
  touched: (_input, data) =>
    data.id ? { kind: "webhook", id: data.id, ...(data.revision ? { revision: data.revision } : {}) } : undefined,
  events: {
    types: {
      "webhook.endpoint.updated": endpointEvent(
        "A webhook endpoint's address, event types, description or enabled state changed",
      ),
    },
    emit: async (ctx, input) => ({ type: "webhook.endpoint.updated", data: await endpointEventData(ctx, input.id) }),
  },
  undo: { records: (_ctx, input) => [rowRef("webhookEndpoint", input.id)] },
  async summarize(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const changes = [
      input.url !== undefined ? `send to ${host(input.url)} instead of ${host(endpoint.url)}` : null,
      input.eventTypes ? `send ${input.eventTypes.includes("*") ? "every event" : input.eventTypes.join(", ")}` : null,
      input.enabled === true ? "enable it" : input.enabled === false ? "disable it" : null,
      input.description !== undefined ? "change its description" : null,
    ].filter(Boolean);
    return `Webhook endpoint ${host(endpoint.url)} of ${ctx.brand.name}: ${changes.join("; ")}.`;
  },
  async check(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    if (
      input.url === undefined &&
      input.eventTypes === undefined &&
      input.description === undefined &&
      input.enabled === undefined
    ) {
      throw invalidInput("body", "Give at least one of url, eventTypes, description, enabled.");
    }
    if (input.expectedRevision !== undefined && input.expectedRevision !== endpoint.revision)
      throw revisionConflict(endpoint.revision);
    if (input.eventTypes) normalizeEventTypes(ctx, input.eventTypes);
    if (input.url !== undefined) {
      await checkUrl(input.url);
      await lockEndpoints(ctx);
      await checkNotDuplicate(ctx, input.url, endpoint.id);
    }
  },
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const revision = endpoint.revision + 1;
    // what was committed before this change is owed under the endpoint's settings before it
    if (input.eventTypes || input.enabled !== undefined) await fanOutToNow(ctx.db, endpoint.id);
    // one conditional update: of two concurrent changes, exactly one wins
    const changed = await ctx.db.webhookEndpoint.updateMany({
      where: { id: endpoint.id, revision: endpoint.revision },
      data: {
        revision,
        updatedAt: ctx.now,
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.eventTypes ? { eventTypes: JSON.stringify(normalizeEventTypes(ctx, input.eventTypes)) } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.enabled === true ? { enabled: true, disabledReason: null } : {}),
        ...(input.enabled === false
          ? { enabled: false, disabledReason: `Disabled by an admin on ${dateInWords(ctx.now)}.` }
          : {}),
      },
    });
    if (changed.count !== 1) throw revisionConflict((await findEndpoint(ctx, input.id)).revision);
    // enabled (again): the events from now on, none of those committed while it was disabled
    if (input.enabled === true) await startCursorNow(ctx.db, endpoint.id);
    return { ok: true as const, id: endpoint.id, revision };
  },
});
