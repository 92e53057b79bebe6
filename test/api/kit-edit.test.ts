// Editing the brand kit over HTTP: kit.colors.update/remove, kit.typography.save/remove,
// kit.logos.save/remove, and the ids kit.read gives them. Each: asks for confirmation before writing anything, refuses each bound and
// duplicate naming the field, another brand's id as an unknown one (404), viewers and members (403),
// a key without kit.write; retries with an Idempotency-Key write once; the event is in events.list.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, expectOk, makeKey, makeWorld, type ApiResponse } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const kitColors = async (world: World) =>
  expectOk(await call("kit.read", world.viewer.key, { brand: world.brand.shortId, parts: ["colors"] })).colors as {
    id: string;
    name: string;
    hex: string;
    role: string;
    contrast: { onWhite: number; onBlack: number };
  }[];

async function addColor(world: World, name: string, hex: string, role = "accent") {
  const id = randomUUID();
  await db().kitColor.create({ data: { id, brandId: world.brand.id, name, hex, role } });
  return id;
}

const send = (world: World, capability: string, input: Record<string, unknown>, key = world.admin.key) =>
  call(capability, key, { brand: world.brand.shortId, ...input });

/** The first call: 409 confirmation_required with the summary in words; returns the token and summary. */
function confirmationOf(response: ApiResponse) {
  const error = expectError(response, 409, "confirmation_required");
  expect(typeof error.confirmationToken).toBe("string");
  return { token: error.confirmationToken as string, summary: error.summary as string };
}

async function confirmed(world: World, capability: string, input: Record<string, unknown>) {
  const { token, summary } = confirmationOf(await send(world, capability, input));
  return { summary, answer: await send(world, capability, { ...input, confirmationToken: token }) };
}

/** A refusal before any token: the code, and the field it names. */
async function refused(world: World, capability: string, input: Record<string, unknown>, status: number, code: string) {
  const error = expectError(await send(world, capability, input), status, code);
  expect(error.confirmationToken).toBeUndefined();
  return error;
}

async function eventsOf(world: World, type: string) {
  const page = expectOk(await send(world, "events.list", { types: [type], limit: 50 }));
  return page.items as { type: string; data: Record<string, unknown> }[];
}

describe("kit.read gives each colour and each typography family its id", () => {
  it("the ids are the stored ones", async () => {
    const world = await makeWorld();
    const colour = await addColor(world, "Sky", "#8ECAE6");
    const font = randomUUID();
    await db().kitTypography.create({
      data: { id: font, brandId: world.brand.id, family: "Inter", role: "body", weights: ["400"] },
    });
    const kit = expectOk(await send(world, "kit.read", { parts: ["colors", "typography"] }, world.viewer.key));
    expect(kit.colors).toEqual([
      { id: colour, name: "Sky", hex: "#8ECAE6", role: "accent", contrast: expect.any(Object) },
    ]);
    expect(kit.typography).toEqual([{ id: font, family: "Inter", role: "body", weights: ["400"] }]);
  });
});

