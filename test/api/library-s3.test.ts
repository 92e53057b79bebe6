// The whole library on S3: a second server of the same build with S3_BUCKET set, against a real
// S3-compatible server (s3rver) on loopback. The client PUTs and GETs on S3 itself; the service
// signs, checks the stored object at complete, and registers the file.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, expectError, expectOk, makeWorld } from "../support/world";
import { bytes, put } from "../support/files";
import { startS3, type LocalS3 } from "../support/s3";

type World = Awaited<ReturnType<typeof makeWorld>>;

let s3: LocalS3;
let server: RunningServer;
let world: World;
beforeAll(async () => {
  s3 = await startS3();
  server = await startServer({ ...inject("testEnv"), ...s3.env });
  world = await makeWorld();
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const on = (capability: string, key: string, input: Record<string, unknown>) =>
  call(capability, key, { brand: world.brand.shortId, ...input }, { url: server.url });
const start = (input: Record<string, unknown>) =>
  on("library.upload.create", world.admin.key, { step: "start", ...input });
const complete = (uploadId: string) => on("library.upload.create", world.admin.key, { step: "complete", uploadId });

/** s3rver keeps each object as a folder named after its key (with its bytes and metadata inside). */
const objectsIn = (dir: string) => readdirSync(dir, { recursive: true }).map(String);

describe("library on S3", () => {
  it("upload → complete → approve → get → download, with presigned URLs on S3", async () => {
    const body = bytes.png();
    const started = expectOk(
      await start({
        fileName: "../../../etc/passwd.png",
        mimeType: "image/png",
        sizeBytes: body.length,
        category: "logo",
      }),
    );
    const url = new URL(started.uploadUrl);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${s3.bucket}/brands/${world.brand.id}/[0-9a-f-]{36}$`));
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect((await put(started.uploadUrl, body, "image/png")).status).toBe(200);
    const { assetId } = expectOk(await complete(started.uploadId));
    const asset = await db().asset.findUniqueOrThrow({ where: { id: assetId } });
    expect(asset).toMatchObject({
      status: "proposed",
      type: "logo",
      sizeBytes: BigInt(body.length),
      name: "../../../etc/passwd.png",
    });
    // the object lives in the bucket under the server's key, nothing named after the file name
    expect(objectsIn(s3.directory).some((entry) => entry.includes(asset.storageKey.split("/").at(-1)!))).toBe(true);
    expect(objectsIn(s3.directory).filter((entry) => entry.includes("passwd"))).toEqual([]);
    expect(existsSync(path.join(inject("testEnv").STORAGE_DIR!, asset.storageKey))).toBe(false);

    const first = expectError(
      await on("library.asset.review", world.admin.key, { assetId, decision: "approve" }),
      409,
      "confirmation_required",
    );
    expectOk(
      await on("library.asset.review", world.admin.key, {
        assetId,
        decision: "approve",
        confirmationToken: first.confirmationToken,
      }),
    );
    const got = expectOk(await on("library.asset.get", world.viewer.key, { assetId }));
    expect(new URL(got.url).origin).toBe(s3.endpoint);
    const download = await fetch(got.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(body));
  });

  it("complete checks the object S3 really holds: fewer bytes, or bytes of another type, register nothing and are removed", async () => {
    const short = expectOk(await start({ fileName: "short.txt", mimeType: "text/plain", sizeBytes: 100 }));
    // S3 would refuse this PUT (the length is signed); s3rver does not check, so complete must
    expect((await put(short.uploadUrl, bytes.sized(60), "text/plain")).status).toBe(200);
    const tooShort = expectError(await complete(short.uploadId), 422, "invalid_input");
    expect(tooShort).toMatchObject({ field: "uploadId", reason: "size_mismatch" });
    expect(await db().asset.count({ where: { uploadId: short.uploadId } })).toBe(0);
    const shortKey = (await db().upload.findUniqueOrThrow({ where: { id: short.uploadId } })).storageKey;
    expect(objectsIn(s3.directory).some((entry) => entry.includes(shortKey.split("/").at(-1)!))).toBe(false);

    const text = bytes.text();
    const fake = expectOk(await start({ fileName: "fake.png", mimeType: "image/png", sizeBytes: text.length }));
    expect((await put(fake.uploadUrl, text, "image/png")).status).toBe(200);
    const mismatch = expectError(await complete(fake.uploadId), 422, "invalid_input");
    expect(mismatch).toMatchObject({
      field: "uploadId",
      reason: "mime_mismatch",
      issues: [{ field: "uploadId", message: mismatch.message }],
    });
    expect(mismatch.message).toMatch(
      /^This file is not a PNG image \(its contents are of no type we recognise\);.* Nothing was registered\.$/,
    );
    expect(await db().asset.count({ where: { uploadId: fake.uploadId } })).toBe(0);

    const never = expectOk(await start({ fileName: "never.txt", mimeType: "text/plain", sizeBytes: 3 }));
    expect(expectError(await complete(never.uploadId), 422, "invalid_input").reason).toBe("size_mismatch");
  });

  it("the local file routes are not served when files live in S3", async () => {
    const started = expectOk(await start({ fileName: "x.txt", mimeType: "text/plain", sizeBytes: 5 }));
    const local = `${server.url}/api/files/upload/brands/${world.brand.id}/${started.uploadId}?size=5&type=text%2Fplain&expires=9999999999&signature=x`;
    expect(
      (await fetch(local, { method: "PUT", body: "hello", headers: { "Content-Type": "text/plain" } })).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/api/files/download/brands/${world.brand.id}/x?signature=x`)).status).toBe(404);
  });
});
