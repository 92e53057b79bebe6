// library.search and library.asset.get through the API door (docs/design.md, the library and uploads): only approved
// files, filters, keyset pages with signed cursors, and download URLs signed from the record.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { encodeCursor } from "../../lib/contract/cursor";
import { LocalStorage } from "../../lib/storage/local";
import { FULL_TEXT_LIMIT } from "../../lib/capabilities/library/shared/search-sql";
import { baseUrl, call, confirmAndCall, expectError, expectOk, localStorageSkip, makeWorld } from "../support/world";
import { bytes, upload, uploadApproved, type Uploader } from "../support/files";

type World = Awaited<ReturnType<typeof makeWorld>>;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Row = {
  name: string;
  category?: string | null;
  mimeType?: string;
  type?: string;
  status?: string;
  createdAt: Date;
  id?: string;
};

/** Files registered at known times, straight into the database, to control order and ties. */
async function insert(brandId: string, rows: Row[]) {
  const ids: string[] = [];
  for (const row of rows) {
    const id = row.id ?? randomUUID();
    ids.push(id);
    await db().asset.create({
      data: {
        id,
        brandId,
        name: row.name,
        nameKey: row.name.toLowerCase(),
        category: row.category ?? null,
        categoryKey: row.category?.toLowerCase() ?? null,
        mimeType: row.mimeType ?? "image/png",
        type: row.type ?? "image",
        status: row.status ?? "approved",
        sizeBytes: 100n,
        storageKey: `test/${id}`,
        createdAt: row.createdAt,
      },
    });
  }
  return ids;
}

const search = (world: World, input: Record<string, unknown> = {}, key = world.viewer.key) =>
  call("library.search", key, { brand: world.brand.shortId, ...input });
const names = (data: { items: { name: string }[] }) => data.items.map((item) => item.name);
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe("library.search", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
    await insert(world.brand.id, [
      { name: "Coffee beans.jpg", mimeType: "image/jpeg", type: "image", category: "Photos", createdAt: at(1) },
      { name: "Logo dark.png", category: "Logos", type: "logo", createdAt: at(2) },
      { name: "Latte art.mp4", mimeType: "video/mp4", type: "video", category: "photos", createdAt: at(3) },
      { name: "Jingle.mp3", mimeType: "audio/mpeg", type: "audio", createdAt: at(4) },
      { name: "Menu 100%_final.pdf", mimeType: "application/pdf", type: "document", createdAt: at(5) },
      { name: "Fraunces.woff2", mimeType: "font/woff2", type: "font", createdAt: at(6) },
      { name: "COFFEE cup.png", category: "PHOTOS", createdAt: at(7) },
      { name: "Coffee proposed.png", status: "proposed", createdAt: at(8) },
      { name: "Coffee archived.png", status: "archived", createdAt: at(9) },
    ]);
  });

  it("lists approved files only, newest first, with exactly the summary fields", async () => {
    const data = expectOk(await search(world));
    expect(names(data)).toEqual([
      "COFFEE cup.png",
      "Fraunces.woff2",
      "Menu 100%_final.pdf",
      "Jingle.mp3",
      "Latte art.mp4",
      "Logo dark.png",
      "Coffee beans.jpg",
    ]);
    expect(data.nextCursor).toBeNull();
    const first = data.items[0];
    expect(Object.keys(first).sort()).toEqual(["category", "createdAt", "id", "mimeType", "name", "status"]);
    expect(first).toMatchObject({
      category: "PHOTOS",
      mimeType: "image/png",
      status: "approved",
      createdAt: at(7).toISOString(),
    });
    expect(first.createdAt).toMatch(ISO_MS);
    // the same for an admin: the API door shows approved files whatever the role
    expect(names(expectOk(await search(world, {}, world.admin.key)))).toEqual(names(data));
  });

  it("query matches anywhere in the name, in any case; % and _ are plain characters", async () => {
    expect(names(expectOk(await search(world, { query: "coffee" })))).toEqual(["COFFEE cup.png", "Coffee beans.jpg"]);
    expect(names(expectOk(await search(world, { query: "  CuP " })))).toEqual(["COFFEE cup.png"]);
    expect(names(expectOk(await search(world, { query: "100%_f" })))).toEqual(["Menu 100%_final.pdf"]);
    expect(names(expectOk(await search(world, { query: "0%" })))).toEqual(["Menu 100%_final.pdf"]);
    expect(names(expectOk(await search(world, { query: "e_c" })))).toEqual([]); // _ is not a wildcard
    expect(names(expectOk(await search(world, { query: "nothing like it" })))).toEqual([]);
  });

  it("category matches in any case; type is the file's one type", async () => {
    expect(names(expectOk(await search(world, { category: "photos" })))).toEqual([
      "COFFEE cup.png",
      "Latte art.mp4",
      "Coffee beans.jpg",
    ]);
    expect(names(expectOk(await search(world, { category: "LOGOS" })))).toEqual(["Logo dark.png"]);
    const byType = async (type: string) => names(expectOk(await search(world, { type })));
    expect(await byType("image")).toEqual(["COFFEE cup.png", "Coffee beans.jpg"]);
    expect(await byType("logo")).toEqual(["Logo dark.png"]);
    expect(await byType("video")).toEqual(["Latte art.mp4"]);
    expect(await byType("audio")).toEqual(["Jingle.mp3"]);
    expect(await byType("document")).toEqual(["Menu 100%_final.pdf"]);
    expect(await byType("font")).toEqual(["Fraunces.woff2"]);
    expect(names(expectOk(await search(world, { query: "coffee", category: "Photos", type: "image" })))).toEqual([
      "COFFEE cup.png",
      "Coffee beans.jpg",
    ]);
    expect(names(expectOk(await search(world, { query: "latte", type: "image" })))).toEqual([]);
  });

  it("refuses an unknown type, a query over 200 characters, a category over 60, and limits outside 1 to 50", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "picture" }, "type"],
      [{ query: "q".repeat(201) }, "query"],
      [{ category: "c".repeat(61) }, "category"],
      [{ limit: 0 }, "limit"],
      [{ limit: 51 }, "limit"],
      [{ cursor: "c".repeat(513) }, "cursor"],
    ];
    for (const [input, field] of cases)
      expect(expectError(await search(world, input), 422, "invalid_input").field).toBe(field);
    expect(expectOk(await search(world, { limit: 50 })).items).toHaveLength(7);
  });
});