describe("kit.colors.update", () => {
  it("renames, re-codes and re-roles a colour after confirmation, says so in words, and records kit.color.updated", async () => {
    const world = await makeWorld();
    const id = await addColor(world, "Skye", "#8ECAE6", "accent");
    const { token, summary } = confirmationOf(await send(world, "kit.colors.update", { id, name: "Sky" }));
    expect(summary).toBe(`In the kit of Test Brand, take the colour "Skye" (#8ECAE6, accent) and rename it "Sky".`);
    // nothing is written before the token comes back
    expect((await kitColors(world))[0]!.name).toBe("Skye");
    expect(expectOk(await send(world, "kit.colors.update", { id, name: "Sky", confirmationToken: token }))).toEqual({
      ok: true,
      id,
    });
    expect(await kitColors(world)).toMatchObject([{ id, name: "Sky", hex: "#8ECAE6", role: "accent" }]);

    const both = await confirmed(world, "kit.colors.update", { id, hex: "abc", role: "secondary" });
    expect(both.summary).toContain(
      'take the colour "Sky" (#8ECAE6, accent) and change its HEX to #AABBCC, make it secondary',
    );
    expectOk(both.answer);
    const after = (await kitColors(world))[0]!;
    expect(after).toMatchObject({ id, name: "Sky", hex: "#AABBCC", role: "secondary" });

    const events = await eventsOf(world, "kit.color.updated");
    expect(events.map((event) => event.data)).toEqual([
      { id, name: "Sky", hex: "#8ECAE6", role: "accent", contrast: expect.any(Object) },
      { id, name: "Sky", hex: "#AABBCC", role: "secondary", contrast: after.contrast },
    ]);
  });

  it("the same HEX with the same role as another colour is a duplicate, naming hex or role, before any token", async () => {
    const world = await makeWorld();
    await addColor(world, "Taken", "#AABBCC", "primary");
    const id = await addColor(world, "Mine", "#112233", "accent");
    for (const hex of ["abc", "#AbC", "AABBCC"]) {
      const error = await refused(world, "kit.colors.update", { id, hex, role: "primary" }, 422, "invalid_input");
      expect(error).toMatchObject({ field: "hex", reason: "duplicate" });
    }
    const other = await addColor(world, "Also", "#AABBCC", "accent");
    const byRole = await refused(world, "kit.colors.update", { id: other, role: "primary" }, 422, "invalid_input");
    expect(byRole).toMatchObject({ field: "role", reason: "duplicate" });
    // its own HEX and role are not a twin: a rename alone, or the same values again, pass
    expectOk((await confirmed(world, "kit.colors.update", { id, name: "Mine too", hex: "#112233" })).answer);
    expect((await db().kitColor.findUniqueOrThrow({ where: { id } })).hex).toBe("#112233");
  });

  it.each([
    ["no change at all", {}, "body"],
    ["an empty name", { name: "  " }, "name"],
    ["a name of 61 characters", { name: "n".repeat(61) }, "name"],
    ["a HEX of five digits", { hex: "#12345" }, "hex"],
    ["a HEX that is not one", { hex: "blue" }, "hex"],
    ["an unknown role", { role: "pink" }, "role"],
    ["an unknown field", { name: "Ok", colour: "x" }, "colour"],
  ])("refuses %s, naming the field", async (_case, change, field) => {
    const world = await makeWorld();
    const id = await addColor(world, "Sky", "#8ECAE6");
    const error = await refused(world, "kit.colors.update", { id, ...change }, 422, "invalid_input");
    expect(error.field).toBe(field);
  });

  it("a name of 60 characters is taken", async () => {
    const world = await makeWorld();
    const id = await addColor(world, "Sky", "#8ECAE6");
    expectOk((await confirmed(world, "kit.colors.update", { id, name: "n".repeat(60) })).answer);
  });
});

describe("kit.colors.remove", () => {
  it("removes the colour after confirmation, says which in words, and records kit.color.removed", async () => {
    const world = await makeWorld();
    const keep = await addColor(world, "Leaf", "#2F7D4F", "accent");
    const id = await addColor(world, "Typo", "#2F7D4E", "primary");
    const { token, summary } = confirmationOf(await send(world, "kit.colors.remove", { id }));
    expect(summary).toBe(`Remove the colour "Typo" (#2F7D4E, primary) from the kit of Test Brand.`);
    expect(await kitColors(world)).toHaveLength(2);
    expect(expectOk(await send(world, "kit.colors.remove", { id, confirmationToken: token }))).toEqual({
      ok: true,
      id,
    });
    expect((await kitColors(world)).map((color) => color.id)).toEqual([keep]);
    expect((await eventsOf(world, "kit.color.removed")).map((event) => event.data)).toEqual([{ id, deleted: true }]);
    // gone: removing it again is not_found
    expect((await refused(world, "kit.colors.remove", { id }, 404, "not_found")).field).toBe("id");
  });

  it("refuses an id that is not a UUID, naming it", async () => {
    const world = await makeWorld();
    expect((await refused(world, "kit.colors.remove", { id: "leaf" }, 422, "invalid_input")).field).toBe("id");
  });
});

