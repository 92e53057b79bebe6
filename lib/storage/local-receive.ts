// Receiving the PUT of a signed upload URL on local storage (docs/design.md, signed links): one
// accepted PUT per URL (a later one is 409), one body in flight per URL (a PUT while another is
// arriving is 409 at once: bodies-in-flight.ts), nothing larger than the declared size is stored
// (413), and the bytes must be of the declared type (422). Bytes land in a temporary file first
// (0600, like every stored file: lib/private-files.ts) and are linked into place only when every
// check passed, so a refused or cut-off PUT leaves nothing behind and may be retried. So the bytes
// an upload holds on disk, arriving or stored, never exceed its declared size, which the quota
// holds for it until the sweep. A transfer still arriving past the grace after its URL's expiry is
// not linked: the sweep keeps the upload (and its reservation) while the bytes arrive, and deletes
// what it holds afterwards.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../private-files";
import { claimBody, releaseBody } from "./bodies-in-flight";
import { readFileStart, type LocalStorage } from "./local";
import { bytesMatchType, SNIFF_BYTES } from "./mime";
import { typeMismatchSentence } from "./type-words";
import { UPLOAD_GRACE_MS } from "./upload-sweep";

export type Received =
  | { ok: true; sizeBytes: number }
  | {
      ok: false;
      status: 400 | 403 | 409 | 413 | 422;
      code: string;
      message: string;
      field?: string;
      reason?: string;
      unread?: boolean;
    };

const used = (unread: boolean): Received => ({
  ok: false,
  status: 409,
  code: "already_uploaded",
  message: "This upload URL was already used; start a new upload",
  unread,
});
const inProgress = (): Received => ({
  ok: false,
  status: 409,
  code: "upload_in_progress",
  message: "Another PUT to this upload URL is still arriving; if it fails, retry once it has ended",
  unread: true,
});
const cutOff = (): Received => ({
  ok: false,
  status: 400,
  code: "incomplete_body",
  message: "The connection closed before the whole body arrived; nothing was stored",
  unread: true,
});
const tooLarge = (limit: number, unread: boolean): Received => ({
  ok: false,
  status: 413,
  code: "too_large",
  message: `The upload is larger than the declared ${limit} bytes; nothing was stored`,
  unread,
});

class TooLarge extends Error {}

type Expected = { sizeBytes: number; mimeType: string; expiresAt: Date };

export async function receiveUpload(
  storage: LocalStorage,
  key: string,
  expected: Expected,
  body: ReadableStream<Uint8Array> | null,
  contentLength: number | null,
): Promise<Received> {
  if (contentLength !== null && contentLength > expected.sizeBytes) return tooLarge(expected.sizeBytes, true);
  const incomingName = randomUUID();
  if (!claimBody(key, incomingName)) return inProgress();
  try {
    // looked at under the claim: no other body can be stored meanwhile
    if ((await storage.size(key)) !== null) return used(true);
    return await receiveClaimed(storage, key, expected, body, incomingName);
  } finally {
    releaseBody(key); // after its temporary file is gone
  }
}

async function receiveClaimed(
  storage: LocalStorage,
  key: string,
  expected: Expected,
  body: ReadableStream<Uint8Array> | null,
  incomingName: string,
): Promise<Received> {
  const target = storage.pathOf(key);
  const incoming = path.join(storage.root, ".incoming");
  await mkdir(incoming, { recursive: true, mode: PRIVATE_DIR_MODE });
  const temporary = path.join(incoming, incomingName);
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
      await pipeline(source, counter, createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge(expected.sizeBytes, true);
      // the client went away mid-body (Node's "aborted"): nobody reads this answer, but the call is
      // logged as a refusal like the others, not as a failure of the service (disk errors still are)
      if ((error as NodeJS.ErrnoException).code === "ECONNRESET") return cutOff();
      throw error;
    }
    const sample = (await readFileStart(temporary, SNIFF_BYTES))!;
    const match = await bytesMatchType(expected.mimeType, sample);
    if (!match.ok) {
      return {
        ok: false,
        status: 422,
        code: "invalid_input",
        field: "mimeType",
        reason: "mime_mismatch",
        message: typeMismatchSentence(expected.mimeType, match.detected, "Nothing was stored."),
      };
    }
    if (Date.now() >= expected.expiresAt.getTime() + UPLOAD_GRACE_MS) {
      return {
        ok: false,
        status: 403,
        code: "forbidden",
        message: "This upload expired while its bytes arrived; nothing was stored. Start a new upload",
      };
    }
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      // link() fails if the key exists (never stores over a file, whatever put it there)
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
