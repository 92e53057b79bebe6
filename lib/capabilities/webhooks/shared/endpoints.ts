// What the webhooks.* capabilities share: the endpoint lookup (another brand's endpoint is
// not_found, no existence oracle), the URL and event-type fields and their checks, and the brand's
// bounds: one endpoint per receiver URL, at most WEBHOOKS_ENDPOINTS_PER_BRAND endpoints.
import { z } from "zod";
import { config } from "../../../config";
import type { BrandContext } from "../../../contract/context";
import { AppError, invalidInput, notFound } from "../../../contract/errors";
import { lockKey } from "../../../db/locks";
import { receiverRefusal } from "../../../webhooks/address";
import { requireKnownEventTypes } from "../../events/shared/known-types";

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
        .regex(
          /^(\*|[a-z][a-z0-9_]*(\.[a-z0-9_]+)+)$/,
          "must be an event type such as kit.color.added, or * for every type",
        ),
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
  if (refusal) throw invalidInput("url", `This URL cannot receive webhooks: ${refusal}.`, { reason: "url_refused" });
}

/**
 * The brand's endpoints queue here until the write commits, so that two concurrent adds (or an add
 * and a change of URL) cannot both pass the checks below (PostgreSQL; SQLite's one writer already
 * runs them one by one). A lock rather than a unique index: brands that already hold duplicates
 * keep them, and the URLs are compared as parsed, not as typed.
 */
export async function lockEndpoints(ctx: BrandContext): Promise<void> {
  await lockKey(ctx.db, `webhook-endpoints:${ctx.brand.id}`);
}

/**
 * A receiver URL as compared (it is stored as typed): parsed, so `HTTPS://Hooks.Example.com:443/in/`
 * is `https://hooks.example.com/in`: a trailing slash names the same receiver, or one typing
 * difference would make a second endpoint that is sent every event twice.
 */
function comparable(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.replace(/\/+$/, "");
  return parsed.href;
}

/**
 * One endpoint per receiver URL: another would get every event twice. `except` is the endpoint being
 * changed. Compared over the brand's stored rows as parsed above, not in SQL on the stored text, so
 * create, update and activity.undo's rule compare alike, rows stored before this rule included.
 */
export async function checkNotDuplicate(ctx: BrandContext, url: string, except?: string): Promise<void> {
  const wanted = comparable(url);
  const endpoints = await ctx.db.webhookEndpoint.findMany({
    where: { brandId: ctx.brand.id },
    select: { id: true, url: true },
  });
  const same = endpoints.find((endpoint) => endpoint.id !== except && comparable(endpoint.url) === wanted);
  if (same)
    throw invalidInput(
      "url",
      `this brand already sends webhooks to this URL (endpoint ${same.id}); change that endpoint's event types instead`,
      { reason: "duplicate" },
    );
}

/**
 * Room for one more endpoint. Each event is one delivery per subscribed endpoint, so the bound also
 * bounds what one write fans out to. A brand that had more before the bound keeps them all, and adds
 * none until it is below the bound again.
 */
export async function checkRoomForEndpoint(ctx: BrandContext): Promise<void> {
  const limit = config().WEBHOOKS_ENDPOINTS_PER_BRAND;
  const count = await ctx.db.webhookEndpoint.count({ where: { brandId: ctx.brand.id } });
  if (count < limit) return;
  const remove = count - limit + 1;
  throw new AppError(
    "webhook_endpoint_limit",
    `${ctx.brand.name} has ${count} webhook endpoints and a brand may have at most ${limit}: remove ${remove === 1 ? "one" : remove} (webhooks.delete) before adding another, or send more event types to an endpoint it has.`,
  );
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
