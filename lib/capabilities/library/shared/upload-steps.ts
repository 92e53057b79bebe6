// The two steps of library.upload.create (docs/design.md, the library and uploads). start records
// the declared file and hands out a signed URL for its bytes; complete checks what was really
// stored and registers it.
import { randomUUID } from "node:crypto";
import type { BrandContext } from "../../../contract/context";
import { AppError, invalidInput, notFound } from "../../../contract/errors";
import { newStorageKey } from "../../../storage/keys";
import { bytesMatchType, normalizeMime, SNIFF_BYTES } from "../../../storage/mime";
import { typeMismatchSentence } from "../../../storage/type-words";
import { expiryOf } from "../../../storage/types";
import { assetTypeOf } from "./asset-type";
import { assertStorageLeft } from "./quota";
import { lockBrand } from "../../../db/locks";
import { urlValidity } from "./records";

export type StartInput = { fileName: string; mimeType: string; sizeBytes: number; category?: string };
export type CompleteInput = { uploadId: string; name?: string };

export async function startUpload(ctx: BrandContext, input: StartInput) {
  const mimeType = normalizeMime(input.mimeType)!; // the input schema accepted only MIME types
  const key = newStorageKey(ctx.brand.id); // never from fileName
  const validity = urlValidity(ctx.now);
  const id = randomUUID();
  await ctx.db.upload.create({
    data: {
      id,
      brandId: ctx.brand.id,
      fileName: input.fileName,
      mimeType,
      sizeBytes: BigInt(input.sizeBytes),
      category: input.category?.trim() || null,
      storageKey: key,
      status: "pending",
      createdById: ctx.actor.userId,
      expiresAt: expiryOf(validity),
      createdAt: ctx.now,
    },
  });
  return {
    uploadId: id,
    uploadUrl: await ctx.storage.uploadUrl({ key, sizeBytes: input.sizeBytes, mimeType }, validity),
  };
}

export async function findUpload(ctx: BrandContext, uploadId: string) {
  // another brand's upload is not_found too: no existence oracle (docs/design.md, errors)
  const upload = await ctx.db.upload.findFirst({ where: { id: uploadId, brandId: ctx.brand.id } });
  if (!upload) throw notFound("uploadId", "upload");
  return upload;
}

export async function completeUpload(ctx: BrandContext, input: CompleteInput) {
  const upload = await findUpload(ctx, input.uploadId);
  if (upload.status === "completed" && upload.assetId) return { uploadId: upload.id, assetId: upload.assetId };
  if (upload.status !== "pending") throw expired();
  const declared = Number(upload.sizeBytes);
  const stored = await ctx.storage.size(upload.storageKey);
  if (stored !== declared) {
    // refused bytes are dropped, so the same upload URL can take the right ones while it is valid
    if (stored !== null) await ctx.storage.remove(upload.storageKey);
    const found = stored === null ? "nothing was uploaded yet" : `${stored} bytes were uploaded`;
    throw invalidInput("uploadId", `${declared} bytes were declared but ${found}; nothing was registered`, {
      reason: "size_mismatch",
    });
  }
  const match = await bytesMatchType(
    upload.mimeType,
    (await ctx.storage.readStart(upload.storageKey, SNIFF_BYTES)) ?? new Uint8Array(0),
  );
  if (!match.ok) {
    await ctx.storage.remove(upload.storageKey);
    // a sentence people read as it is (no "uploadId:" before it); the field still says which input
    const sentence = typeMismatchSentence(upload.mimeType, match.detected, "Nothing was registered.");
    throw new AppError("invalid_input", sentence, {
      field: "uploadId",
      issues: [{ field: "uploadId", message: sentence }],
      reason: "mime_mismatch",
    });
  }
  // a concurrent complete of the same upload may have registered it while this one waited for the
  // brand's lock: same answer. Checked before writing, because PostgreSQL aborts the whole
  // transaction on a unique violation, so nothing could be read after catching one.
  await lockBrand(ctx.db, ctx.brand.id);
  const twin = await ctx.db.asset.findUnique({ where: { uploadId: upload.id }, select: { id: true } });
  if (twin) return { uploadId: upload.id, assetId: twin.id };
  try {
    // its own reservation is replaced by the file: this fails only if the plan shrank meanwhile
    await assertStorageLeft(ctx, stored, upload.id);
  } catch (error) {
    // refused bytes are not kept: they would fill the disk beyond the quota
    await ctx.storage.remove(upload.storageKey);
    throw error;
  }
  return register(ctx, upload, input.name?.trim() || upload.fileName);
}

const expired = () =>
  invalidInput(
    "uploadId",
    "this upload expired and its bytes were deleted; nothing was registered. Start a new upload",
    { reason: "upload_expired" },
  );

async function register(ctx: BrandContext, upload: Awaited<ReturnType<typeof findUpload>>, name: string) {
  const assetId = randomUUID();
  // only while still pending: the sweep may have claimed it (expired) since it was read
  const taken = await ctx.db.upload.updateMany({
    where: { id: upload.id, status: "pending" },
    data: { status: "completed", assetId },
  });
  if (taken.count !== 1) throw expired();
  await ctx.db.asset.create({
    data: {
      id: assetId,
      brandId: ctx.brand.id,
      name,
      nameKey: name.toLowerCase(),
      category: upload.category,
      categoryKey: upload.category?.toLowerCase() ?? null,
      mimeType: upload.mimeType,
      type: assetTypeOf(upload),
      status: "proposed",
      sizeBytes: upload.sizeBytes,
      storageKey: upload.storageKey,
      uploadId: upload.id,
      createdById: ctx.actor.userId,
      createdAt: ctx.now,
    },
  });
  return { uploadId: upload.id, assetId };
}
