// Receiving the PUT of a signed upload URL on local storage (decisions §9): one accepted PUT per
// URL (a later one is 409), nothing larger than the declared size is stored (413), and the bytes
// must be of the declared type (422). Bytes land in a temporary file first and are linked into
// place only when every check passed, so a refused PUT leaves nothing behind and may be retried.
// A transfer still arriving when the sweep may already have expired its upload is not linked:
// its bytes would be stored with nothing left to count or delete them.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { readFileStart, type LocalStorage } from "./local";
import { bytesMatchType, SNIFF_BYTES } from "./mime";
import { UPLOAD_GRACE_MS } from "./upload-sweep";

export type Received =
  | { ok: true; sizeBytes: number }
  | { ok: false; status: 403 | 409 | 413 | 422; code: string; message: string; field?: string; reason?: string; unread?: boolean };

const used = (unread: boolean): Received =>
  ({ ok: false, status: 409, code: "already_uploaded", message: "This upload URL was already used; start a new upload", unread });
const tooLarge = (limit: number, unread: boolean): Received =>
  ({ ok: false, status: 413, code: "too_large", message: `The upload is larger than the declared ${limit} bytes; nothing was stored`, unread });

class TooLarge extends Error {}

export async function receiveUpload(
  storage: LocalStorage, key: string, expected: { sizeBytes: number; mimeType: string; expiresAt: Date },
  body: ReadableStream<Uint8Array> | null, contentLength: number | null,
): Promise<Received> {
  const target = storage.pathOf(key);
  if ((await storage.size(key)) !== null) return used(true);
  if (contentLength !== null && contentLength > expected.sizeBytes) return tooLarge(expected.sizeBytes, true);

  const incoming = path.join(storage.root, ".incoming");
  await mkdir(incoming, { recursive: true });
  const temporary = path.join(incoming, randomUUID());
  try {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > expected.sizeBytes ? new TooLarge() : null, chunk);
      },
    });
    const source = body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]);
    try {
      await pipeline(source, counter, createWriteStream(temporary, { flags: "wx" }));
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge(expected.sizeBytes, true);
      throw error;
    }
    const sample = (await readFileStart(temporary, SNIFF_BYTES))!;
    const match = await bytesMatchType(expected.mimeType, sample);
    if (!match.ok) {
      const seen = match.detected ? `${match.detected} bytes` : "bytes of no recognised type";
      return {
        ok: false, status: 422, code: "invalid_input", field: "mimeType", reason: "mime_mismatch",
        message: `mimeType: declared ${expected.mimeType} but received ${seen}; nothing was stored`,
      };
    }
    if (Date.now() >= expected.expiresAt.getTime() + UPLOAD_GRACE_MS) {
      return { ok: false, status: 403, code: "forbidden", message: "This upload expired while its bytes arrived; nothing was stored. Start a new upload" };
    }
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // link() fails if the key exists: of two concurrent PUTs exactly one lands
      await link(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return used(false);
      throw error;
    }
    return { ok: true, sizeBytes: size };
  } finally {
    await rm(temporary, { force: true });
  }
}
