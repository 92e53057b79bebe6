// The file half of brand.check: the asset read as library.asset.get reads it (same brand, same
// visibility per door and role, else not_found), its bytes bounded, its colours against the kit.
import type { BrandContext } from "../../../contract/context";
import { invalidInput, notFound } from "../../../contract/errors";
import { visibleStatuses } from "../../library/shared/visibility";
import type { Finding } from "./shape";
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, sampleImage } from "./image";
import { type KitColor, paletteFindings } from "./palette";

type AssetRow = {
  id: string;
  name: string;
  mimeType: string;
  status: string;
  sizeBytes: number | bigint;
  storageKey: string;
};

export async function assetFindings(
  ctx: BrandContext,
  assetId: string,
): Promise<{ findings: Finding[]; kitColors: number }> {
  const [row] = await ctx.sql<AssetRow>(
    `SELECT "id", "name", "mimeType", "status", "sizeBytes", "storageKey" FROM "Asset" WHERE "id" = ? AND "brandId" = ?`,
    [assetId.toLowerCase(), ctx.brand.id],
  );
  if (!row || !(visibleStatuses(ctx.door, ctx.role) as readonly string[]).includes(row.status)) {
    throw notFound("assetId", "file");
  }
  if (!IMAGE_MIME_TYPES.includes(row.mimeType.toLowerCase())) {
    throw invalidInput("assetId", "the brand check reads PNG, JPEG, WebP and GIF images only", {
      reason: "unsupported_type",
    });
  }
  if (Number(row.sizeBytes) > MAX_IMAGE_BYTES) {
    throw invalidInput("assetId", `the brand check reads images up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, {
      reason: "too_large",
    });
  }
  const [bytes, kit, logos] = await Promise.all([
    ctx.storage.readStart(row.storageKey, MAX_IMAGE_BYTES),
    ctx.sql<KitColor>(
      `SELECT "id", "name", "hex", "role" FROM "KitColor" WHERE "brandId" = ? AND "approved" = TRUE ORDER BY "createdAt", "id"`,
      [ctx.brand.id],
    ),
    ctx.sql<{ id: string; name: string }>(`SELECT "id", "name" FROM "KitLogo" WHERE "brandId" = ? AND "assetId" = ?`, [
      ctx.brand.id,
      row.id,
    ]),
  ]);
  if (!bytes) throw notFound("assetId", "file");
  const sample = await sampleImage(bytes);
  const findings = paletteFindings(sample.pixels, kit);
  for (const logo of logos) {
    findings.push({
      severity: "info",
      rule: { kind: "logo", ref: logo.id },
      message: `This file is the kit's logo “${logo.name}”.`,
    });
  }
  if (sample.frames > 1) {
    findings.push({
      severity: "info",
      rule: { kind: "file" },
      message: `This animation has ${sample.frames} frames; only the first was checked.`,
    });
  }
  return { findings, kitColors: kit.length };
}
