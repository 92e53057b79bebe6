// Editing the brand kit over HTTP (issue 40): kit.colors.update and kit.colors.remove, and the ids
// kit.read gives them. Each: asks for confirmation before writing anything, refuses each bound and
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
