import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { handedOutId, int53 } from "../schemas";
import { normalizeMime } from "../../storage/mime";
import { assertStorageLeft } from "./shared/quota";
import { completeUpload, findUpload, startUpload } from "./shared/upload-steps";
import { assetSummary, assetSummaryOf } from "./shared/records";

export const libraryUploadCreate = defineCapability({
  id: "library.upload.create",
  kind: "write",
  scope: "library.write",
  minRole: "admin",
  confirmation: false,
  doors: ["api", "assistant"],
  phase: "planned",
  widget: "file_request",
  title: "Upload a file",
  undo: { not: "A file's bytes cannot be taken back: archive the file in its review instead (library.asset.review)." },
  description:
    "Two-step upload within the plan's storage quota. Step start returns { uploadId, uploadUrl }: PUT the bytes to " +
    "uploadUrl once, with the declared Content-Type, within one hour. Step complete with the uploadId checks the " +
    "stored size and type and registers the file as proposed, returning { uploadId, assetId } (the same assetId if repeated).",
  input: z.discriminatedUnion("step", [
    z
      .object({
        step: z.literal("start"),
        fileName: z
          .string()
          .min(1)
          .max(200)
          .describe("Original file name; shown to people, never used as a storage path"),
        mimeType: z
          .string()
          .min(1)
          .max(120)
          // what normalizeMime accepts (type/subtype, any case, parameters after ";"), as a pattern
          .regex(
            /^\s*[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}\s*(;[\s\S]*)?$/,
            "must be a MIME type such as image/png",
          )
          .describe("MIME type of the file, checked against its bytes"),
        sizeBytes: int53().min(1).describe("Exact size in bytes; the upload must match it"),
        category: z.string().max(60).optional().describe("Category to file it under, e.g. logo"),
      })
      .strict(),
    z
      .object({
        step: z.literal("complete"),
        uploadId: handedOutId().describe("uploadId returned by the start step"),
        name: z.string().max(200).optional().describe("Display name of the file (default: the file name)"),
      })
      .strict(),
  ]),
  output: z
    .object({
      uploadId: z.string(),
      uploadUrl: z.url().optional().describe("start: signed URL for one PUT of the bytes, valid one hour"),
      assetId: z.uuid().optional().describe("complete: id of the registered file (status proposed)"),
    })
    .strict(),
  events: {
    types: {
      "library.upload.started": {
        description: "An upload was started: its bytes are awaited (the upload URL is not part of the event)",
        data: z
          .object({
            uploadId: z.string(),
            fileName: z.string(),
            mimeType: z.string(),
            sizeBytes: int53(),
            category: z.string().nullable(),
          })
          .strict(),
      },
      "library.asset.proposed": {
        description:
          "An upload completed: the file is in the library, proposed for review (a repeated complete repeats it)",
        data: assetSummary,
      },
    },
    async emit(ctx, input, data) {
      if (input.step === "start") {
        // as stored (startUpload): the MIME type normalized, a blank category none
        const { fileName, sizeBytes } = input;
        const mimeType = normalizeMime(input.mimeType)!;
        return {
          type: "library.upload.started",
          data: { uploadId: data.uploadId, fileName, mimeType, sizeBytes, category: input.category?.trim() || null },
        };
      }
      return { type: "library.asset.proposed", data: await assetSummaryOf(ctx.db, ctx.brand.id, data.assetId!) };
    },
  },
  async check(ctx, input) {
    // a file that cannot fit is refused before any byte is sent, counting the sizes other uploads
    // in progress hold; complete checks again with the real size
    if (input.step === "start") await assertStorageLeft(ctx, input.sizeBytes);
    else await findUpload(ctx, input.uploadId);
  },
  async summarize(ctx, input) {
    if (input.step === "start") return `Start uploading "${input.fileName}" (${input.sizeBytes} bytes).`;
    const upload = input.name
      ? null
      : await ctx.db.upload.findFirst({
          where: { id: input.uploadId, brandId: ctx.brand.id },
          select: { fileName: true },
        });
    return `Add the file "${input.name ?? upload?.fileName ?? "uploaded"}" to the library, proposed for review.`;
  },
  touched: (_input, data) => (data.assetId ? { kind: "asset", id: data.assetId } : undefined),
  async execute(ctx, input) {
    return input.step === "start" ? startUpload(ctx, input) : completeUpload(ctx, input);
  },
});
