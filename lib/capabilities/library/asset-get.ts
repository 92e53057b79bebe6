import { z } from "zod";
import { defineCapability } from "../define";
import { assetDetail } from "./shared";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const libraryAssetGet = defineCapability({
  id: "library.asset.get",
  kind: "read",
  scope: "library.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "planned",
  widget: "record",
  title: "Get a file",
  description: "Details of one file plus a signed download URL valid for one hour.",
  input: z.object({ assetId: z.uuid().describe("Id of the file, from library.search") }).strict(),
  output: assetDetail,
});
