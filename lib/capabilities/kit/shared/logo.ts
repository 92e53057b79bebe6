// What kit.logos.save and kit.logos.remove share: a kit logo is addressed by its library file
// (one kit logo per file), and only an approved file of this brand can become one (agents may use
// approved files only: spec, Library asset status).
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";
import { invalidInput, notFound } from "../../../contract/errors";
import { lockKey } from "../../../db/locks";
import { recordId } from "../../schemas";

export const logoAssetId = () => recordId().describe("Id of the logo's file in the library, from library.search");

export const logoItem = z
  .object({ assetId: z.uuid(), name: z.string(), form: z.string(), theme: z.string(), primary: z.boolean() })
  .strict();

/** The brand's approved file; another brand's or an unknown id is not_found (no existence oracle). */
export async function findApprovedFile(ctx: BrandContext, assetId: string) {
  const asset = await ctx.db.asset.findFirst({
    where: { id: assetId, brandId: ctx.brand.id },
    select: { id: true, name: true, status: true },
  });
  if (!asset) throw notFound("assetId", "library file");
  if (asset.status !== "approved")
    throw invalidInput(
      "assetId",
      `${asset.name} is ${asset.status}, not approved: only approved files can be kit logos`,
      {
        reason: "not_approved",
      },
    );
  return asset;
}

export async function findLogo(ctx: BrandContext, assetId: string) {
  const logo = await ctx.db.kitLogo.findFirst({ where: { brandId: ctx.brand.id, assetId } });
  if (!logo) throw notFound("assetId", "kit logo");
  return logo;
}

/**
 * The brand's kit logos queue here until the write commits (PostgreSQL; SQLite's one writer already
 * runs them one by one): one kit logo per file and one primary need the check and the write together.
 */
export async function lockLogos(ctx: BrandContext): Promise<void> {
  await lockKey(ctx.db, `kit-logos:${ctx.brand.id}`);
}
