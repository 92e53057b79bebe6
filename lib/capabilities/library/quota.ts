// The plan's storage quota (decisions §9): every stored file of the brand counts, archived ones
// too (their bytes are still kept).
import type { BrandContext } from "../define";
import { invalidInput } from "../../core/errors";
import { planOf } from "../../plans";
import { lockBrand } from "../../db/locks";

export async function assertStorageLeft(ctx: BrandContext, sizeBytes: number): Promise<void> {
  const limit = planOf(ctx.brand.plan).storageBytes;
  // parallel completes of one brand queue here until each has registered its file, so together
  // they cannot pass the quota (PostgreSQL; SQLite's single writer already runs them one by one)
  await lockBrand(ctx.db, ctx.brand.id);
  const { _sum } = await ctx.db.asset.aggregate({ where: { brandId: ctx.brand.id }, _sum: { sizeBytes: true } });
  const used = Number(_sum.sizeBytes ?? 0n);
  if (used + sizeBytes > limit) {
    throw invalidInput(
      "sizeBytes",
      `${sizeBytes} bytes do not fit: the ${ctx.brand.plan ?? "free"} plan stores ${limit} bytes and ${used} are used`,
      { reason: "storage_quota_exceeded" },
    );
  }
}
