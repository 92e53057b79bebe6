// The storage contract, run against both implementations: local disk (its URLs served by the
// suite's running server) and S3 (a real s3rver on loopback). What a client does with the URLs is
// done here with fetch; what the service does (size, first bytes, remove) through the interface.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LocalStorage } from "../../lib/storage/local";
import { S3Storage } from "../../lib/storage/s3";
import { newStorageKey } from "../../lib/storage/keys";
import type { Storage, UrlValidity } from "../../lib/storage/types";
import { baseUrl, localStorageSkip } from "../support/world";
import { startS3, type LocalS3 } from "../support/s3";

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

const implementations: Record<string, () => { storage: Storage; urlBase: string }> = {
  local: () => {
    const env = inject("testEnv");
    return {
      storage: new LocalStorage({ dir: env.STORAGE_DIR!, secret: env.APP_SECRET!, baseUrl: baseUrl() }),
      urlBase: `${baseUrl()}/api/files/`,
    };
  },
  s3: () => ({
    storage: new S3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    }),
    urlBase: `${s3.endpoint}/${s3.bucket}/brands/`,
  }),
};

const now = (): UrlValidity => ({ issuedAt: new Date(), expiresInSeconds: 3600 });
const twoHoursAgo = (): UrlValidity => ({ issuedAt: new Date(Date.now() - 7200_000), expiresInSeconds: 3600 });
const text = (value: string) => new TextEncoder().encode(value);

