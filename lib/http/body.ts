// A JSON body read as it streams in, never kept past its limit: the API door and the signed-in
// person's routes both read through here. Reading the whole body first and measuring it after
// would let one request hold any amount of memory (a 10 MiB stream was all kept before a refusal).
import { parseJsonText, type JsonText } from "./json-text";
import { DRAIN_LIMIT, drain, type ChunkReader } from "./request";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A body refused before it was parsed; `unread`: part of it is still on the connection, which must close. */
export type RefusedBody = { ok: false; message: string; tooLarge?: true; unread?: boolean };

/** What reading a body needs of a request, whichever face it came through (Web Request or node:http). */
export type BodySource = { header(name: string): string | null; reader: ChunkReader | undefined };

/** A Web Request as a BodySource. */
export const webBody = (request: Request): BodySource => ({
  header: (name) => request.headers.get(name),
  reader: request.body?.getReader(),
});

/**
 * The body as JSON (Content-Type application/json), read chunk by chunk and refused as soon as it
 * passes `limit` bytes, declared or streamed; `limitText` says the limit in the refusal ("1 MiB").
 * `drainRefused`: read and drop the rest (up to DRAIN_LIMIT) before answering, where this code owns
 * the connection (the API door on node:http); false where the server drops it after the answer
 * (Next's routes), so the refusal goes out at once.
 */
export async function readJsonBody(
  source: BodySource,
  limit: number,
  limitText: string,
  { drainRefused = true } = {},
): Promise<JsonText | RefusedBody> {
  if (!/^application\/json\s*(;|$)/i.test(source.header("content-type") ?? ""))
    return { ok: false, message: "send Content-Type: application/json" };
  const read = await readBoundedBytes(source, limit, limitText, { drainRefused });
  if (!read.ok) return read;
  let text: string;
  try {
    // JSON text is UTF-8 (RFC 8259 §8.1); replacing bad bytes with U+FFFD would store altered values
    text = utf8.decode(read.bytes);
  } catch {
    return { ok: false, message: "is not valid UTF-8" };
  }
  return parseJsonText(text);
}

/**
 * The body's bytes, whatever their type, read chunk by chunk and refused as soon as they pass
 * `limit` (declared or streamed): for code that hands the body on to a library that would
 * otherwise read it whole first (better-auth, lib/auth/json-body.ts).
 */
export async function readBoundedBytes(
  source: BodySource,
  limit: number,
  limitText: string,
  { drainRefused = true } = {},
): Promise<{ ok: true; bytes: Uint8Array } | RefusedBody> {
  const { header, reader } = source;
  const drainOrStop = async (size: number) => {
    if (drainRefused) return reader ? drain(reader, size) : false;
    await reader?.cancel().catch(() => undefined);
    return false;
  };
  const tooLarge = (unread: boolean): RefusedBody => ({
    ok: false,
    message: `larger than the ${limitText} limit`,
    tooLarge: true,
    unread,
  });
  const declared = Number(header("content-length") ?? "0");
  if (declared > DRAIN_LIMIT) return tooLarge(true);
  if (declared > limit) return tooLarge(!(await drainOrStop(0)));
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) return tooLarge(!(await drainOrStop(size)));
      chunks.push(next.value);
    }
  }
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}

/** The most of a small JSON or form body read: the API door's limit, and /api/auth's (lib/auth/json-body.ts). */
export const BODY_LIMIT = 1024 * 1024;
export const BODY_LIMIT_TEXT = "1 MiB";

/**
 * A Web Request's body as text, read within BODY_LIMIT; undefined when it is larger. For code that
 * reads a body again after it was bounded: it reads through here too, so no path reads a body whole.
 * Next drops what is left of a refused body once it has answered: nothing is drained.
 */
export async function boundedText(request: Request): Promise<string | undefined> {
  if (!request.body) return "";
  const read = await readBoundedBytes(webBody(request), BODY_LIMIT, BODY_LIMIT_TEXT, { drainRefused: false });
  return read.ok ? new TextDecoder().decode(read.bytes) : undefined;
}
