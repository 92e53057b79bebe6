// Parallel PUTs to one signed upload URL, over HTTP against the suite's server (a security review's finding):
// fifteen PUTs of one upload, the first held open one byte short, used to keep fifteen partial
// files; now one body is in flight and the others are refused at once with 409 in the files
// routes' error shape, before a byte of their bodies is read. A client that disconnects mid-body
// leaves nothing behind (its call logged as a refusal) and a retry is accepted. Local storage only: on S3 (the distributed
// profile) the PUTs go to S3 itself and never reach the service.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { bytes, completeUpload, heldPut, put, startUpload } from "../support/files";
import { expectOk, localStorageSkip, makeWorld } from "../support/world";

// an odd size, so that this file's partial file is told apart from other tests' in .incoming
const SIZE = 2_000_003;

/** Partial files of this size in the server's .incoming. */
function partialFiles(size: number): string[] {
  const incoming = path.join(inject("testEnv").STORAGE_DIR!, ".incoming");
  if (!existsSync(incoming)) return [];
  return readdirSync(incoming).filter(
    (name) => statSync(path.join(incoming, name), { throwIfNoEntry: false })?.size === size,
  );
}

describe.skipIf(localStorageSkip())("one body in flight per upload URL (local storage)", () => {
  it("fifteen PUTs, the first held one byte short: the fourteen others get 409 upload_in_progress at once; then the first is stored", async () => {
    const world = await makeWorld();
    const who = { key: world.admin.key, brand: world.brand.shortId };
    const started = expectOk(await startUpload(who, { fileName: "held.txt", mimeType: "text/plain", sizeBytes: SIZE }));
    const first = heldPut(started.uploadUrl, SIZE, SIZE - 1);
    await expect.poll(() => partialFiles(SIZE - 1), { timeout: 15_000 }).toHaveLength(1);

    // headers only: the answer comes before any of their bytes is sent
    const others = Array.from({ length: 14 }, () => heldPut(started.uploadUrl, SIZE, 0));
    for (const other of await Promise.all(others.map((put) => put.answer))) {
      expect(other.status).toBe(409);
      expect(other.body).toEqual({
        ok: false,
        error: {
          code: "upload_in_progress",
          message: expect.stringMatching(/still arriving/),
          requestId: expect.any(String),
        },
      });
      expect(other.connection).toBe("close");
    }
    expect(partialFiles(SIZE - 1)).toHaveLength(1);

    first.finish();
    expect(await first.answer).toMatchObject({ status: 200, body: { ok: true, data: { sizeBytes: SIZE } } });
    expect((await put(started.uploadUrl, bytes.sized(1), "text/plain")).body.error.code).toBe("already_uploaded");
    expectOk(await completeUpload(who, started.uploadId));
  });

  it("a client that disconnects mid-body releases the upload and its bytes: a retry is stored", async () => {
    const world = await makeWorld();
    const who = { key: world.admin.key, brand: world.brand.shortId };
    const started = expectOk(await startUpload(who, { fileName: "cut.txt", mimeType: "text/plain", sizeBytes: SIZE }));
    const first = heldPut(started.uploadUrl, SIZE, SIZE - 2);
    await expect.poll(() => partialFiles(SIZE - 2), { timeout: 15_000 }).toHaveLength(1);
    first.cut();
    await first.answer.catch(() => undefined);
    await expect.poll(() => partialFiles(SIZE - 2), { timeout: 15_000 }).toHaveLength(0);
    const retry = heldPut(started.uploadUrl, SIZE, SIZE - 1);
    retry.finish();
    expect(await retry.answer).toMatchObject({ status: 200, body: { ok: true, data: { sizeBytes: SIZE } } });
    expectOk(await completeUpload(who, started.uploadId));
  });
});
