// The OpenAPI 3.1 `webhooks` map, generated from the event catalogue (lib/events/catalogue.ts):
// one entry per event type, its body the delivered envelope with that type's data schema, and the
// Standard Webhooks headers a receiver verifies the body with.
import { z } from "zod";
import { eventCatalogue } from "../events/catalogue";
import { envelopeSchema } from "../events/envelope";
import { TEST_EVENT_TYPE, testEventData } from "../capabilities/webhooks/test-event";
import { jsonSchema, pascal } from "./operation";

const header = (description: string, schema: Record<string, unknown>) => ({ description, required: true, schema });

/** Standard Webhooks (standardwebhooks.com): what every delivery carries besides its body. */
const DELIVERY_HEADERS = [
  {
    name: "webhook-id",
    in: "header",
    ...header("The event's id (evt_…): the same on every attempt, so a receiver drops duplicates by it", {
      type: "string",
    }),
  },
  {
    name: "webhook-timestamp",
    in: "header",
    ...header("The attempt's time, Unix seconds; a receiver refuses one far from its clock", {
      type: "string",
      pattern: "^[0-9]+$",
    }),
  },
  {
    name: "webhook-signature",
    in: "header",
    ...header(
      "v1,<base64 HMAC-SHA256 of id.timestamp.body with the endpoint's whsec_ secret>, space-separated during a secret rotation",
      { type: "string" },
    ),
  },
];

export const eventSchemaName = (type: string) => `${pascal(type)}Event`;

export function webhooksOf(): { webhooks: Record<string, unknown>; schemas: Record<string, unknown> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  // the test event an admin sends (webhooks.test) is the one type no write produces
  const test = {
    type: TEST_EVENT_TYPE,
    capabilityId: "webhooks.test",
    description: "A test event an admin sent this endpoint alone, to see deliveries arrive and verify",
    data: testEventData,
  };
  for (const entry of [...eventCatalogue, test]) {
    const name = eventSchemaName(entry.type);
    // a test event stands for no change anybody made: it has no actor
    const actor = entry === test ? { actor: z.null().describe("None: nobody changed anything") } : {};
    schemas[name] = jsonSchema(
      envelopeSchema.extend({ type: z.literal(entry.type), data: entry.data, ...actor }).strict(),
      "output",
    );
    webhooks[entry.type] = {
      post: {
        operationId: `event${pascal(entry.type)}`,
        summary: entry.description,
        description:
          entry === test
            ? "Sent to one endpoint, whatever types it subscribed to, when an admin calls webhooks.test; it is not in events.list."
            : `Sent to the endpoints subscribed to ${entry.type} ${"when" in entry && entry.when ? entry.when : `once a call of ${entry.capabilityId} committed`}; the same event is in events.list.`,
        tags: ["events"],
        security: [],
        parameters: DELIVERY_HEADERS,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          "2XX": {
            description: "Received: any 2xx acknowledges the delivery; anything else, or no answer in time, is retried",
          },
        },
      },
    };
  }
  return { webhooks, schemas };
}
