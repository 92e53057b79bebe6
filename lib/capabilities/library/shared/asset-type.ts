// Each file has exactly one type, derived once when it is registered
// (docs/design.md, the library and uploads): first match wins, so a logo PNG is a logo, not an
// image.
import type { ASSET_TYPES } from "./records";

type AssetType = (typeof ASSET_TYPES)[number];

const LOGO_CATEGORIES = new Set(["logo", "logos"]);
const FONT_MIME = /^(font\/|application\/(x-)?font-|application\/vnd\.ms-fontobject$)/;
const FONT_EXTENSION = /\.(ttf|otf|woff|woff2)$/i;

export function assetTypeOf(file: { category: string | null; mimeType: string; fileName: string }): AssetType {
  if (file.category && LOGO_CATEGORIES.has(file.category.trim().toLowerCase())) return "logo";
  const mime = file.mimeType.toLowerCase();
  if (FONT_MIME.test(mime) || FONT_EXTENSION.test(file.fileName.trim())) return "font";
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  return "document";
}
