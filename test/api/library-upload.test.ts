// library.upload.create over HTTP with the real local storage (docs/design.md, the library and uploads): start, one PUT
// of the bytes to the signed URL, complete. Every refusal is checked for what it did not store.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { setBrandStatus } from "../../lib/admin/commands";
import { PLANS } from "../../lib/plans";
import {
  baseUrl,
  call,
  expectError,
  expectOk,
  localStorageSkip,
  makeBrand,
  makeKey,
  makeWorld,
} from "../support/world";
import { bytes, completeUpload, put, startUpload, upload, type Uploader } from "../support/files";

type World = Awaited<ReturnType<typeof makeWorld>>;

const storageDir = () => inject("testEnv").STORAGE_DIR!;
const tag = () => randomBytes(5).toString("hex");
const GiB = 1024 ** 3;

/** An already stored file of `sizeBytes`, so quotas can be reached without sending a gigabyte. */
async function storedAlready(brandId: string, sizeBytes: number) {
  const id = crypto.randomUUID();
  await db().asset.create({
    data: {
      id,
      brandId,
      name: "old.bin",
      nameKey: "old.bin",
      mimeType: "application/octet-stream",
      type: "document",
      status: "approved",
      sizeBytes: BigInt(sizeBytes),
      storageKey: `test-${id}`,
    },
  });
}

let world: World;
let admin: Uploader;
beforeAll(async () => {
  world = await makeWorld();
  admin = { key: world.admin.key, brand: world.brand.shortId };
});

describe("start", () => {
  it.skipIf(localStorageSkip())(
    "answers exactly { uploadId, uploadUrl }: a URL of this service, signed, valid one hour, without the file name",
    async () => {
      const before = Date.now();
      const data = expectOk(
        await startUpload(admin, { fileName: "Summer Menu.pdf", mimeType: "application/pdf", sizeBytes: 40 }),
      );
      expect(Object.keys(data).sort()).toEqual(["uploadId", "uploadUrl"]);
      const url = new URL(data.uploadUrl);
      expect(`${url.protocol}//${url.host}`).toBe(baseUrl());
      expect(url.pathname).toMatch(new RegExp(`^/api/files/upload/brands/${world.brand.id}/[0-9a-f-]{36}$`));
      expect(data.uploadUrl).not.toMatch(/summer|menu/i);
      expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const expires = Number(url.searchParams.get("expires")) * 1000;
      expect(expires).toBeGreaterThan(before + 3600_000 - 2000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
      const row = await db().upload.findUniqueOrThrow({ where: { id: data.uploadId } });
      expect(row).toMatchObject({
        brandId: world.brand.id,
        fileName: "Summer Menu.pdf",
        mimeType: "application/pdf",
        sizeBytes: 40n,
        status: "pending",
        assetId: null,
      });
    },
  );

  it("refuses what is not a MIME type, a size below 1, a missing step, and a file name over 200 characters", async () => {
    const base = { step: "start", fileName: "a.png", mimeType: "image/png", sizeBytes: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, mimeType: "png" }, "mimeType"],
      [{ ...base, sizeBytes: 0 }, "sizeBytes"],
      [{ ...base, sizeBytes: 1.5 }, "sizeBytes"],
      [{ ...base, fileName: "a".repeat(201) }, "fileName"],
      [{ ...base, category: "c".repeat(61) }, "category"],
      [{ fileName: "a.png", mimeType: "image/png", sizeBytes: 10 }, "step"],
    ];
    for (const [input, field] of cases) {
      const error = expectError(
        await call("library.upload.create", admin.key, { brand: admin.brand, ...input }),
        422,
        "invalid_input",
      );
      expect(error.field).toBe(field);
    }
  });

  it("is for admins with library.write, in an operational brand", async () => {
    const input = { brand: admin.brand, step: "start", fileName: "a.txt", mimeType: "text/plain", sizeBytes: 5 };
    expectError(await call("library.upload.create", world.member.key, input), 403, "forbidden");
    expectError(await call("library.upload.create", world.viewer.key, input), 403, "forbidden");
    const readOnly = await makeKey(world.admin.email, { scopes: "library.read" });
    expect(expectError(await call("library.upload.create", readOnly.key, input), 403, "insufficient_scope").scope).toBe(
      "library.write",
    );
    const closed = await makeWorld();
    await setBrandStatus(db(), { brand: closed.brand.shortId, status: "closed" });
    expectError(
      await call("library.upload.create", closed.admin.key, { ...input, brand: closed.brand.shortId }),
      409,
      "brand_not_operational",
    );
  });
});