// the local storage's URLs are served by the suite's server, which uses S3 in the distributed profile
describe.each(Object.keys(implementations).filter((name) => name !== "local" || !localStorageSkip()))(
  "%s storage",
  (name) => {
    let storage: Storage;
    let urlBase: string;
    beforeAll(() => {
      ({ storage, urlBase } = implementations[name]!());
    });

    async function stored(body: Uint8Array, mimeType = "text/plain") {
      const key = newStorageKey(randomUUID());
      const url = await storage.uploadUrl({ key, sizeBytes: body.length, mimeType }, now());
      const response = await fetch(url, {
        method: "PUT",
        body: Buffer.from(body),
        headers: { "Content-Type": mimeType },
      });
      expect(response.status, await response.text()).toBe(200);
      return key;
    }

    it("an upload URL takes a PUT of the declared bytes; size and readStart then see them", async () => {
      const key = newStorageKey(randomUUID());
      const url = await storage.uploadUrl({ key, sizeBytes: 11, mimeType: "text/plain" }, now());
      expect(url.startsWith(urlBase)).toBe(true);
      expect(await storage.size(key)).toBeNull();
      const response = await fetch(url, {
        method: "PUT",
        body: "hello world",
        headers: { "Content-Type": "text/plain" },
      });
      expect(response.status).toBe(200);
      expect(await storage.size(key)).toBe(11);
      expect(Buffer.from((await storage.readStart(key, 5))!).toString()).toBe("hello");
      expect(Buffer.from((await storage.readStart(key, 64 * 1024))!).toString()).toBe("hello world");
    });

    it("put stores the service's own bytes whole (replacing what was there); size, readStart and a download URL see them", async () => {
      const key = newStorageKey(randomUUID());
      await storage.put(key, text("first bytes, longer"), "image/png");
      await storage.put(key, text("\x89PNG logo"), "image/png");
      expect(await storage.size(key)).toBe(text("\x89PNG logo").length);
      expect(Buffer.from((await storage.readStart(key, 64))!)).toEqual(Buffer.from(text("\x89PNG logo")));
      const response = await fetch(
        await storage.downloadUrl({ key, fileName: "logo.png", mimeType: "image/png" }, now()),
      );
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(text("\x89PNG logo")));
      await expect(storage.put("../escape", text("x"), "text/plain")).rejects.toThrow(/storage key/);
    });

    it("size and readStart of nothing are null", async () => {
      const key = newStorageKey(randomUUID());
      expect(await storage.size(key)).toBeNull();
      expect(await storage.readStart(key, 10)).toBeNull();
    });

    it("a download URL serves the bytes as an attachment of the stored type, under a name in any script", async () => {
      const key = await stored(text("%PDF-1.4 menu"), "application/pdf");
      const url = await storage.downloadUrl({ key, fileName: "Menü été.pdf", mimeType: "application/pdf" }, now());
      expect(url.startsWith(urlBase)).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent("Menü été.pdf")}`,
      );
      expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(await response.text()).toBe("%PDF-1.4 menu");
    });

    it("an expired download URL gets 403 and none of the bytes", async () => {
      const key = await stored(text("secret bytes"));
      const response = await fetch(
        await storage.downloadUrl({ key, fileName: "s.txt", mimeType: "text/plain" }, twoHoursAgo()),
      );
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain("secret bytes");
    });

    it("an expired upload URL gets 403 and stores nothing", async () => {
      const key = newStorageKey(randomUUID());
      const url = await storage.uploadUrl({ key, sizeBytes: 5, mimeType: "text/plain" }, twoHoursAgo());
      const response = await fetch(url, { method: "PUT", body: "hello", headers: { "Content-Type": "text/plain" } });
      expect(response.status).toBe(403);
      expect(await storage.size(key)).toBeNull();
    });

    it("remove deletes the object (its download URL then finds nothing); removing nothing is fine", async () => {
      const key = await stored(text("bye"));
      const url = await storage.downloadUrl({ key, fileName: "b.txt", mimeType: "text/plain" }, now());
      await storage.remove(key);
      expect(await storage.size(key)).toBeNull();
      expect((await fetch(url)).status).toBe(404);
      await storage.remove(key);
    });

    it("refuses every key that could leave its place, in every method", async () => {
      for (const key of [
        "../escape",
        "brands/../../escape",
        "/etc/passwd",
        "brands/a/.hidden",
        "a//b",
        "",
        "brands/a/b.txt",
        "brands\\..\\x",
      ]) {
        await expect(storage.uploadUrl({ key, sizeBytes: 1, mimeType: "text/plain" }, now()), key).rejects.toThrow(
          /storage key/,
        );
        await expect(storage.downloadUrl({ key, fileName: "x", mimeType: "text/plain" }, now()), key).rejects.toThrow(
          /storage key/,
        );
        await expect(storage.size(key), key).rejects.toThrow(/storage key/);
        await expect(storage.readStart(key, 1), key).rejects.toThrow(/storage key/);
        await expect(storage.remove(key), key).rejects.toThrow(/storage key/);
      }
    });

    it("an upload URL is bound to the declared size and type", async () => {
      const key = newStorageKey(randomUUID());
      const url = new URL(await storage.uploadUrl({ key, sizeBytes: 5, mimeType: "text/plain" }, now()));
      if (name === "s3") {
        // S3 itself refuses a PUT whose Content-Length or Content-Type differ from the signed ones.
        // s3rver does not verify V4 signatures, so this is checked on the URL, not by a refused PUT.
        expect(url.searchParams.get("X-Amz-SignedHeaders")!.split(";")).toEqual(
          expect.arrayContaining(["content-length", "content-type", "host"]),
        );
        expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
        return;
      }
      const bigger = new URL(url);
      bigger.searchParams.set("size", "500");
      expect(
        (await fetch(bigger, { method: "PUT", body: "hello", headers: { "Content-Type": "text/plain" } })).status,
      ).toBe(403);
      const html = new URL(url);
      html.searchParams.set("type", "text/html");
      expect(
        (await fetch(html, { method: "PUT", body: "hello", headers: { "Content-Type": "text/html" } })).status,
      ).toBe(403);
      expect(await storage.size(key)).toBeNull();
      expect(
        (await fetch(url, { method: "PUT", body: "hello", headers: { "Content-Type": "text/plain" } })).status,
      ).toBe(200);
    });
  },
);
