import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { endpointEvent, endpointEventData } from "./shared/events";
import { PREVIOUS_SECRET_VALID_MS, newSecret, sealSecret } from "../../webhooks/secrets";
import { timestamp } from "../schemas";
import { endpointId, findEndpoint, host } from "./shared/endpoints";

export const webhooksSecretRotate = defineCapability({
  id: "webhooks.secret.rotate",
  kind: "write",
  scope: "webhooks.write",
  minRole: "admin",
  // the receiver must learn the new secret within 24 hours, or stop verifying
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  // the receiver stores it now; no copy of the answer kept anywhere holds it
  shownOnce: ["secret"],
  title: "Rotate a webhook signing secret",
  undo: {
    not: "A signing secret is shown once and its replacement may already be in use by the receiver: rotate again instead.",
  },
  description:
    "Gives the endpoint a new signing secret, shown only in this answer. For 24 hours deliveries are signed with both the new and " +
    "the previous secret, so the receiver can switch without missing a delivery; then only the new one signs.",
  input: z.object({ id: endpointId() }).strict(),
  output: z
    .object({
      ok: z.literal(true),
      id: z.string(),
      revision: z.int(),
      secret: z.string().describe("The new signing secret (whsec_…), shown only here"),
      previousSecretValidUntil: timestamp().describe("Until when the previous secret signs too"),
    })
    .strict(),
  touched: (_input, data) => ({ kind: "webhook", id: data.id, revision: data.revision }),
  events: {
    types: {
      "webhook.endpoint.secret_rotated": endpointEvent(
        "A webhook endpoint got a new signing secret; the previous one signs too for 24 hours (neither is part of the event)",
      ),
    },
    emit: async (ctx, input) => ({
      type: "webhook.endpoint.secret_rotated",
      data: await endpointEventData(ctx, input.id),
    }),
  },
  async summarize(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    return `Give the webhook endpoint ${host(endpoint.url)} of ${ctx.brand.name} a new signing secret; the current one stays valid for 24 hours.`;
  },
  async check(ctx, input) {
    await findEndpoint(ctx, input.id);
  },
  async execute(ctx, input) {
    const endpoint = await findEndpoint(ctx, input.id);
    const secret = newSecret();
    const until = new Date(ctx.now.getTime() + PREVIOUS_SECRET_VALID_MS);
    const revision = endpoint.revision + 1;
    await ctx.db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secretSealed: sealSecret(secret, endpoint.id),
        previousSecretSealed: endpoint.secretSealed,
        previousSecretUntil: until,
        revision,
        updatedAt: ctx.now,
      },
    });
    return { ok: true as const, id: endpoint.id, revision, secret, previousSecretValidUntil: until.toISOString() };
  },
});
