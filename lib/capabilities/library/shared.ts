import { z } from "zod";
import { int53, timestamp } from "../schemas";
import type { UrlValidity } from "../../storage/types";

export const ASSET_TYPES = ["image", "video", "audio", "document", "logo", "font"] as const;
export const ASSET_STATUSES = ["proposed", "approved", "archived"] as const;

export const assetSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    category: z.string().nullable(),
    mimeType: z.string(),
    status: z.enum(ASSET_STATUSES),
    createdAt: timestamp(),
  })
  .strict();

export const assetDetail = assetSummary
  .extend({
    description: z.string().nullable(),
    sizeBytes: int53(),
    url: z.url().describe("Signed download URL, valid one hour"),
    urlExpiresAt: timestamp(),
  })
  .strict();

/** Signed upload and download URLs are valid one hour (spec, Limits). */
export const URL_VALIDITY_SECONDS = 3600;

/** Counted from the current whole second, so the expiry announced is exactly the one signed. */
export function urlValidity(now: Date): UrlValidity {
  return { issuedAt: new Date(Math.floor(now.getTime() / 1000) * 1000), expiresInSeconds: URL_VALIDITY_SECONDS };
}
