import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { endpointView } from "../../webhooks/endpoint-view";
import { timestamp } from "../schemas";

export const endpointOutput = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()).describe('The event types it receives, or ["*"] for all'),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .describe("Why it is disabled (by an admin, or after the retry schedule ran out), or null"),
    revision: z.int(),
    previousSecretValidUntil: timestamp()
      .nullable()
      .describe("Until when the secret before the last rotation still signs too, or null"),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .strict();

export const webhooksList = defineCapability({
  id: "webhooks.list",
  kind: "read",
  scope: "webhooks.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "list",
  title: "Webhook endpoints",
  description:
    "The brand's webhook endpoints: where its events are sent, which types, and whether each is enabled (with the reason when not). Never the secrets. Read-only.",
  input: z.object({}).strict(),
  output: z.object({ items: z.array(endpointOutput) }).strict(),
  async execute(ctx) {
    const rows = await ctx.db.webhookEndpoint.findMany({
      where: { brandId: ctx.brand.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 100,
    });
    return { items: rows.map((row) => endpointView(row, ctx.now)) };
  },
});
