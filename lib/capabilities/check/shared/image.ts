// An image read for brand.check with bounds, so a hostile file cannot stall the server: at most
// MAX_IMAGE_BYTES read, its header's pixel count checked before anything is decoded (a
// decompression bomb is refused from its header), sharp's own pixel limit as a second guard, and
// a time limit on the decode. Only PNG, JPEG, WebP and GIF are read (sharp would also read SVG,
// PDF or TIFF: those are refused by their real format, whatever the file claims to be).
import sharp, { type Metadata } from "sharp";
import { invalidInput } from "../../../contract/errors";

export const IMAGE_FORMATS = { png: "PNG", jpeg: "JPEG", webp: "WebP", gif: "GIF" } as const;
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
/** 40 megapixels: a 24-megapixel camera photo and an 8K frame pass, a bomb claiming 10,000 × 10,000 does not */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
const DECODE_SECONDS = 5;
/** the side of the thumbnail the colours are counted on: enough for shares to the percent */
const SAMPLE_SIDE = 64;

export type Sample = {
  pixels: Buffer;
  width: number;
  height: number;
  format: keyof typeof IMAGE_FORMATS;
  frames: number;
};

export async function sampleImage(bytes: Uint8Array): Promise<Sample> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidInput("assetId", "this file could not be read as an image", { reason: "unreadable_image" });
  }
  const format = meta.format as string;
  if (!(format in IMAGE_FORMATS)) {
    throw invalidInput("assetId", "the brand check reads PNG, JPEG, WebP and GIF images only", {
      reason: "unsupported_type",
    });
  }
  const width = meta.width ?? 0;
  const height = (meta.pageHeight ?? meta.height ?? 0) || 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalidInput(
      "assetId",
      `the image claims ${width.toLocaleString("en")} × ${height.toLocaleString("en")} pixels, more than the ` +
        `${(MAX_IMAGE_PIXELS / 1e6).toFixed(0)} million this check decodes`,
      { reason: "too_many_pixels" },
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: false })
      .timeout({ seconds: DECODE_SECONDS })
      .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      pixels: data,
      width: info.width,
      height: info.height,
      format: format as Sample["format"],
      frames: meta.pages ?? 1,
    };
  } catch (error) {
    const timedOut = error instanceof Error && /timeout/i.test(error.message);
    throw invalidInput(
      "assetId",
      timedOut
        ? `decoding the image took longer than ${DECODE_SECONDS} seconds; it was stopped`
        : "this image is damaged or cannot be decoded",
      { reason: timedOut ? "decode_timeout" : "unreadable_image" },
    );
  }
}
