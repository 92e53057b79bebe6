import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { cursorField, limitField, nextCursor, timestamp } from "../schemas";
import { endpointId, findEndpoint } from "./shared/endpoints";

// Newest first; the cursor is the last delivery's time-ordered id (lib/webhooks/ids.ts).
const position = z.object({ id: z.string() }).strict();

const attemptItem = z
  .object({
    attempt: z.int(),
    at: timestamp(),
    status: z.enum(["delivered", "failed"]),
    responseCode: z
      .int()
      .nullable()
      .describe("The receiver's HTTP status, or null when none came (timeout, refused address)"),
    responseBody: z.string().nullable().describe("The first bytes (at most 1 KiB) of the receiver's answer"),
    error: z.string().nullable().describe("Why the attempt failed, or null"),
    durationMs: z.int(),
  })
  .strict();

const item = z
  .object({
    id: z.string().describe("Id of the delivery (send it again with webhooks.deliveries.resend)"),
    eventId: z.string().describe("The event's id: the webhook-id header"),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    createdAt: timestamp(),
    nextAttemptAt: timestamp().nullable().describe("When it is tried next, while pending"),
    attempts: z.array(attemptItem).describe("Every attempt, the latest first"),
  })
  .strict();

export const webhooksDeliveriesList = defineCapability({
  id: "webhooks.deliveries.list",
  kind: "read",
  scope: "webhooks.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "list",
  title: "Webhook delivery log",
  description:
    "One endpoint's deliveries, newest first, each with its attempts: time, HTTP status, the first bytes of the answer, the error. Read-only.",
  input: z.object({ id: endpointId(), cursor: cursorField(), limit: limitField(20) }).strict(),
  output: z.object({ items: z.array(item), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const after = decodeCursor("webhooks.deliveries.list", input.cursor, position);
    const rows = await ctx.db.webhookDelivery.findMany({
      where: { endpointId: endpoint.id, ...(after ? { id: { lt: after.id } } : {}) },
      orderBy: { id: "desc" },
      take: input.limit + 1,
      include: { tries: { orderBy: { attempt: "desc" }, take: 20 } },
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map(itemOf),
      nextCursor: rows.length > input.limit && last ? encodeCursor("webhooks.deliveries.list", { id: last.id }) : null,
    };
  },
});

type Row = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  createdAt: Date;
  nextAttemptAt: Date;
  tries: {
    attempt: number;
    at: Date;
    status: string;
    responseCode: number | null;
    responseBody: string | null;
    error: string | null;
    durationMs: number;
  }[];
};

function itemOf(row: Row) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status:
      row.status === "delivered"
        ? ("delivered" as const)
        : row.status === "failed"
          ? ("failed" as const)
          : ("pending" as const),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    attempts: row.tries.map((tried) => ({
      attempt: tried.attempt,
      at: tried.at.toISOString(),
      status: tried.status === "delivered" ? ("delivered" as const) : ("failed" as const),
      responseCode: tried.responseCode,
      responseBody: tried.responseBody,
      error: tried.error,
      durationMs: tried.durationMs,
    })),
  };
}