describe("the signed PUT (local storage)", () => {
  it.skipIf(localStorageSkip())(
    "stores the bytes under a key of the server's making; complete registers a proposed file",
    async () => {
      const body = bytes.png();
      const started = expectOk(
        await startUpload(admin, {
          fileName: "mark.png",
          mimeType: "image/png",
          sizeBytes: body.length,
          category: "Logos",
        }),
      );
      const stored = await put(started.uploadUrl, body, "image/png");
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual({ ok: true, data: { sizeBytes: body.length } });
      const done = expectOk(await completeUpload(admin, started.uploadId, "Main mark"));
      expect(Object.keys(done).sort()).toEqual(["assetId", "uploadId"]);
      const asset = await db().asset.findUniqueOrThrow({ where: { id: done.assetId } });
      expect(asset).toMatchObject({
        brandId: world.brand.id,
        name: "Main mark",
        nameKey: "main mark",
        category: "Logos",
        categoryKey: "logos",
        mimeType: "image/png",
        type: "logo",
        status: "proposed",
        sizeBytes: BigInt(body.length),
        uploadId: started.uploadId,
        createdById: world.admin.id,
      });
      expect(asset.storageKey).toMatch(new RegExp(`^brands/${world.brand.id}/[0-9a-f-]{36}$`));
      expect(readFileSync(path.join(storageDir(), asset.storageKey))).toEqual(Buffer.from(body));
      expect(await db().upload.findUniqueOrThrow({ where: { id: started.uploadId } })).toMatchObject({
        status: "completed",
        assetId: done.assetId,
      });
    },
  );

  it("completing twice returns the same assetId and registers one file", async () => {
    const started = expectOk(await startUpload(admin, { fileName: "twice.txt", mimeType: "text/plain", sizeBytes: 5 }));
    expect((await put(started.uploadUrl, bytes.text("hello"), "text/plain")).status).toBe(200);
    const first = expectOk(await completeUpload(admin, started.uploadId));
    const second = expectOk(await completeUpload(admin, started.uploadId, "Another name"));
    expect(second).toEqual(first);
    expect(await db().asset.count({ where: { uploadId: started.uploadId } })).toBe(1);
    expect((await db().asset.findUniqueOrThrow({ where: { id: first.assetId } })).name).toBe("twice.txt");
  });

  it.skipIf(localStorageSkip())("accepts one PUT: a second one is 409 and the stored bytes stay", async () => {
    const started = expectOk(await startUpload(admin, { fileName: "once.txt", mimeType: "text/plain", sizeBytes: 5 }));
    expect((await put(started.uploadUrl, bytes.text("first"), "text/plain")).status).toBe(200);
    const again = await put(started.uploadUrl, bytes.text("again"), "text/plain");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      ok: false,
      error: { code: "already_uploaded", message: expect.any(String), requestId: again.headers.get("x-request-id") },
    });
    const done = expectOk(await completeUpload(admin, started.uploadId));
    const asset = await db().asset.findUniqueOrThrow({ where: { id: done.assetId } });
    expect(readFileSync(path.join(storageDir(), asset.storageKey), "utf8")).toBe("first");
    // and once registered, nothing can overwrite it either
    expect((await put(started.uploadUrl, bytes.text("later"), "text/plain")).status).toBe(409);
  });

  it.skipIf(localStorageSkip())("of two PUTs at the same time, exactly one is stored", async () => {
    const started = expectOk(await startUpload(admin, { fileName: "race.txt", mimeType: "text/plain", sizeBytes: 5 }));
    const results = await Promise.all(
      ["aaaaa", "bbbbb", "ccccc"].map((text) => put(started.uploadUrl, bytes.text(text), "text/plain")),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
  });

  it.skipIf(localStorageSkip())(
    "refuses a PUT larger than declared with 413 and stores nothing; the URL then still takes the right bytes",
    async () => {
      const started = expectOk(
        await startUpload(admin, { fileName: "big.txt", mimeType: "text/plain", sizeBytes: 10 }),
      );
      const key = new URL(started.uploadUrl).pathname.replace("/api/files/upload/", "");
      const declaredLarger = await put(started.uploadUrl, bytes.sized(11), "text/plain");
      expect(declaredLarger.status).toBe(413);
      expect(declaredLarger.body.error).toMatchObject({ code: "too_large" });
      expect(existsSync(path.join(storageDir(), key))).toBe(false);
      // streamed without Content-Length: refused once the 11th byte arrives
      const streamed = await fetch(started.uploadUrl, {
        method: "PUT",
        headers: { "Content-Type": "text/plain" },
        duplex: "half",
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.sized(6));
            controller.enqueue(bytes.sized(6));
            controller.close();
          },
        }),
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(existsSync(path.join(storageDir(), key))).toBe(false);
      expect(readdirSync(path.join(storageDir(), ".incoming"))).not.toContain(key.split("/").at(-1));
      expect((await put(started.uploadUrl, bytes.sized(10), "text/plain")).status).toBe(200);
      expectOk(await completeUpload(admin, started.uploadId));
    },
  );

  it.skipIf(localStorageSkip())(
    "checks the declared MIME type against the real bytes (422 mime_mismatch, nothing stored)",
    async () => {
      const text = bytes.text();
      const fake = expectOk(
        await startUpload(admin, { fileName: "fake.png", mimeType: "image/png", sizeBytes: text.length }),
      );
      const refused = await put(fake.uploadUrl, text, "image/png");
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: "invalid_input", reason: "mime_mismatch", field: "mimeType" });
      // in words for people and integrators alike; the field and reason stay for programs
      expect(refused.body.error.message).toMatch(
        /^This file is not a PNG image \(its contents are of no type we recognise\); choose a file that really is one, or give its real type \(PNG, JPEG, .*\)\. Nothing was stored\.$/,
      );
      const nothing = expectError(await completeUpload(admin, fake.uploadId), 422, "invalid_input");
      expect(nothing).toMatchObject({ field: "uploadId", reason: "size_mismatch" });

      const png = bytes.png();
      const posing = expectOk(
        await startUpload(admin, { fileName: "notes.txt", mimeType: "text/plain", sizeBytes: png.length }),
      );
      const refusedToo = await put(posing.uploadUrl, png, "text/plain");
      expect(refusedToo.status).toBe(422);
      expect(refusedToo.body.error.message).toMatch(/^This file is not a text file \(its contents are a PNG image\);/);

      const pdf = bytes.pdf();
      const right = expectOk(
        await startUpload(admin, { fileName: "menu.pdf", mimeType: "application/pdf", sizeBytes: pdf.length }),
      );
      expect((await put(right.uploadUrl, pdf, "application/pdf")).status).toBe(200);
    },
  );

  it.skipIf(localStorageSkip())(
    "refuses a URL whose signature is missing, altered or expired, without storing (403)",
    async () => {
      const started = expectOk(await startUpload(admin, { fileName: "s.txt", mimeType: "text/plain", sizeBytes: 5 }));
      const url = new URL(started.uploadUrl);
      const key = url.pathname.replace("/api/files/upload/", "");
      const variants: string[] = [];
      const without = new URL(url);
      without.searchParams.delete("signature");
      variants.push(without.href);
      const bigger = new URL(url);
      bigger.searchParams.set("size", "5000000");
      variants.push(bigger.href);
      const html = new URL(url);
      html.searchParams.set("type", "text/html");
      variants.push(html.href);
      const later = new URL(url);
      later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86400));
      variants.push(later.href);
      const flipped = new URL(url);
      flipped.searchParams.set("signature", flip(url.searchParams.get("signature")!));
      variants.push(flipped.href);
      const elsewhere = new URL(url);
      elsewhere.pathname = `/api/files/upload/brands/${world.brand.id}/${crypto.randomUUID()}`;
      variants.push(elsewhere.href);
      for (const variant of variants)
        expect({ variant, status: (await put(variant, bytes.text("hello"), "text/plain")).status }).toEqual({
          variant,
          status: 403,
        });
      expect(existsSync(path.join(storageDir(), key))).toBe(false);
      expect((await put(url.href, bytes.text("hello"), "text/plain")).status).toBe(200);
    },
  );
});

