// One body in flight per upload on local disk, and its reservation held while it arrives (a
// security review's finding). Run in this process, on a database and a storage folder of its own: the receiving side
// (lib/storage/local-receive.ts) and the sweep (lib/storage/upload-sweep.ts) share this process's
// claims as they share the server's, and no other server's sweep can touch these rows meanwhile.
// test/api/upload-bodies.test.ts does the same over HTTP against the suite's server.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../../lib/admin/commands";
import { resetConfigForTests } from "../../lib/config";
import { closeDb, db } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { storage } from "../../lib/storage";
import { newStorageKey } from "../../lib/storage/keys";
import { LocalStorage } from "../../lib/storage/local";
import { receiveUpload } from "../../lib/storage/local-receive";
import { sweepUploads, UPLOAD_GRACE_MS } from "../../lib/storage/upload-sweep";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bodies-"));
const SIZE = 100_000;
const text = (size: number) => new TextEncoder().encode("x".repeat(size));
let local: LocalStorage;
let brandId: string;

beforeAll(async () => {
  await closeDb();
  // this file's own SQLite database and local storage, whatever the profile (an empty S3 setting counts as unset)
  for (const name of Object.keys(process.env)) if (name.startsWith("S3_")) process.env[name] = "";
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "bodies.db")}`,
    STORAGE_DIR: path.join(dir, "files"),
  });
  resetConfigForTests();
  await migrateDatabase(process.env.DATABASE_URL!);
  local = storage() as LocalStorage;
  expect(local).toBeInstanceOf(LocalStorage);
  brandId = (await createBrand(db(), { name: "Bodies", shortId: "BODY-1" })).id;
});
afterAll(async () => {
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

/** A pending upload of SIZE bytes of text, and what its signed URL allows. */
async function pendingUpload() {
  const key = newStorageKey(brandId);
  const expiresAt = new Date(Date.now() + 3600_000);
  const { id } = await db().upload.create({
    data: {
      id: randomUUID(),
      brandId,
      fileName: "draft.txt",
      mimeType: "text/plain",
      sizeBytes: BigInt(SIZE),
      storageKey: key,
      status: "pending",
      expiresAt,
    },
  });
  return { id, key, expected: { sizeBytes: SIZE, mimeType: "text/plain", expiresAt } };
}

/** A request body the test sends piece by piece, and may cut off (with the error Node gives a request body then). */
function heldBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    send: (bytes: Uint8Array) => controller.enqueue(bytes),
    end: () => controller.close(),
    cut: () => controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" })),
  };
}

const whole = (bytes: Uint8Array) => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
const incoming = () =>
  existsSync(path.join(local.root, ".incoming")) ? readdirSync(path.join(local.root, ".incoming")) : [];
// the held bytes reach the file when the event loop gets to them: seconds on a loaded machine
const ARRIVING = { timeout: 15_000, interval: 20 };
const status = async (id: string) => (await db().upload.findUniqueOrThrow({ where: { id } })).status;

describe("one body in flight per upload", () => {
  it("while a body arrives, fourteen more PUTs are refused at once (409 upload_in_progress) and hold nothing; the first is stored", async () => {
    const { key, expected } = await pendingUpload();
    const held = heldBody();
    const first = receiveUpload(local, key, expected, held.stream, SIZE);
    held.send(text(SIZE - 1));
    await expect.poll(incoming, ARRIVING).toHaveLength(1);
    const others = await Promise.all(
      Array.from({ length: 14 }, () => receiveUpload(local, key, expected, whole(text(SIZE)), SIZE)),
    );
    for (const other of others)
      expect(other).toMatchObject({ ok: false, status: 409, code: "upload_in_progress", unread: true });
    expect(incoming()).toHaveLength(1);
    held.send(text(1));
    held.end();
    expect(await first).toEqual({ ok: true, sizeBytes: SIZE });
    expect(await local.size(key)).toBe(SIZE);
    expect(incoming()).toHaveLength(0);
    // stored: a later PUT is the one-PUT rule's 409
    expect(await receiveUpload(local, key, expected, whole(text(SIZE)), SIZE)).toMatchObject({
      status: 409,
      code: "already_uploaded",
    });
  });

  it("a body cut off mid-way releases its claim and its bytes: the next PUT is accepted", async () => {
    const { key, expected } = await pendingUpload();
    const held = heldBody();
    const first = receiveUpload(local, key, expected, held.stream, SIZE);
    held.send(text(SIZE / 2));
    await expect.poll(incoming, ARRIVING).toHaveLength(1);
    held.cut();
    expect(await first).toMatchObject({ ok: false, status: 400, code: "incomplete_body" });
    expect(incoming()).toHaveLength(0);
    expect(await receiveUpload(local, key, expected, whole(text(SIZE)), SIZE)).toEqual({ ok: true, sizeBytes: SIZE });
  });
});

describe("the sweep and a body still arriving", () => {
  it("keeps the upload pending (its declared size held against the quota) and its partial file, then expires it once the body has ended", async () => {
    const { id, key, expected } = await pendingUpload();
    const held = heldBody();
    const first = receiveUpload(local, key, expected, held.stream, SIZE);
    held.send(text(SIZE / 2));
    await expect.poll(incoming, ARRIVING).toHaveLength(1);
    // as if the URL had expired past the grace and the partial file had sat there as long
    await db().upload.update({ where: { id }, data: { expiresAt: new Date(Date.now() - UPLOAD_GRACE_MS - 60_000) } });
    const old = (Date.now() - 2 * UPLOAD_GRACE_MS) / 1000;
    utimesSync(path.join(local.root, ".incoming", incoming()[0]!), old, old);
    expect(await sweepUploads(local)).toEqual({ expired: 0, failed: 0, strayFiles: 0 });
    expect(await status(id)).toBe("pending");
    expect(incoming()).toHaveLength(1);

    held.send(text(SIZE / 2));
    held.end();
    expect((await first).ok).toBe(true);
    expect((await sweepUploads(local)).expired).toBe(1);
    expect(await status(id)).toBe("expired");
    expect(await local.size(key)).toBeNull();
  });
});