describe.each([
  ["kit.colors.update", (id: string) => ({ id, name: "Renamed" })],
  ["kit.colors.remove", (id: string) => ({ id })],
])("%s: who may, and on what", (capability, input) => {
  it("another brand's colour and an unknown id are 404 not_found naming id, and nothing changes", async () => {
    const world = await makeWorld();
    const elsewhere = await makeWorld();
    const theirs = await addColor(elsewhere, "Theirs", "#123456");
    for (const id of [theirs, randomUUID()]) {
      expect((await refused(world, capability, input(id), 404, "not_found")).field).toBe("id");
    }
    expect(await kitColors(elsewhere)).toMatchObject([{ id: theirs, name: "Theirs" }]);
  });

  it("viewers and members are 403 forbidden; a key without kit.write is 403 insufficient_scope", async () => {
    const world = await makeWorld();
    const id = await addColor(world, "Sky", "#8ECAE6");
    for (const person of [world.viewer, world.member]) {
      await expectError(await send(world, capability, input(id), person.key), 403, "forbidden");
    }
    const narrow = await makeKey(world.admin.email, { scopes: "kit.read" });
    const error = expectError(await send(world, capability, input(id), narrow.key), 403, "insufficient_scope");
    expect(error.scope).toBe("kit.write");
    expect(await kitColors(world)).toMatchObject([{ id, name: "Sky" }]);
  });

  it("a retry with the same Idempotency-Key replays the answer and writes once", async () => {
    const world = await makeWorld();
    const id = await addColor(world, "Sky", "#8ECAE6");
    const { token } = confirmationOf(await send(world, capability, input(id)));
    const body = { brand: world.brand.shortId, ...input(id), confirmationToken: token };
    const headers = { "Idempotency-Key": randomUUID() };
    const first = await call(capability, world.admin.key, body, { headers });
    expect(expectOk(first)).toEqual({ ok: true, id });
    const again = await call(capability, world.admin.key, body, { headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const type = capability === "kit.colors.update" ? "kit.color.updated" : "kit.color.removed";
    expect(await eventsOf(world, type)).toHaveLength(1);
  });
});

const kitPart = async (world: World, part: "typography" | "logos") =>
  expectOk(await send(world, "kit.read", { parts: [part] }, world.viewer.key))[part] as Record<string, unknown>[];

async function addTypeface(world: World, family = "Inter") {
  const id = randomUUID();
  await db().kitTypography.create({ data: { id, brandId: world.brand.id, family, role: "body", weights: ["400"] } });
  return id;
}

async function addFile(world: World, status: "approved" | "proposed" | "archived" = "approved") {
  const id = randomUUID();
  const name = `logo-${id.slice(0, 8)}.png`;
  await db().asset.create({
    data: {
      id,
      brandId: world.brand.id,
      name,
      nameKey: name,
      mimeType: "image/png",
      type: "logo",
      status,
      sizeBytes: 68,
      storageKey: `brands/${world.brand.id}/${id}.png`,
    },
  });
  return { id, name };
}

describe("kit.typography.save and kit.typography.remove", () => {
  it("adds a typeface, changes it by id, removes it; each confirmed, in words, with its event", async () => {
    const world = await makeWorld();
    const input = { family: "Fraunces", role: "heading", weights: ["600", "800 italic"] };
    const { token, summary } = confirmationOf(await send(world, "kit.typography.save", input));
    expect(summary).toBe("Add the typeface Fraunces (heading, 600 and 800 italic) to the kit of Test Brand.");
    expect(await kitPart(world, "typography")).toEqual([]);
    const { id } = expectOk(await send(world, "kit.typography.save", { ...input, confirmationToken: token }));
    expect(await kitPart(world, "typography")).toEqual([{ id, ...input }]);

    const change = await confirmed(world, "kit.typography.save", {
      id,
      family: "Fraunces",
      role: "title",
      weights: ["700"],
    });
    expect(change.summary).toBe(
      "In the kit of Test Brand, change the typeface Fraunces (heading, 600 and 800 italic) to Fraunces (title, 700).",
    );
    expect(expectOk(change.answer)).toEqual({ ok: true, id });
    expect(await kitPart(world, "typography")).toEqual([{ id, family: "Fraunces", role: "title", weights: ["700"] }]);

    const removal = await confirmed(world, "kit.typography.remove", { id });
    expect(removal.summary).toBe("Remove the typeface Fraunces (title, 700) from the kit of Test Brand.");
    expectOk(removal.answer);
    expect(await kitPart(world, "typography")).toEqual([]);
    expect((await eventsOf(world, "kit.typography.saved")).map((event) => event.data)).toEqual([
      { id, ...input },
      { id, family: "Fraunces", role: "title", weights: ["700"] },
    ]);
    expect((await eventsOf(world, "kit.typography.removed")).map((event) => event.data)).toEqual([
      { id, deleted: true },
    ]);
  });

  it.each([
    ["an empty family", { family: " " }, "family"],
    ["a family of 101 characters", { family: "f".repeat(101) }, "family"],
    ["a role of 41 characters", { role: "r".repeat(41) }, "role"],
    ["no weights", { weights: [] }, "weights"],
    ["13 weights", { weights: Array.from({ length: 13 }, (_, i) => `${i + 1}00`) }, "weights"],
    ["a weight of 11 characters", { weights: ["700 oblique"] }, "weights.0"],
    ["the same weight twice", { weights: ["400", "400"] }, "weights"],
    ["an id that is not a UUID", { id: "inter" }, "id"],
  ])("refuses %s, naming the field", async (_case, change, field) => {
    const world = await makeWorld();
    const input = { family: "Inter", role: "body", weights: ["400"], ...change };
    const error = await refused(world, "kit.typography.save", input, 422, "invalid_input");
    expect(error.field).toBe(field);
  });

  it("takes the bounds themselves: 100 characters, a role of 40, 12 weights of 10", async () => {
    const world = await makeWorld();
    const weights = Array.from({ length: 12 }, (_, i) => `${i}`.padStart(10, "w"));
    expectOk(
      (await confirmed(world, "kit.typography.save", { family: "f".repeat(100), role: "r".repeat(40), weights }))
        .answer,
    );
  });
});

describe("kit.logos.save and kit.logos.remove", () => {
  it("makes an approved file a kit logo, changes it, moves primary, removes it; each in words, with events", async () => {
    const world = await makeWorld();
    const first = await addFile(world);
    const second = await addFile(world);
    const save = { assetId: first.id, name: "Main logo", form: "horizontal", theme: "light", primary: true };
    const { token, summary } = confirmationOf(await send(world, "kit.logos.save", save));
    expect(summary).toBe(
      `Add the file ${first.name} to the kit of Test Brand as the logo "Main logo" (horizontal, for light backgrounds, as the primary logo).`,
    );
    expect(await kitPart(world, "logos")).toEqual([]);
    expect(expectOk(await send(world, "kit.logos.save", { ...save, confirmationToken: token }))).toEqual({
      ok: true,
      id: first.id,
    });
    const other = { assetId: second.id, name: "Dark logo", form: "square", theme: "dark", primary: true };
    expectOk((await confirmed(world, "kit.logos.save", other)).answer);
    // one primary: the second took it from the first
    expect(await kitPart(world, "logos")).toEqual([
      { ...save, primary: false },
      { ...other, primary: true },
    ]);
    // saving the same file again changes its logo (one per file); primary omitted stays as it is
    const rename = await confirmed(world, "kit.logos.save", { ...save, name: "Wide logo", primary: undefined });
    expect(rename.summary).toContain('change the logo "Main logo"');
    expectOk(rename.answer);
    expect(await db().kitLogo.count({ where: { brandId: world.brand.id, assetId: first.id } })).toBe(1);
    expect((await kitPart(world, "logos"))[0]).toEqual({ ...save, name: "Wide logo", primary: false });

    const removal = await confirmed(world, "kit.logos.remove", { assetId: second.id });
    expect(removal.summary).toBe(
      'Take the logo "Dark logo" (square, for dark backgrounds, the primary logo) out of the kit of Test Brand; its file stays in the library.',
    );
    expectOk(removal.answer);
    expect((await kitPart(world, "logos")).map((logo) => logo.assetId)).toEqual([first.id]);
    expect(await db().asset.count({ where: { id: second.id } })).toBe(1);
    expect((await eventsOf(world, "kit.logo.saved")).map((event) => event.data.name)).toEqual([
      "Main logo",
      "Dark logo",
      "Wide logo",
    ]);
    expect((await eventsOf(world, "kit.logo.removed")).map((event) => event.data)).toEqual([
      { assetId: second.id, deleted: true },
    ]);
    expect((await refused(world, "kit.logos.remove", { assetId: second.id }, 404, "not_found")).field).toBe("assetId");
  });

  it("a file that is not approved is 422 naming assetId; a logo whose file stops being approved leaves kit.read", async () => {
    const world = await makeWorld();
    for (const status of ["proposed", "archived"] as const) {
      const file = await addFile(world, status);
      const error = await refused(
        world,
        "kit.logos.save",
        { assetId: file.id, name: "Logo", form: "square", theme: "light" },
        422,
        "invalid_input",
      );
      expect(error).toMatchObject({ field: "assetId", reason: "not_approved" });
    }
    const file = await addFile(world);
    expectOk(
      (await confirmed(world, "kit.logos.save", { assetId: file.id, name: "Logo", form: "square", theme: "light" }))
        .answer,
    );
    await db().asset.update({ where: { id: file.id }, data: { status: "archived" } });
    expect(await kitPart(world, "logos")).toEqual([]);
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a name of 121 characters", { name: "n".repeat(121) }, "name"],
    ["a form of 41 characters", { form: "f".repeat(41) }, "form"],
    ["a theme of 41 characters", { theme: "t".repeat(41) }, "theme"],
    ["a primary that is not true or false", { primary: "yes" }, "primary"],
  ])("refuses %s, naming the field", async (_case, change, field) => {
    const world = await makeWorld();
    const file = await addFile(world);
    const input = { assetId: file.id, name: "Logo", form: "square", theme: "light", ...change };
    expect((await refused(world, "kit.logos.save", input, 422, "invalid_input")).field).toBe(field);
  });
});

describe.each([
  [
    "kit.typography.save",
    "id",
    async (world: World) => ({ id: await addTypeface(world), family: "Other", role: "body", weights: ["400"] }),
  ],
  ["kit.typography.remove", "id", async (world: World) => ({ id: await addTypeface(world) })],
  [
    "kit.logos.save",
    "assetId",
    async (world: World) => ({ assetId: (await addFile(world)).id, name: "Logo", form: "square", theme: "light" }),
  ],
  [
    "kit.logos.remove",
    "assetId",
    async (world: World) => {
      const file = await addFile(world);
      await db().kitLogo.create({
        data: {
          id: randomUUID(),
          brandId: world.brand.id,
          assetId: file.id,
          name: "Logo",
          form: "square",
          theme: "light",
        },
      });
      return { assetId: file.id };
    },
  ],
] as const)("%s: who may, and on what", (capability, field, inputFor) => {
  it("another brand's record is 404 not_found naming the field", async () => {
    const world = await makeWorld();
    const elsewhere = await makeWorld();
    const theirs = await inputFor(elsewhere);
    expect((await refused(world, capability, theirs, 404, "not_found")).field).toBe(field);
  });

  it("viewers and members are 403 forbidden; a key without kit.write is 403 insufficient_scope", async () => {
    const world = await makeWorld();
    const input = await inputFor(world);
    for (const person of [world.viewer, world.member]) {
      expectError(await send(world, capability, input, person.key), 403, "forbidden");
    }
    const narrow = await makeKey(world.admin.email, { scopes: "kit.read" });
    expect(expectError(await send(world, capability, input, narrow.key), 403, "insufficient_scope").scope).toBe(
      "kit.write",
    );
  });

  it("a retry with the same Idempotency-Key replays the answer and writes once", async () => {
    const world = await makeWorld();
    const input = await inputFor(world);
    const { token } = confirmationOf(await send(world, capability, input));
    const body = { brand: world.brand.shortId, ...input, confirmationToken: token };
    const headers = { "Idempotency-Key": randomUUID() };
    const first = await call(capability, world.admin.key, body, { headers });
    expectOk(first);
    const again = await call(capability, world.admin.key, body, { headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const type = {
      "kit.typography.save": "kit.typography.saved",
      "kit.typography.remove": "kit.typography.removed",
      "kit.logos.save": "kit.logo.saved",
      "kit.logos.remove": "kit.logo.removed",
    }[capability];
    expect(await eventsOf(world, type)).toHaveLength(1);
  });
});
