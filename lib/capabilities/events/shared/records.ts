// The shape every event has, whichever its type: in events.list and in a webhook's body
// (lib/events/envelope.ts). The data's schema is its type's (the catalogue, lib/events/catalogue.ts).
import { z } from "zod";
import { DOORS } from "../../../contract/catalogue";
import { timestamp } from "../../schemas";

export const eventActor = z
  .object({
    kind: z
      .enum(["key", "app", "person"])
      .describe(
        "What authenticated the call: a personal API key, an OAuth app (MCP), or a person's session (Assistant, Voice)",
      ),
    door: z.enum(DOORS).describe("assistant, voice, mcp or api"),
    person: z
      .object({ id: z.string(), name: z.string() })
      .strict()
      .describe("The person the call acted for (always one)"),
    app: z
      .object({ id: z.string(), name: z.string() })
      .strict()
      .nullable()
      .describe("The OAuth client, for calls through a connected app; else null"),
    key: z
      .object({ id: z.string(), name: z.string().nullable() })
      .strict()
      .nullable()
      .describe("The personal API key, for calls made with one; else null"),
  })
  .strict();

export const EVENT_ID = /^evt_[0-9A-Za-z]{24}$/;

export const eventId = () =>
  z.string().regex(EVENT_ID).describe("evt_ and 24 base62 characters; also the webhook-id of its deliveries");

/** What events.list gives for each event; a webhook's body adds the brand (lib/events/envelope.ts). */
export const eventItem = z
  .object({
    id: eventId(),
    type: z.string().describe("The event type, e.g. kit.color.added (the catalogue: the OpenAPI document's webhooks)"),
    createdAt: timestamp().describe("When the write committed (its call's time), ISO 8601 UTC"),
    actor: eventActor,
    // a free-form object said as one (`additionalProperties: true`): a value schema of `{}`, even
    // described, constrains nothing and MCP Inspector's --strict warns on it; not z.json(): its
    // recursive $defs do not survive as an OpenAPI component
    data: z
      .record(z.string(), z.unknown())
      .meta({ additionalProperties: true })
      .describe("The changed record's public shape; its schema is the type's (OpenAPI webhooks)"),
  })
  .strict();

/** An event's data as stored and published: a JSON object. */
export type EventData = Record<string, unknown>;
