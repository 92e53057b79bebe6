// brand.contacts.list and brand.contacts.save (spec "Contact channel"; docs/design.md, contact channels and the kit).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, confirmAndCall, expectError, expectOk, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
let other: World;

beforeAll(async () => {
  [world, other] = await Promise.all([makeWorld(), makeWorld()]);
  // national phone numbers are read in the brand's country
  await db().genome.update({ where: { brandId: world.brand.id }, data: { countryCode: "FR" } });
});

const save = (input: Record<string, unknown>, target: World = world) =>
  confirmAndCall("brand.contacts.save", target.admin.key, { brand: target.brand.shortId, ...input });
const list = async (target: World = world) =>
  expectOk(await call("brand.contacts.list", target.admin.key, { brand: target.brand.shortId })).items as {
    id: string;
    type: string;
    value: string;
    label: string | null;
  }[];
const storedValueOf = async (id: string) => (await db().contact.findUniqueOrThrow({ where: { id } })).value;

describe("normalization per type", () => {
  it.each([
    ["website", "Example.COM/about", "https://example.com/about"],
    ["website", "http://Shop.Example.org", "http://shop.example.org/"],
    ["email", "  Hello@Example.COM ", "hello@example.com"],
    ["phone", "06 12 34 56 78", "+33612345678"],
    ["phone", "+1 (415) 555-2671", "+14155552671"],
    ["whatsapp", "07.12.34.56.78", "+33712345678"],
    ["instagram", "@Northwind.Coffee", "https://www.instagram.com/northwind.coffee"],
    ["instagram", "https://instagram.com/NorthwindCoffee/", "https://www.instagram.com/northwindcoffee"],
    ["facebook", "northwindcoffee", "https://www.facebook.com/northwindcoffee"],
    ["linkedin", "northwind", "https://www.linkedin.com/company/northwind"],
    ["linkedin", "https://www.linkedin.com/in/Ada-Lovelace/", "https://www.linkedin.com/in/ada-lovelace"],
    ["tiktok", "@northwind", "https://www.tiktok.com/@northwind"],
    ["x", "https://twitter.com/NorthwindCo", "https://x.com/northwindco"],
    ["youtube", "https://www.youtube.com/@NorthwindTV", "https://www.youtube.com/@northwindtv"],
    ["pinterest", "@northwind", "https://www.pinterest.com/northwind"],
    ["other", "  Market stall, Place Bellecour  ", "Market stall, Place Bellecour"],
  ])("%s %j is stored as %j", async (type, value, expected) => {
    const response = await save({ op: "upsert", type, value });
    const data = expectOk(response);
    expect(await storedValueOf(data.id)).toBe(expected);
  });

  it.each([
    ["website", "ftp://example.com"],
    ["website", "javascript:alert(1)"],
    ["website", "not a url"],
    ["email", "hello@"],
    ["phone", "12"],
    ["phone", "+999 1234"],
    ["instagram", "https://www.facebook.com/someone"],
    ["x", "two words"],
    ["tiktok", "https://www.tiktok.com/northwind"],
    ["linkedin", "https://www.linkedin.com/feed/"],
    ["other", "   "],
  ])("%s %j is refused as invalid_input on field value, before any token", async (type, value) => {
    const before = await db().confirmationToken.count();
    const error = expectError(
      await call("brand.contacts.save", world.admin.key, { brand: world.brand.shortId, op: "upsert", type, value }),
      422,
      "invalid_input",
    );
    expect(error.field).toBe("value");
    expect(await db().confirmationToken.count()).toBe(before);
  });
});

