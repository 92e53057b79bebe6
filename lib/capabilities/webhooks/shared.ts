// What the webhooks.* capabilities share: the endpoint lookup (another brand's endpoint is
// not_found, no existence oracle), the URL and event-type fields and their checks.
import { z } from "zod";
import { config } from "../../config";
import type { BrandContext } from "../../contract/context";
import { invalidInput, notFound } from "../../contract/errors";
import { receiverRefusal } from "../../webhooks/address";
import { requireKnownEventTypes } from "../events/known-types";

export const endpointId = () =>
  z
    .uuid()
    .overwrite((value) => value.toLowerCase())
    .describe("Id of the webhook endpoint, from webhooks.list");

export const urlField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("The receiver: an https:// URL on a public address (it gets a signed POST per event)");

export const eventTypesField = () =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^(\*|[a-z][a-z0-9_]*(\.[a-z0-9_]+)+)$/, "an event type such as kit.color.added, or *"),
    )
    .min(1)
    .max(100)
    .describe('The event types to receive, such as ["kit.color.added"], or ["*"] for every type');

export const descriptionField = () =>
  z.string().trim().max(500).describe("What this endpoint is for, for the brand's admins");

export async function findEndpoint(ctx: BrandContext, id: string) {
  const endpoint = await ctx.db.webhookEndpoint.findFirst({ where: { id, brandId: ctx.brand.id } });
  if (!endpoint) throw notFound("id", "webhook endpoint");
  return endpoint;
}

export async function checkUrl(url: string): Promise<void> {
  const refusal = await receiverRefusal(url, config().WEBHOOKS_ALLOW_LOOPBACK);
  if (refusal) throw invalidInput("url", `This URL cannot receive webhooks: it ${refusal}.`, { reason: "url_refused" });
}

/** ["*"] alone, or distinct types of the events catalogue. */
export function normalizeEventTypes(ctx: BrandContext, types: string[]): string[] {
  const distinct = [...new Set(types)];
  if (distinct.includes("*") && distinct.length > 1)
    throw invalidInput("eventTypes", 'Use ["*"] alone, or name the types.');
  requireKnownEventTypes(ctx.eventTypes(), distinct, "eventTypes");
  return distinct;
}

export const host = (url: string) => (URL.canParse(url) ? new URL(url).host : url);