describe("complete", () => {
  it("with fewer bytes than declared fails with size_mismatch, registers nothing, and lets the URL take the right bytes", async () => {
    const started = expectOk(
      await startUpload(admin, { fileName: "short.txt", mimeType: "text/plain", sizeBytes: 100 }),
    );
    expect((await put(started.uploadUrl, bytes.sized(60), "text/plain")).status).toBe(200);
    const error = expectError(await completeUpload(admin, started.uploadId), 422, "invalid_input");
    expect(error).toMatchObject({ field: "uploadId", reason: "size_mismatch" });
    expect(error.message).toContain("60");
    expect(await db().asset.count({ where: { uploadId: started.uploadId } })).toBe(0);
    expect((await db().upload.findUniqueOrThrow({ where: { id: started.uploadId } })).status).toBe("pending");
    expect((await put(started.uploadUrl, bytes.sized(100), "text/plain")).status).toBe(200);
    expectOk(await completeUpload(admin, started.uploadId));
  });

  it("before any PUT fails with size_mismatch", async () => {
    const started = expectOk(await startUpload(admin, { fileName: "never.txt", mimeType: "text/plain", sizeBytes: 3 }));
    expect(expectError(await completeUpload(admin, started.uploadId), 422, "invalid_input")).toMatchObject({
      field: "uploadId",
      reason: "size_mismatch",
    });
  });

  it("of an unknown upload or another brand's is 404 not_found on uploadId, and leaves the other brand's alone", async () => {
    expect(expectError(await completeUpload(admin, "no-such-upload"), 404, "not_found").field).toBe("uploadId");
    expect(expectError(await completeUpload(admin, crypto.randomUUID()), 404, "not_found").field).toBe("uploadId");
    const other = await makeWorld();
    const theirs: Uploader = { key: other.admin.key, brand: other.brand.shortId };
    const started = expectOk(
      await startUpload(theirs, { fileName: "theirs.txt", mimeType: "text/plain", sizeBytes: 5 }),
    );
    expect((await put(started.uploadUrl, bytes.text("their"), "text/plain")).status).toBe(200);
    const error = expectError(await completeUpload(admin, started.uploadId), 404, "not_found");
    expect(error.field).toBe("uploadId");
    expect(await db().asset.count({ where: { uploadId: started.uploadId } })).toBe(0);
    expectOk(await completeUpload(theirs, started.uploadId));
  });
});