describe("brand.contacts.save", () => {
  it("asks for confirmation first, naming the normalized value, and writes nothing until confirmed", async () => {
    const first = await call("brand.contacts.save", world.admin.key, {
      brand: world.brand.shortId,
      op: "upsert",
      type: "email",
      value: "Press@Northwind.example",
      label: "Press",
    });
    const error = expectError(first, 409, "confirmation_required");
    expect(error.summary).toContain("press@northwind.example");
    expect(error.summary).toContain("Press");
    expect(await db().contact.count({ where: { brandId: world.brand.id, value: "press@northwind.example" } })).toBe(0);
    const confirmed = await call("brand.contacts.save", world.admin.key, {
      brand: world.brand.shortId,
      op: "upsert",
      type: "email",
      value: "Press@Northwind.example",
      label: "Press",
      confirmationToken: error.confirmationToken,
    });
    expect(expectOk(confirmed)).toEqual({ ok: true, id: expect.any(String) });
    expect(await list()).toContainEqual({
      id: confirmed.body.data.id,
      type: "email",
      value: "press@northwind.example",
      label: "Press",
    });
  });

  it("rejects a duplicate (same type, same normalized value) as invalid_input value/duplicate, before any token", async () => {
    expectOk(await save({ op: "upsert", type: "instagram", value: "@dup.test" }));
    const response = await call("brand.contacts.save", world.admin.key, {
      brand: world.brand.shortId,
      op: "upsert",
      type: "instagram",
      value: "https://www.instagram.com/DUP.TEST/",
    });
    const error = expectError(response, 422, "invalid_input");
    expect(error).toMatchObject({ field: "value", reason: "duplicate" });
    expect(error.confirmationToken).toBeUndefined();
  });

  it("allows the same value under another type, and in another brand", async () => {
    expectOk(await save({ op: "upsert", type: "phone", value: "+33 4 72 00 00 01" }));
    expectOk(await save({ op: "upsert", type: "whatsapp", value: "+33 4 72 00 00 01" }));
    expectOk(await save({ op: "upsert", type: "phone", value: "+33 4 72 00 00 01" }, other));
  });

  it("changes a channel in place (id kept), keeps its label when none is sent, clears it with an empty one", async () => {
    const id = expectOk(await save({ op: "upsert", type: "website", value: "old.example.com", label: "Shop" })).id;
    expect(expectOk(await save({ op: "upsert", id, type: "website", value: "new.example.com" }))).toEqual({
      ok: true,
      id,
    });
    expect((await list()).find((contact) => contact.id === id)).toEqual({
      id,
      type: "website",
      value: "https://new.example.com/",
      label: "Shop",
    });
    expectOk(await save({ op: "upsert", id, type: "website", value: "new.example.com", label: "" }));
    expect((await list()).find((contact) => contact.id === id)?.label).toBeNull();
  });

  it("refuses to change a channel into a duplicate of another one", async () => {
    expectOk(await save({ op: "upsert", type: "x", value: "@first_handle" }));
    const second = expectOk(await save({ op: "upsert", type: "x", value: "@second_handle" })).id;
    const error = expectError(
      await save({ op: "upsert", id: second, type: "x", value: "first_handle" }),
      422,
      "invalid_input",
    );
    expect(error).toMatchObject({ field: "value", reason: "duplicate" });
  });

  it("removes a channel with op delete", async () => {
    const id = expectOk(await save({ op: "upsert", type: "pinterest", value: "to.remove" })).id;
    const first = expectError(
      await call("brand.contacts.save", world.admin.key, { brand: world.brand.shortId, op: "delete", id }),
      409,
      "confirmation_required",
    );
    expect(first.summary).toContain("https://www.pinterest.com/to.remove");
    expect(expectOk(await save({ op: "delete", id }))).toEqual({ ok: true, id });
    expect((await list()).some((contact) => contact.id === id)).toBe(false);
  });

  it("answers not_found on field id, the same for an unknown id and another brand's channel", async () => {
    const foreign = expectOk(await save({ op: "upsert", type: "email", value: "x@other.example" }, other)).id;
    const unknown = "0b9a5a3e-5c1a-4f5e-9a43-1e2f3a4b5c6d";
    for (const input of [
      { op: "delete", id: foreign },
      { op: "delete", id: unknown },
      { op: "upsert", id: foreign, type: "email", value: "y@z.example" },
    ]) {
      const error = expectError(
        await call("brand.contacts.save", world.admin.key, { brand: world.brand.shortId, ...input }),
        404,
        "not_found",
      );
      expect(error.field).toBe("id");
      expect(error.message).toBe("id: no contact channel with this id in this brand");
    }
    expect(await db().contact.count({ where: { id: foreign } })).toBe(1);
  });

  it("reads a national number as invalid when the brand has no country, and accepts +international", async () => {
    const error = expectError(
      await call("brand.contacts.save", other.admin.key, {
        brand: other.brand.shortId,
        op: "upsert",
        type: "phone",
        value: "06 12 34 56 78",
      }),
      422,
      "invalid_input",
    );
    expect(error.field).toBe("value");
    expect(error.message).toContain("+country code");
    expectOk(await save({ op: "upsert", type: "phone", value: "+44 20 7946 0958" }, other));
  });
});

describe("bounds and shapes", () => {
  const attempt = (input: Record<string, unknown>) =>
    call("brand.contacts.save", world.admin.key, { brand: world.brand.shortId, ...input });

  it("value: 500 characters pass validation, 501 fail naming value", async () => {
    const long = (n: number) => "x".repeat(n);
    expectError(await attempt({ op: "upsert", type: "other", value: long(500) }), 409, "confirmation_required");
    expect(
      expectError(await attempt({ op: "upsert", type: "other", value: long(501) }), 422, "invalid_input").field,
    ).toBe("value");
  });

  it("label: 80 characters pass, 81 fail naming label", async () => {
    expectError(
      await attempt({ op: "upsert", type: "other", value: "bounded label", label: "l".repeat(80) }),
      409,
      "confirmation_required",
    );
    expect(
      expectError(
        await attempt({ op: "upsert", type: "other", value: "bounded label", label: "l".repeat(81) }),
        422,
        "invalid_input",
      ).field,
    ).toBe("label");
  });

  it.each([
    [{ type: "email", value: "a@b.example" }, "op"],
    [{ op: "replace", type: "email", value: "a@b.example" }, "op"],
    [{ op: "upsert", type: "fax", value: "123" }, "type"],
    [{ op: "upsert", type: "email" }, "value"],
    [{ op: "upsert", type: "email", value: "a@b.example", id: "not-a-uuid" }, "id"],
    [{ op: "delete" }, "id"],
    [{ op: "delete", id: "0b9a5a3e-5c1a-4f5e-9a43-1e2f3a4b5c6d", type: "email" }, "type"],
  ])("%j is invalid_input on field %s", async (input, field) => {
    expect(expectError(await attempt(input), 422, "invalid_input").field).toBe(field);
  });
});

describe("brand.contacts.list", () => {
  it("lists the channels in the order they were added, and only this brand's", async () => {
    const fresh = await makeWorld();
    const ids = [];
    for (const value of ["a@one.example", "b@two.example"])
      ids.push(expectOk(await save({ op: "upsert", type: "email", value }, fresh)).id);
    expect((await list(fresh)).map((contact) => contact.id)).toEqual(ids);
  });

  it("is for admins: a member is forbidden", async () => {
    expectError(await call("brand.contacts.list", world.member.key, { brand: world.brand.shortId }), 403, "forbidden");
  });
});
