// Storage that cannot be filled (both profiles: local disk, or S3 in the distributed one): every
// upload not completed holds its declared size against the plan's quota until the sweep
// (lib/storage/upload-sweep.ts) deletes its bytes after the URL's expiry and a grace period; a
// complete refused for quota deletes its bytes; sweeps of several instances never work on the
// same upload. The sweep runs here in this process against the suite's database and storage,
// and, in the last case, in a server's own background loop.
import { randomUUID } from "node:crypto";
import { mkdirSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { PLANS } from "../../lib/plans";
import { storage } from "../../lib/storage";
import { sweepUploads, UPLOAD_GRACE_MS } from "../../lib/storage/upload-sweep";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { bytes, completeUpload, put, startUpload, type Uploader } from "../support/files";
import { expectError, expectOk, localStorageSkip, makeWorld } from "../support/world";

const GiB = 1024 ** 3;
const LIMIT = PLANS.free.storageBytes;

async function freeBrand(): Promise<Uploader & { brandId: string }> {
  const world = await makeWorld();
  return { key: world.admin.key, brand: world.brand.shortId, brandId: world.brand.id };
}

/** start + PUT of `size` bytes of text, not completed: its row and storage key */
async function sent(who: Uploader, size: number) {
  const started = expectOk(await startUpload(who, { fileName: "draft.txt", mimeType: "text/plain", sizeBytes: size }));
  expect((await put(started.uploadUrl, bytes.sized(size), "text/plain")).status).toBe(200);
  const row = await db().upload.findUniqueOrThrow({ where: { id: started.uploadId } });
  expect(await storage().size(row.storageKey)).toBe(size);
  return row;
}

/** as if its URL had expired `ago` milliseconds ago */
const expire = (uploadId: string, ago: number) =>
  db().upload.update({ where: { id: uploadId }, data: { expiresAt: new Date(Date.now() - ago) } });

describe("uploads in progress hold their declared size against the quota", () => {
  it("three starts of 1 GiB on a free brand (1 GiB): the first is accepted, the others refused", async () => {
    const who = await freeBrand();
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await startUpload(who, { fileName: `big-${i}.mp4`, mimeType: "video/mp4", sizeBytes: GiB }));
    expectOk(answers[0]!);
    for (const refused of answers.slice(1)) {
      expect(expectError(refused, 422, "invalid_input")).toMatchObject({
        field: "sizeBytes",
        reason: "storage_quota_exceeded",
      });
    }
    expect(await db().upload.count({ where: { brandId: who.brandId } })).toBe(1);
  });

  it("the same three sent at once: exactly one is accepted", async () => {
    const who = await freeBrand();
    const answers = await Promise.all(
      [0, 1, 2].map((i) => startUpload(who, { fileName: `big-${i}.mp4`, mimeType: "video/mp4", sizeBytes: GiB })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422]);
    expect(await db().upload.count({ where: { brandId: who.brandId } })).toBe(1);
  });

  it("bytes sent and never completed count: 100,000 bytes held leave the plan minus 100,000", async () => {
    const who = await freeBrand();
    await sent(who, 100_000);
    const refused = expectError(
      await startUpload(who, {
        fileName: "rest.bin",
        mimeType: "application/octet-stream",
        sizeBytes: LIMIT - 100_000 + 1,
      }),
      422,
      "invalid_input",
    );
    expect(refused.message).toMatch(/100000 are used or held by uploads in progress/);
    expectOk(
      await startUpload(who, {
        fileName: "rest.bin",
        mimeType: "application/octet-stream",
        sizeBytes: LIMIT - 100_000,
      }),
    );
  });

  it("a complete replaces its own reservation by the file: a brand can fill its plan exactly", async () => {
    const who = await freeBrand();
    const old = randomUUID();
    await db().asset.create({
      data: {
        id: old,
        brandId: who.brandId,
        name: "old.bin",
        nameKey: "old.bin",
        mimeType: "application/octet-stream",
        type: "document",
        status: "approved",
        sizeBytes: BigInt(LIMIT - 10),
        storageKey: `test-${old}`,
      },
    });
    const row = await sent(who, 10);
    expectOk(await completeUpload(who, row.id));
    expect(
      expectError(
        await startUpload(who, { fileName: "one.txt", mimeType: "text/plain", sizeBytes: 1 }),
        422,
        "invalid_input",
      ).reason,
    ).toBe("storage_quota_exceeded");
  });

  it("a complete refused for quota deletes the bytes it refused", async () => {
    const who = await freeBrand();
    const row = await sent(who, 10);
    // the plan shrank meanwhile (another file registered past the checks)
    const other = randomUUID();
    await db().asset.create({
      data: {
        id: other,
        brandId: who.brandId,
        name: "x.bin",
        nameKey: "x.bin",
        mimeType: "application/octet-stream",
        type: "document",
        status: "approved",
        sizeBytes: BigInt(LIMIT - 5),
        storageKey: `test-${other}`,
      },
    });
    expect(expectError(await completeUpload(who, row.id), 422, "invalid_input").reason).toBe("storage_quota_exceeded");
    expect(await storage().size(row.storageKey)).toBeNull();
    expect(await db().asset.count({ where: { uploadId: row.id } })).toBe(0);
  });
});