describe("storage keys never come from the file name", () => {
  it.skipIf(localStorageSkip())(
    "a path-traversal file name lands inside the brand's folder of the storage, under a random key",
    async () => {
      const marker = `escape-${tag()}`;
      for (const fileName of [
        `../../../../${marker}.txt`,
        `..\\..\\${marker}.txt`,
        `/tmp/${marker}.txt`,
        `brands/../../${marker}`,
      ]) {
        const assetId = await upload(admin, { fileName, mimeType: "text/plain", body: bytes.text("inside") });
        const asset = await db().asset.findUniqueOrThrow({ where: { id: assetId } });
        expect(asset.name).toBe(fileName); // shown to people as given
        expect(asset.storageKey).toMatch(new RegExp(`^brands/${world.brand.id}/[0-9a-f-]{36}$`));
        expect(readFileSync(path.join(storageDir(), asset.storageKey), "utf8")).toBe("inside");
      }
      // nothing named after the marker anywhere around or inside the storage
      const root = path.dirname(storageDir());
      const everything = readdirSync(root, { recursive: true }).map(String);
      expect(everything.filter((entry) => entry.includes(marker))).toEqual([]);
      expect(existsSync(`/tmp/${marker}.txt`)).toBe(false);
    },
  );

  it("a URL naming a key outside the storage is refused (403) and writes nothing", async () => {
    const started = expectOk(await startUpload(admin, { fileName: "x.txt", mimeType: "text/plain", sizeBytes: 5 }));
    const url = new URL(started.uploadUrl);
    const marker = `outside-${tag()}`;
    for (const pathname of [
      `/api/files/upload/%2e%2e/%2e%2e/${marker}`,
      `/api/files/upload/brands/%2e%2e%2f%2e%2e%2f${marker}`,
      `/api/files/upload/..%2f..%2f${marker}`,
    ]) {
      const response = await fetch(`${url.origin}${pathname}${url.search}`, {
        method: "PUT",
        body: "hello",
        headers: { "Content-Type": "text/plain" },
      });
      expect([403, 404]).toContain(response.status);
    }
    const root = path.dirname(storageDir());
    expect(
      readdirSync(root, { recursive: true })
        .map(String)
        .filter((entry) => entry.includes(marker)),
    ).toEqual([]);
  });
});

