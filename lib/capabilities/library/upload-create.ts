import { z } from "zod";
import { defineCapability } from "../define";
import { int53 } from "../schemas";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const libraryUploadCreate = defineCapability({
  id: "library.upload.create",
  kind: "write",
  scope: "library.write",
  minRole: "admin",
  confirmation: false,
  doors: ["api", "assistant"],
  status: "planned",
  widget: "file_request",
  title: "Upload a file",
  description:
    "Two-step upload within the plan's storage quota: step start returns a signed upload URL for one PUT of the bytes; " +
    "step complete with the uploadId registers the file as proposed.",
  input: z.discriminatedUnion("step", [
    z
      .object({
        step: z.literal("start"),
        fileName: z.string().min(1).max(200).describe("Original file name; shown to people, never used as a storage path"),
        mimeType: z.string().min(1).max(120).describe("MIME type of the file, checked against its bytes"),
        sizeBytes: int53().min(1).describe("Exact size in bytes; the upload must match it"),
        category: z.string().max(60).optional().describe("Category to file it under, e.g. logo"),
      })
      .strict(),
    z
      .object({
        step: z.literal("complete"),
        uploadId: z.string().min(1).max(100).describe("uploadId returned by the start step"),
        name: z.string().max(200).optional().describe("Display name of the file (default: the file name)"),
      })
      .strict(),
  ]),
  output: z.object({ uploadId: z.string(), uploadUrl: z.url().optional(), assetId: z.uuid().optional() }).strict(),
});
