// Is a file what its declared MIME type says? The bytes decide: file-type recognises binary
// formats by their signatures. Text formats have none, so bytes that file-type cannot place are
// accepted for any type it would not have recognised (text/plain, text/csv, image/svg+xml, …)
// and refused for one it would (a "PNG" whose bytes are not a PNG).
import { fileTypeFromBuffer, supportedMimeTypes } from "file-type";

/** Enough for every signature file-type reads, including the first entries of a ZIP. */
export const SNIFF_BYTES = 64 * 1024;

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Common non-canonical spellings, mapped to the names file-type reports. */
const ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/x-png": "image/png",
  "audio/mp3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/x-flac": "audio/flac",
  "audio/x-aiff": "audio/aiff",
  "audio/m4a": "audio/x-m4a",
  "video/x-msvideo": "video/vnd.avi",
  "video/avi": "video/vnd.avi",
  "video/x-matroska": "video/matroska",
  "application/x-zip-compressed": "application/zip",
  "application/x-gzip": "application/gzip",
  "application/x-font-ttf": "font/ttf",
  "application/x-font-truetype": "font/ttf",
  "application/font-sfnt": "font/ttf",
  "application/x-font-otf": "font/otf",
  "application/x-font-opentype": "font/otf",
  "application/font-woff": "font/woff",
  "application/x-font-woff": "font/woff",
  "application/font-woff2": "font/woff2",
  "text/xml": "application/xml",
};

/** One format detected under several names (a container holding audio or video, APNG is PNG). */
const FAMILIES: readonly (readonly string[])[] = [
  ["video/mp4", "audio/mp4", "audio/x-m4a", "video/x-m4v", "video/quicktime", "video/3gpp", "video/3gpp2"],
  ["audio/ogg", "video/ogg", "application/ogg"],
  ["video/webm", "audio/webm", "video/matroska"],
  ["video/x-ms-asf", "audio/x-ms-asf", "application/vnd.ms-asf", "video/x-ms-wmv", "audio/x-ms-wma"],
  ["image/png", "image/apng"],
  ["image/heif", "image/heic", "image/heif-sequence", "image/heic-sequence", "image/avif"],
  ["application/postscript", "application/eps"],
];

/** Lower-case type/subtype without parameters, aliases resolved; undefined when not a MIME type. */
export function normalizeMime(value: string): string | undefined {
  const essence = value.split(";")[0]!.trim().toLowerCase();
  if (!MIME.test(essence)) return undefined;
  return ALIASES[essence] ?? essence;
}

export async function bytesMatchType(
  declared: string,
  sample: Uint8Array,
): Promise<{ ok: boolean; detected: string | null }> {
  const type = normalizeMime(declared) ?? declared;
  const found = await fileTypeFromBuffer(sample);
  const detected = found ? (normalizeMime(found.mime) ?? found.mime) : null;
  if (type === "application/octet-stream") return { ok: true, detected };
  if (!detected) return { ok: !recognisable(type), detected };
  return { ok: detected === type || sameFormat(type, detected) || inContainer(type, detected), detected };
}

function recognisable(type: string): boolean {
  // text formats and XML are recognised only with their optional markers; their absence proves nothing
  if (type.startsWith("text/") || type.endsWith("xml")) return false;
  return supportedMimeTypes.has(type as never);
}

function sameFormat(a: string, b: string): boolean {
  return FAMILIES.some((family) => family.includes(a) && family.includes(b));
}

/** ZIP, OLE (cfb) and XML are containers: read from the start, an .xlsx may look like a bare ZIP. */
function inContainer(type: string, detected: string): boolean {
  if (detected === "application/zip") {
    return (
      /^application\/(vnd\.openxmlformats-|vnd\.oasis\.opendocument\.|vnd\.ms-[a-z]+\.[a-z.]*macroenabled|epub\+zip|java-archive|vnd\.android\.package-archive|x-xpinstall|vnd\.apple\.)/.test(
        type,
      ) || type.endsWith("+zip")
    );
  }
  if (detected === "application/x-cfb") {
    return [
      "application/msword",
      "application/vnd.ms-excel",
      "application/vnd.ms-powerpoint",
      "application/vnd.ms-outlook",
      "application/x-msi",
      "application/vnd.visio",
    ].includes(type);
  }
  if (detected === "application/xml") return type.endsWith("+xml") || type === "application/xml";
  return false;
}