describe("library.search pages", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
    // 25 approved files; three share one instant (the id breaks the tie); proposed ones in between
    const rows: Row[] = Array.from({ length: 22 }, (_, i) => ({
      name: `file-${String(i).padStart(2, "0")}`,
      createdAt: at(i),
    }));
    const tie = at(30);
    rows.push(...["tie-a", "tie-b", "tie-c"].map((name) => ({ name, createdAt: tie })));
    rows.push(
      ...Array.from({ length: 5 }, (_, i) => ({ name: `hidden-${i}`, status: "proposed", createdAt: at(i * 4 + 1) })),
    );
    await insert(world.brand.id, rows);
  });

  it("default limit is 20; pages follow each other without gap or repeat until nextCursor is null", async () => {
    const first = expectOk(await search(world));
    expect(first.items).toHaveLength(20);
    expect(typeof first.nextCursor).toBe("string");
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const data: { items: { name: string; id: string }[]; nextCursor: string | null } = expectOk(
        await search(world, { limit: 7, ...(cursor ? { cursor } : {}) }),
      );
      all.push(...names(data));
      cursor = data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    expect(all.filter((name) => name.startsWith("hidden"))).toEqual([]);
    const ties = all.slice(0, 3);
    expect(ties.sort()).toEqual(["tie-a", "tie-b", "tie-c"]);
    expect(all.slice(3)).toEqual(Array.from({ length: 22 }, (_, i) => `file-${String(21 - i).padStart(2, "0")}`));
  });

  it("a page of exactly the remaining files ends with nextCursor null", async () => {
    const data = expectOk(await search(world, { limit: 25 }));
    expect(data.items).toHaveLength(25);
    expect(data.nextCursor).toBeNull();
    expect(typeof expectOk(await search(world, { limit: 24 })).nextCursor).toBe("string");
  });

  it("a tampered, made-up, foreign or other-filter cursor is 422 invalid_input on cursor", async () => {
    const { nextCursor } = expectOk(await search(world, { limit: 2 }));
    const [payload, signature] = nextCursor.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, id: "zzzz" })).toString("base64url");
    const bad = [
      `${forged}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      "not-a-cursor",
      encodeCursor("questions.list", decoded), // signed by this server, for another list... with the test's secret
    ];
    for (const cursor of bad)
      expect(expectError(await search(world, { cursor, limit: 2 }), 422, "invalid_input").field).toBe("cursor");
    // the same cursor with other filters than the page it came from
    expect(expectError(await search(world, { cursor: nextCursor, query: "file" }), 422, "invalid_input").field).toBe(
      "cursor",
    );
    // control: the untouched cursor works
    expect(expectOk(await search(world, { cursor: nextCursor, limit: 2 })).items).toHaveLength(2);
  });
});

describe("library.asset.get", () => {
  let world: World;
  let admin: Uploader;
  let assetId: string;
  const body = bytes.pdf();
  beforeAll(async () => {
    world = await makeWorld();
    admin = { key: world.admin.key, brand: world.brand.shortId };
    assetId = await uploadApproved(admin, {
      fileName: "Menü d'été.pdf",
      mimeType: "application/pdf",
      body,
      category: "Menus",
    });
  });
  const get = (id: string, key = world.viewer.key) =>
    call("library.asset.get", key, { brand: world.brand.shortId, assetId: id });

  it.skipIf(localStorageSkip())(
    "returns the details and a download URL of this service, valid one hour, that serves the bytes",
    async () => {
      const before = Date.now();
      const data = expectOk(await get(assetId));
      expect(Object.keys(data).sort()).toEqual([
        "category",
        "createdAt",
        "description",
        "id",
        "mimeType",
        "name",
        "sizeBytes",
        "status",
        "url",
        "urlExpiresAt",
      ]);
      expect(data).toMatchObject({
        id: assetId,
        name: "Menü d'été.pdf",
        category: "Menus",
        mimeType: "application/pdf",
        status: "approved",
        description: null,
        sizeBytes: body.length,
      });
      expect(data.urlExpiresAt).toMatch(ISO_MS);
      const expiresAt = Date.parse(data.urlExpiresAt);
      expect(expiresAt).toBeGreaterThan(before + 3600_000 - 2000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
      const url = new URL(data.url);
      expect(`${url.protocol}//${url.host}`).toBe(baseUrl());
      expect(Number(url.searchParams.get("expires")) * 1000).toBe(expiresAt);
      const response = await fetch(data.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Men_ d'_t_.pdf"; filename*=UTF-8''${encodeURIComponent("Menü d'été.pdf")}`,
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(body));
    },
  );

  it.skipIf(localStorageSkip())(
    "a download whose signature is missing, altered or expired gets 403 and no bytes",
    async () => {
      const { url } = expectOk(await get(assetId));
      const original = new URL(url);
      const variants: Record<string, string> = {};
      const edit = (name: string, change: (u: URL) => void) => {
        const copy = new URL(original);
        change(copy);
        variants[name] = copy.href;
      };
      edit("no signature", (u) => u.searchParams.delete("signature"));
      edit("empty signature", (u) => u.searchParams.set("signature", ""));
      edit("altered signature", (u) =>
        u.searchParams.set(
          "signature",
          `${u.searchParams.get("signature")!.slice(0, -2)}${u.searchParams.get("signature")!.endsWith("AA") ? "BB" : "AA"}`,
        ),
      );
      edit("later expiry", (u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600)));
      edit("other type", (u) => u.searchParams.set("type", "text/html"));
      edit("other name", (u) => u.searchParams.set("name", "evil.html"));
      edit("other key", (u) => (u.pathname = u.pathname.replace(/[0-9a-f-]{36}$/, randomUUID())));
      edit("no expiry", (u) => u.searchParams.delete("expires"));
      // an honest signature whose hour has passed (signed with the server's secret, issued two hours ago)
      const env = inject("testEnv");
      const storage = new LocalStorage({ dir: env.STORAGE_DIR!, secret: env.APP_SECRET!, baseUrl: baseUrl() });
      const key = original.pathname.replace("/api/files/download/", "");
      variants.expired = await storage.downloadUrl(
        { key, fileName: "x.pdf", mimeType: "application/pdf" },
        { issuedAt: new Date(Date.now() - 7200_000), expiresInSeconds: 3600 },
      );
      // control: the same signing, still valid, is served
      const fresh = await storage.downloadUrl(
        { key, fileName: "x.pdf", mimeType: "application/pdf" },
        { issuedAt: new Date(), expiresInSeconds: 3600 },
      );
      expect((await fetch(fresh)).status).toBe(200);
      for (const [name, variant] of Object.entries(variants)) {
        const response = await fetch(variant);
        const text = Buffer.from(await response.arrayBuffer());
        expect({ name, status: response.status }).toEqual({ name, status: 403 });
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        expect(text.includes(Buffer.from("%PDF"))).toBe(false);
        expect(JSON.parse(text.toString()).error.code).toBe("forbidden");
      }
    },
  );

  it("a proposed file is invisible to the API door until approved; an archived one again", async () => {
    const proposed = await upload(admin, { fileName: "Proposed poster.png", mimeType: "image/png", body: bytes.png() });
    const seen = async () => names(expectOk(await search(world, { query: "proposed poster" }))).length;
    expect(expectError(await get(proposed), 404, "not_found").field).toBe("assetId");
    expect(expectError(await get(proposed, world.admin.key), 404, "not_found").field).toBe("assetId");
    expect(await seen()).toBe(0);
    expectOk(
      await confirmAndCall("library.asset.review", world.admin.key, {
        brand: world.brand.shortId,
        assetId: proposed,
        decision: "approve",
      }),
    );
    expect(expectOk(await get(proposed)).status).toBe("approved");
    expect(await seen()).toBe(1);
    const archived = await upload(admin, { fileName: "Archived poster.png", mimeType: "image/png", body: bytes.png() });
    expectOk(
      await confirmAndCall("library.asset.review", world.admin.key, {
        brand: world.brand.shortId,
        assetId: archived,
        decision: "archive",
      }),
    );
    expect(expectError(await get(archived), 404, "not_found").field).toBe("assetId");
    expect(names(expectOk(await search(world, { query: "archived poster" })))).toEqual([]);
  });

  it("an unknown id and another brand's file are the same 404 on assetId; a malformed id is 422", async () => {
    const other = await makeWorld();
    const theirs = await uploadApproved(
      { key: other.admin.key, brand: other.brand.shortId },
      { fileName: "theirs.png", mimeType: "image/png", body: bytes.png() },
    );
    expect(
      expectOk(await call("library.asset.get", other.viewer.key, { brand: other.brand.shortId, assetId: theirs })).id,
    ).toBe(theirs);
    const foreign = expectError(await get(theirs, world.admin.key), 404, "not_found");
    const unknown = expectError(await get(randomUUID(), world.admin.key), 404, "not_found");
    expect(foreign.field).toBe("assetId");
    expect({ ...foreign, requestId: undefined, message: undefined }).toEqual({
      ...unknown,
      requestId: undefined,
      message: undefined,
    });
    expect(foreign.message).toBe(unknown.message);
    expect(expectError(await get("not-a-uuid"), 422, "invalid_input").field).toBe("assetId");
  });

  it("never shows where the file is stored beyond the signed URL", async () => {
    const row = await db().asset.findUniqueOrThrow({ where: { id: assetId } });
    const response = await get(assetId);
    const { url, ...rest } = response.body.data;
    expect(JSON.stringify(rest)).not.toContain(row.storageKey);
    expect(JSON.stringify(rest)).not.toContain(path.basename(row.storageKey));
    expect(JSON.stringify(expectOk(await search(world)))).not.toContain(row.storageKey);
    expect(url).not.toContain(inject("testEnv").STORAGE_DIR!);
  });
});