describe("the plan's storage quota (422 sizeBytes storage_quota_exceeded)", () => {
  it("is checked at start: a free brand holding 1 GiB minus 10 bytes can start 10 bytes, not 11", async () => {
    const quota = await makeWorld();
    const who: Uploader = { key: quota.admin.key, brand: quota.brand.shortId };
    await storedAlready(quota.brand.id, PLANS.free.storageBytes - 10);
    const refused = expectError(
      await startUpload(who, { fileName: "a.txt", mimeType: "text/plain", sizeBytes: 11 }),
      422,
      "invalid_input",
    );
    expect(refused).toMatchObject({ field: "sizeBytes", reason: "storage_quota_exceeded" });
    expect(await db().upload.count({ where: { brandId: quota.brand.id } })).toBe(0);
    expectOk(await startUpload(who, { fileName: "a.txt", mimeType: "text/plain", sizeBytes: 10 }));
  });

  it("follows the plan: 2 GiB does not fit on free, fits on pro", async () => {
    const free = await makeWorld();
    const refused = expectError(
      await startUpload(
        { key: free.admin.key, brand: free.brand.shortId },
        { fileName: "film.mp4", mimeType: "video/mp4", sizeBytes: 2 * GiB },
      ),
      422,
      "invalid_input",
    );
    expect(refused.reason).toBe("storage_quota_exceeded");
    const pro = await makeBrand({ plan: "pro" });
    const { addMember } = await import("../../lib/admin/commands");
    await addMember(db(), { brand: pro.shortId, email: free.admin.email, role: "admin" });
    const started = expectOk(
      await startUpload(
        { key: free.admin.key, brand: pro.shortId },
        { fileName: "film.mp4", mimeType: "video/mp4", sizeBytes: 2 * GiB },
      ),
    );
    expect((await db().upload.findUniqueOrThrow({ where: { id: started.uploadId } })).sizeBytes).toBe(BigInt(2 * GiB));
  });

  it("is checked again at complete with the stored size: nothing is registered when it no longer fits", async () => {
    const quota = await makeWorld();
    const who: Uploader = { key: quota.admin.key, brand: quota.brand.shortId };
    await storedAlready(quota.brand.id, PLANS.free.storageBytes - 10);
    const started = expectOk(await startUpload(who, { fileName: "late.txt", mimeType: "text/plain", sizeBytes: 10 }));
    expect((await put(started.uploadUrl, bytes.sized(10), "text/plain")).status).toBe(200);
    await storedAlready(quota.brand.id, 1); // another file registered meanwhile
    const refused = expectError(await completeUpload(who, started.uploadId), 422, "invalid_input");
    expect(refused).toMatchObject({ field: "sizeBytes", reason: "storage_quota_exceeded" });
    expect(await db().asset.count({ where: { uploadId: started.uploadId } })).toBe(0);
  });
});

function flip(signature: string): string {
  const last = signature.at(-2) === "A" ? "B" : "A";
  return signature.slice(0, -2) + last + signature.at(-1);
}
