import { z } from "zod";
import { defineCapability } from "../define";
import { cursorField, limitField, nextCursor } from "../schemas";
import { ASSET_TYPES, assetSummary } from "./shared";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const librarySearch = defineCapability({
  id: "library.search",
  kind: "read",
  scope: "library.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "available",
  widget: "carousel",
  title: "Search the file library",
  description:
    "Searches brand files by name, category or type. Agents and external clients see only approved files.",
  input: z
    .object({
      query: z.string().max(200).optional().describe("Words of the file name"),
      category: z.string().max(60).optional().describe("Category the file was filed under, e.g. logo"),
      type: z.enum(ASSET_TYPES).optional().describe("image, video, audio, document, logo or font"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(assetSummary), nextCursor: nextCursor() }).strict(),
});