describe("the upload sweep", () => {
  it("deletes the bytes of uploads expired past the grace period, frees their reservation, and a late complete says so", async () => {
    const who = await freeBrand();
    const row = await sent(who, 100_000);
    await expire(row.id, UPLOAD_GRACE_MS + 60_000);
    const result = await sweepUploads(storage());
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await storage().size(row.storageKey)).toBeNull();
    expect(await db().upload.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "expired" });
    expect(expectError(await completeUpload(who, row.id), 422, "invalid_input")).toMatchObject({
      field: "uploadId",
      reason: "upload_expired",
    });
    // the whole plan is free again
    expectOk(await startUpload(who, { fileName: "all.bin", mimeType: "application/octet-stream", sizeBytes: LIMIT }));
  });

  it("keeps uploads still in their grace period (a PUT may be arriving; complete still works)", async () => {
    const who = await freeBrand();
    const row = await sent(who, 1000);
    await expire(row.id, UPLOAD_GRACE_MS / 2);
    await sweepUploads(storage());
    expect(await storage().size(row.storageKey)).toBe(1000);
    expectOk(await completeUpload(who, row.id));
  });

  it("two sweeps at once (two instances) work on each upload once", async () => {
    const who = await freeBrand();
    const rows = [];
    for (let i = 0; i < 6; i++) rows.push(await sent(who, 100));
    for (const row of rows) await expire(row.id, UPLOAD_GRACE_MS + 60_000);
    const [first, second] = await Promise.all([sweepUploads(storage()), sweepUploads(storage())]);
    // without the claim both would report all six (and the suite's server may take some itself)
    expect(first!.expired + second!.expired).toBeLessThanOrEqual(6);
    expect(first!.failed + second!.failed).toBe(0);
    for (const row of rows) {
      expect(await storage().size(row.storageKey)).toBeNull();
      expect((await db().upload.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("expired");
    }
  });

  it("retakes an upload whose sweeping instance died mid-way (claimed long ago)", async () => {
    const who = await freeBrand();
    const row = await sent(who, 100);
    await db().upload.update({
      where: { id: row.id },
      data: {
        status: "expiring",
        claimedAt: new Date(Date.now() - 3600_000),
        expiresAt: new Date(Date.now() - 3 * UPLOAD_GRACE_MS),
      },
    });
    // still held against the quota while expiring
    expect(
      expectError(
        await startUpload(who, { fileName: "all.bin", mimeType: "application/octet-stream", sizeBytes: LIMIT }),
        422,
        "invalid_input",
      ).reason,
    ).toBe("storage_quota_exceeded");
    await sweepUploads(storage());
    expect(await storage().size(row.storageKey)).toBeNull();
    expect((await db().upload.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("expired");
  });
});

describe("the sweep in a server's background loop (BACKGROUND_INTERVAL_SECONDS=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), BACKGROUND_INTERVAL_SECONDS: "1" });
  });
  afterAll(async () => server?.stop());

  it("removes an expired upload's bytes without being asked, and logs it", async () => {
    const who = await freeBrand();
    const row = await sent(who, 2000);
    await expire(row.id, UPLOAD_GRACE_MS + 60_000);
    await expect
      .poll(async () => (await db().upload.findUniqueOrThrow({ where: { id: row.id } })).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe("expired");
    expect(await storage().size(row.storageKey)).toBeNull();
    await expect
      .poll(() => server.output(), { timeout: 5000 })
      .toMatch(/upload sweep: \d+ expired upload\(s\) deleted/);
  });

  it.skipIf(localStorageSkip())("and, on local disk, partial files a dead process left in .incoming", async () => {
    const incoming = path.join(inject("testEnv").STORAGE_DIR!, ".incoming");
    mkdirSync(incoming, { recursive: true });
    const stray = path.join(incoming, randomUUID());
    writeFileSync(stray, "half a file");
    const old = (Date.now() - UPLOAD_GRACE_MS - 60_000) / 1000;
    utimesSync(stray, old, old);
    await expect.poll(() => existsSync(stray), { timeout: 15_000, interval: 250 }).toBe(false);
  });
});