describe("library.search by name in a large library (full-text postings, or the newest names in order)", () => {
  const BULK = FULL_TEXT_LIMIT + 1700; // "coffee" is in every bulk name: common enough to be read in order
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
    const other = await makeWorld();
    // the rare names are the oldest, behind thousands of newer ones
    await insert(world.brand.id, [
      { name: "Invoice Zebra 2023.pdf", mimeType: "application/pdf", type: "document", createdAt: at(0) },
      { name: "zebra 2024.pdf", mimeType: "application/pdf", type: "document", createdAt: at(1) },
      { name: "Zebra crossing.png", createdAt: at(2) },
      { name: "zebra proposed.png", status: "proposed", createdAt: at(3) },
      { name: 'Say "cheese" 100%.png', createdAt: at(4) },
      { name: "Map QX.png", createdAt: at(5) },
      { name: "Giraffe.png", createdAt: at(6) },
    ]);
    await insert(other.brand.id, [{ name: "zebra of another brand.png", createdAt: at(7) }]);
    // a word common elsewhere in the service (another brand's files) but rare here
    await db().asset.createMany({
      data: Array.from({ length: FULL_TEXT_LIMIT }, (_, i) => ({
        id: randomUUID(),
        brandId: other.brand.id,
        name: `giraffe ${i}.png`,
        nameKey: `giraffe ${i}.png`,
        mimeType: "image/png",
        type: "image",
        status: "approved",
        sizeBytes: 10n,
        storageKey: `test/${randomUUID()}`,
        createdAt: at(8),
      })),
    });
    const base = Date.UTC(2026, 1, 1);
    await db().asset.createMany({
      data: Array.from({ length: BULK }, (_, i) => {
        const name = `bulk-${i} coffee.png`;
        return {
          id: randomUUID(),
          brandId: world.brand.id,
          name,
          nameKey: name,
          mimeType: "image/png",
          type: "image",
          status: "approved",
          sizeBytes: 10n,
          storageKey: `test/${randomUUID()}`,
          createdAt: new Date(base + i * 1000),
        };
      }),
    });
  }, 60_000);

  it("finds rare words behind thousands of newer names, newest first, approved and this brand's only", async () => {
    expect(names(expectOk(await search(world, { query: "zebra" })))).toEqual([
      "Zebra crossing.png",
      "zebra 2024.pdf",
      "Invoice Zebra 2023.pdf",
    ]);
    expect(names(expectOk(await search(world, { query: "ZEBRA 202" })))).toEqual([
      "zebra 2024.pdf",
      "Invoice Zebra 2023.pdf",
    ]);
    expect(names(expectOk(await search(world, { query: "zebra", type: "document" })))).toEqual([
      "zebra 2024.pdf",
      "Invoice Zebra 2023.pdf",
    ]);
    expect(names(expectOk(await search(world, { query: '"cheese" 100%' })))).toEqual(['Say "cheese" 100%.png']);
    expect(names(expectOk(await search(world, { query: "zebra crossing 2023" })))).toEqual([]);
  });

  it("pages through rare matches with the cursor", async () => {
    const first = expectOk(await search(world, { query: "zebra", limit: 2 }));
    expect(names(first)).toEqual(["Zebra crossing.png", "zebra 2024.pdf"]);
    const second = expectOk(await search(world, { query: "zebra", limit: 2, cursor: first.nextCursor }));
    expect(names(second)).toEqual(["Invoice Zebra 2023.pdf"]);
    expect(second.nextCursor).toBeNull();
  });

  it("finds a rare two-character text, and a word common elsewhere but rare here, by reading names", async () => {
    expect(names(expectOk(await search(world, { query: "qx" })))).toEqual(["Map QX.png"]);
    expect(names(expectOk(await search(world, { query: "giraffe" })))).toEqual(["Giraffe.png"]);
  });

  it("finds common words among the newest names, whatever their frequency", async () => {
    const bulk = Array.from({ length: BULK }, (_, i) => `bulk-${i} coffee.png`).reverse();
    // in every name, in 1 in 10, in 1 in 100; pages of 3, 21 and 50
    for (const [query, limit] of [
      ["coffee", 3],
      ["7 coffee", 50],
      ["99 coffee", 21],
      ["99 coffee", 3],
    ] as const) {
      const data = expectOk(await search(world, { query, limit }));
      expect(names(data)).toEqual(bulk.filter((name) => name.includes(query)).slice(0, limit));
      const next = expectOk(await search(world, { query, limit, cursor: data.nextCursor }));
      expect(names(next)).toEqual(bulk.filter((name) => name.includes(query)).slice(limit, 2 * limit));
    }
  });
});
