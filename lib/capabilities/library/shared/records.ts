import { z } from "zod";
import { int53, timestamp } from "../../schemas";
import type { UrlValidity } from "../../../storage/types";
import type { Tx } from "../../../db/client";
import { iso } from "../../../contract/time";

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

/** A file as library.search publishes it (no signed URL: an event outlives any URL), read in the write's transaction. */
export async function assetSummaryOf(db: Tx, brandId: string, id: string): Promise<z.output<typeof assetSummary>> {
  const row = await db.asset.findFirstOrThrow({
    where: { id, brandId },
    select: { id: true, name: true, category: true, mimeType: true, status: true, createdAt: true },
  });
  return { ...row, status: row.status as (typeof ASSET_STATUSES)[number], createdAt: iso(row.createdAt) };
}
