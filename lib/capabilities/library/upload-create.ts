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
        fileName: z.string().min(1).max(200),
        mimeType: z.string().min(1).max(120),
        sizeBytes: int53().min(1),
        category: z.string().max(60).optional(),
      })
      .strict(),
    z.object({ step: z.literal("complete"), uploadId: z.string().min(1).max(100), name: z.string().max(200).optional() }).strict(),
  ]),
  output: z.object({ uploadId: z.string(), uploadUrl: z.url().optional(), assetId: z.uuid().optional() }).strict(),
});
