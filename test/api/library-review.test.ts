// library.asset.review (spec "Library asset status"; docs/design.md, the library and uploads): proposed → approved or
// archived, by an admin, with a person's confirmation; a file that is not proposed, or not this
// brand's, fails before anybody is asked to confirm.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { setBrandStatus } from "../../lib/admin/commands";
import { call, confirmAndCall, expectError, expectOk, makeWorld } from "../support/world";
import { bytes, upload, type Uploader } from "../support/files";

type World = Awaited<ReturnType<typeof makeWorld>>;

let world: World;
let admin: Uploader;
beforeAll(async () => {
  world = await makeWorld();
  admin = { key: world.admin.key, brand: world.brand.shortId };
});

/** A proposed file with a name no other test uses, so its tokens can be counted by summary. */
async function proposed() {
  const name = `Poster ${randomBytes(5).toString("hex")}.png`;
  return { name, id: await upload(admin, { fileName: name, mimeType: "image/png", body: bytes.png() }) };
}
const tokensFor = (name: string) => db().confirmationToken.count({ where: { summary: { contains: name } } });
const review = (input: Record<string, unknown>, key = world.admin.key) =>
  call("library.asset.review", key, { brand: world.brand.shortId, ...input });

describe("library.asset.review", () => {
  it("asks for confirmation first, naming the file; nothing changes until the token comes back", async () => {
    const file = await proposed();
    const first = expectError(
      await review({ assetId: file.id, decision: "approve", note: "Good light" }),
      409,
      "confirmation_required",
    );
    expect(first.summary).toBe(`Approve the file "${file.name}" so agents may use and publish it.`);
    expect(first.confirmationToken).toMatch(/\S{20,}/);
    expect((await db().asset.findUniqueOrThrow({ where: { id: file.id } })).status).toBe("proposed");
    const done = expectOk(
      await review({
        assetId: file.id,
        decision: "approve",
        note: "Good light",
        confirmationToken: first.confirmationToken,
      }),
    );
    expect(done).toEqual({ ok: true, id: file.id });
    const row = await db().asset.findUniqueOrThrow({ where: { id: file.id } });
    expect(row).toMatchObject({ status: "approved", reviewedById: world.admin.id, reviewNote: "Good light" });
    expect(row.reviewedAt).toBeInstanceOf(Date);
  });

  it("an approved file filed under logo joins the kit's logos (the first as primary), once; an archived one does not", async () => {
    const brand = await makeWorld();
    const who = { key: brand.admin.key, brand: brand.brand.shortId };
    const logo = await upload(who, {
      fileName: "mark.png",
      mimeType: "image/png",
      body: bytes.png(),
      category: "Logo",
      name: "Round mark",
    });
    const asked = expectError(
      await call("library.asset.review", who.key, { brand: who.brand, assetId: logo, decision: "approve" }),
      409,
      "confirmation_required",
    );
    expect(asked.summary).toBe(
      `Approve the file "Round mark" so agents may use and publish it and add it to the logos of ${(await db().brand.findUniqueOrThrow({ where: { id: brand.brand.id } })).name}'s kit.`,
    );
    expectOk(
      await call("library.asset.review", who.key, {
        brand: who.brand,
        assetId: logo,
        decision: "approve",
        confirmationToken: asked.confirmationToken,
      }),
    );
    const second = await upload(who, {
      fileName: "night.png",
      mimeType: "image/png",
      body: bytes.png(),
      category: "logo",
      name: "Night mark",
    });
    expectOk(
      await confirmAndCall("library.asset.review", who.key, { brand: who.brand, assetId: second, decision: "approve" }),
    );
    const archived = await upload(who, {
      fileName: "old.png",
      mimeType: "image/png",
      body: bytes.png(),
      category: "logo",
      name: "Old mark",
    });
    expectOk(
      await confirmAndCall("library.asset.review", who.key, {
        brand: who.brand,
        assetId: archived,
        decision: "archive",
      }),
    );
    const photo = await upload(who, {
      fileName: "shop.png",
      mimeType: "image/png",
      body: bytes.png(),
      category: "photo",
    });
    expectOk(
      await confirmAndCall("library.asset.review", who.key, { brand: who.brand, assetId: photo, decision: "approve" }),
    );
    const kit = expectOk(await call("kit.read", who.key, { brand: who.brand, parts: ["logos"] })) as {
      logos: { assetId: string; name: string; primary: boolean }[];
    };
    expect(kit.logos.map(({ assetId, name, primary }) => ({ assetId, name, primary }))).toEqual([
      { assetId: logo, name: "Round mark", primary: true },
      { assetId: second, name: "Night mark", primary: false },
    ]);
  });

  it("archives with the archive decision", async () => {
    const file = await proposed();
    const first = expectError(await review({ assetId: file.id, decision: "archive" }), 409, "confirmation_required");
    expect(first.summary).toBe(`Archive the file "${file.name}".`);
    expectOk(await review({ assetId: file.id, decision: "archive", confirmationToken: first.confirmationToken }));
    expect((await db().asset.findUniqueOrThrow({ where: { id: file.id } })).status).toBe("archived");
  });

  it("a file that is not proposed is 422 assetId not_proposed, before any token, and stays as it is", async () => {
    const file = await proposed();
    expectOk(
      await confirmAndCall("library.asset.review", world.admin.key, {
        brand: world.brand.shortId,
        assetId: file.id,
        decision: "approve",
      }),
    );
    const tokens = await tokensFor(file.name);
    expect(tokens).toBe(1); // the count does see this file's tokens
    for (const decision of ["approve", "archive"]) {
      const error = expectError(await review({ assetId: file.id, decision }), 422, "invalid_input");
      expect(error).toMatchObject({ field: "assetId", reason: "not_proposed" });
      expect(error.confirmationToken).toBeUndefined();
    }
    expect(await tokensFor(file.name)).toBe(tokens);
    expect((await db().asset.findUniqueOrThrow({ where: { id: file.id } })).status).toBe("approved");
  });

  it("a token issued while the file was proposed fails with not_proposed once another review got there first", async () => {
    const file = await proposed();
    const slow = expectError(await review({ assetId: file.id, decision: "approve" }), 409, "confirmation_required");
    expectOk(
      await confirmAndCall("library.asset.review", world.admin.key, {
        brand: world.brand.shortId,
        assetId: file.id,
        decision: "archive",
      }),
    );
    const late = expectError(
      await review({ assetId: file.id, decision: "approve", confirmationToken: slow.confirmationToken }),
      422,
      "invalid_input",
    );
    expect(late.reason).toBe("not_proposed");
    expect((await db().asset.findUniqueOrThrow({ where: { id: file.id } })).status).toBe("archived");
  });

  it("an unknown file and another brand's proposed file are 404 not_found on assetId, with no token", async () => {
    const other = await makeWorld();
    const theirs = await upload(
      { key: other.admin.key, brand: other.brand.shortId },
      { fileName: "theirs.png", mimeType: "image/png", body: bytes.png() },
    );
    for (const assetId of [randomUUID(), theirs]) {
      const error = expectError(await review({ assetId, decision: "approve" }), 404, "not_found");
      expect(error.field).toBe("assetId");
      expect(error.confirmationToken).toBeUndefined();
    }
    expect((await db().asset.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("proposed");
  });

  it("is for admins with library.write; bad input is 422; a closed brand is read-only", async () => {
    const file = await proposed();
    expectError(await review({ assetId: file.id, decision: "approve" }, world.member.key), 403, "forbidden");
    expectError(await review({ assetId: file.id, decision: "approve" }, world.viewer.key), 403, "forbidden");
    expect(expectError(await review({ assetId: file.id, decision: "publish" }), 422, "invalid_input").field).toBe(
      "decision",
    );
    expect(
      expectError(await review({ assetId: file.id, decision: "approve", note: "n".repeat(501) }), 422, "invalid_input")
        .field,
    ).toBe("note");
    const closed = await makeWorld();
    const theirs = await upload(
      { key: closed.admin.key, brand: closed.brand.shortId },
      { fileName: "c.png", mimeType: "image/png", body: bytes.png() },
    );
    await setBrandStatus(db(), { brand: closed.brand.shortId, status: "closed" });
    expectError(
      await call("library.asset.review", closed.admin.key, {
        brand: closed.brand.shortId,
        assetId: theirs,
        decision: "approve",
      }),
      409,
      "brand_not_operational",
    );
    expect(await tokensFor(file.name)).toBe(0);
  });
});
