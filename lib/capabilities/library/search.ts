import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { cursorField, limitField, nextCursor } from "../schemas";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { canonicalJson, sha256 } from "../../crypto";
import { invalidInput } from "../../contract/errors";
import { iso } from "../../contract/time";
import { newestFirst, rareName, searchPage } from "./shared/search-sql";
import { type ASSET_STATUSES, ASSET_TYPES, assetSummary } from "./shared/records";
import { visibleStatuses } from "./shared/visibility";

// the cursor remembers where the last page ended and which filters it belongs to
const position = z.object({ at: z.string(), id: z.string(), filters: z.string() }).strict();

export const librarySearch = defineCapability({
  id: "library.search",
  kind: "read",
  scope: "library.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "available",
  widget: "carousel",
  title: "Search the file library",
  description:
    "Searches brand files by name (case-insensitive, anywhere in the name), category or type, newest first. " +
    "Agents and external clients see only approved files.",
  input: z
    .object({
      query: z
        .string()
        .max(200)
        .optional()
        .describe("Words of the file name, matched case-insensitively anywhere in it"),
      category: z.string().max(60).optional().describe("Category the file was filed under, e.g. logo (any case)"),
      type: z.enum(ASSET_TYPES).optional().describe("image, video, audio, document, logo or font"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(assetSummary), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    const filters = {
      nameKey: input.query?.trim().toLowerCase() || undefined,
      categoryKey: input.category?.trim().toLowerCase() || undefined,
      type: input.type,
    };
    const fingerprint = sha256(canonicalJson(filters)).slice(0, 16);
    const after = decodeCursor("library.search", input.cursor, position);
    if (after && after.filters !== fingerprint) {
      throw invalidInput("cursor", "this cursor belongs to a search with other filters; start again without it");
    }
    const nameFromPostings = filters.nameKey !== undefined && (await rareName(ctx.sql, filters.nameKey));
    // one indexed page per visible status, merged: never a sort of the whole library
    const pages = await Promise.all(
      visibleStatuses(ctx.door, ctx.role).map((status) =>
        searchPage(ctx.sql, {
          brandId: ctx.brand.id,
          status,
          ...filters,
          nameFromPostings,
          after,
          take: input.limit + 1,
        }),
      ),
    );
    const rows = pages
      .flat()
      .sort(newestFirst)
      .slice(0, input.limit + 1);
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        name: row.name,
        category: row.category,
        mimeType: row.mimeType,
        status: row.status as (typeof ASSET_STATUSES)[number],
        createdAt: iso(new Date(row.createdAt)),
      })),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("library.search", { at: last.createdAt, id: last.id, filters: fingerprint })
          : null,
    };
  },
});
