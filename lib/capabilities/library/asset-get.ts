import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { notFound } from "../../contract/errors";
import { iso } from "../../contract/time";
import { expiryOf } from "../../storage/types";
import { type ASSET_STATUSES, assetDetail, urlValidity } from "./shared/records";
import { visibleStatuses } from "./shared/visibility";
import { recordId } from "../schemas";

type AssetRow = {
  id: string;
  name: string;
  category: string | null;
  mimeType: string;
  status: string;
  createdAt: string;
  description: string | null;
  sizeBytes: number | bigint;
  storageKey: string;
};

export const libraryAssetGet = defineCapability({
  id: "library.asset.get",
  kind: "read",
  scope: "library.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "record",
  title: "Get a file",
  description:
    "Details of one file plus a signed download URL valid for one hour (urlExpiresAt). Agents and external clients " +
    "get only approved files.",
  input: z.object({ assetId: recordId().describe("Id of the file, from library.search") }).strict(),
  output: assetDetail,
  async execute(ctx, input) {
    const [row] = await ctx.sql<AssetRow>(
      `SELECT "id", "name", "category", "mimeType", "status", "createdAt", "description", "sizeBytes", "storageKey"
       FROM "Asset" WHERE "id" = ? AND "brandId" = ?`,
      [input.assetId.toLowerCase(), ctx.brand.id],
    );
    // a file the caller may not see is answered exactly like one that does not exist
    if (!row || !(visibleStatuses(ctx.door, ctx.role) as readonly string[]).includes(row.status)) {
      throw notFound("assetId", "file");
    }
    // the URL is signed from the stored record: its key, its name, its type; nothing the caller sent
    const validity = urlValidity(ctx.now);
    const url = await ctx.storage.downloadUrl(
      { key: row.storageKey, fileName: row.name, mimeType: row.mimeType },
      validity,
    );
    return {
      id: row.id,
      name: row.name,
      category: row.category,
      mimeType: row.mimeType,
      status: row.status as (typeof ASSET_STATUSES)[number],
      createdAt: iso(new Date(row.createdAt)),
      description: row.description,
      sizeBytes: Number(row.sizeBytes),
      url,
      urlExpiresAt: iso(expiryOf(validity)),
    };
  },
});
