// The plan's storage quota (docs/design.md, the library and uploads): every stored file of the
// brand counts, archived ones too (their bytes are still kept), and so does the declared size of
// every upload not completed and not yet swept (its bytes may be on the way or already stored:
// lib/storage/upload-sweep.ts deletes them once the upload expires). So no number of starts can
// take more than the plan.
import type { BrandContext } from "../../../contract/context";
import { invalidInput } from "../../../contract/errors";
import { planOf } from "../../../plans";
import { lockBrand } from "../../../db/locks";

/** Upload states whose declared size is held against the quota. */
export const RESERVING_UPLOADS = ["pending", "expiring"];

/** Refuses a file of sizeBytes that does not fit; `except` is an upload whose own reservation it replaces. */
export async function assertStorageLeft(ctx: BrandContext, sizeBytes: number, except?: string): Promise<void> {
  const limit = planOf(ctx.brand.plan).storageBytes;
  // parallel starts and completes of one brand queue here until each has written its row, so
  // together they cannot pass the quota (PostgreSQL; SQLite's single writer already runs them one by one)
  await lockBrand(ctx.db, ctx.brand.id);
  const stored = await ctx.db.asset.aggregate({ where: { brandId: ctx.brand.id }, _sum: { sizeBytes: true } });
  const reserved = await ctx.db.upload.aggregate({
    where: { brandId: ctx.brand.id, status: { in: RESERVING_UPLOADS }, ...(except ? { id: { not: except } } : {}) },
    _sum: { sizeBytes: true },
  });
  const used = Number(stored._sum.sizeBytes ?? 0n) + Number(reserved._sum.sizeBytes ?? 0n);
  if (used + sizeBytes > limit) {
    throw invalidInput(
      "sizeBytes",
      `${sizeBytes} bytes do not fit: the ${ctx.brand.plan ?? "free"} plan stores ${limit} bytes and ${used} are used or held by uploads in progress`,
      { reason: "storage_quota_exceeded" },
    );
  }
}
