// A file type in words, for the refusal people and integrators read when a file's bytes are not
// what its declared type says ("This file is not a PNG image; …"). The field (`mimeType`,
// `uploadId`) and reason (`mime_mismatch`) stay for programs; the sentence is for readers.

// the names people know; other types are said from their subtype ("image/bmp" → "BMP image")
const NAMES: Record<string, string> = {
  "image/jpeg": "JPEG image",
  "image/svg+xml": "SVG image",
  "image/x-icon": "icon",
  "application/pdf": "PDF document",
  "application/zip": "ZIP archive",
  "audio/mpeg": "MP3 audio file",
  "text/plain": "text file",
  "text/csv": "CSV file",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
};
const KINDS: Record<string, string> = { image: "image", video: "video", audio: "audio file", font: "font" };

/** "image/png" → "a PNG image"; an unusual type keeps its exact name ("a file of type application/x-foo"). */
export function typeInWords(mime: string): string {
  const [kind = "", subtype = ""] = mime.split("/");
  const name =
    NAMES[mime] ?? (/^[a-z0-9]{2,5}$/.test(subtype) ? `${subtype.toUpperCase()} ${KINDS[kind] ?? "file"}` : undefined);
  if (!name) return `a file of type ${mime}`;
  return `${/^([AEFHILMNORSX]|[aeiou])/.test(name) ? "an" : "a"} ${name}`;
}

/** "a PNG image" → "PNG image", for a label that stands alone. */
export const capitalized = (words: string) => {
  const bare = words.replace(/^(an?) /, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
};

// what people most often mean to upload, offered in the sentence
const COMMON = "PNG, JPEG, WebP, SVG, PDF, MP4 or MP3";

/** The refusal of bytes that are not the declared type, in words; `what` says what was (not) kept. */
export function typeMismatchSentence(declared: string, detected: string | null, what: string): string {
  const seen = detected ? `its contents are ${typeInWords(detected)}` : "its contents are of no type we recognise";
  return `This file is not ${typeInWords(declared)} (${seen}); choose a file that really is one, or give its real type (${COMMON}, …). ${what}`;
}
