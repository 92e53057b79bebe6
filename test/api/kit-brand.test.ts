// Brand kit and brand capabilities over HTTP: kit.read, kit.colors.add, kit.instructions.update,
// brand.soul.read, brand.profile.update, brand.overview (spec "Brand kit", "Brand", "Brand voice";
// docs/design.md, contact channels and the kit).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember } from "../../lib/admin/commands";
import {
  call,
  confirmAndCall,
  makeBrand,
  makeKey,
  makePerson,
  makeWorld,
  expectError,
  expectOk,
} from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let seq = 0;
const uid = (prefix = "") =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const kitRead = (world: World, input: Record<string, unknown> = {}) =>
  call("kit.read", world.viewer.key, { brand: world.brand.shortId, ...input });

async function insertAsset(brandId: string, status: string, storageKey: string) {
  const id = randomUUID();
  const name = `logo-${status}.png`;
  await db().asset.create({
    data: {
      id,
      brandId,
      name,
      nameKey: name.toLowerCase(),
      category: "logo",
      categoryKey: "logo",
      mimeType: "image/png",
      type: "logo",
      status,
      sizeBytes: 1234,
      storageKey,
    },
  });
  return id;
}

describe("kit.read", () => {
  async function kitWorld() {
    const world = await makeWorld();
    const brandId = world.brand.id;
    const base = Date.now() - 60_000;
    await db().kitColor.createMany({
      data: [
        { id: randomUUID(), brandId, name: "Black", hex: "#000000", role: "foreground", createdAt: new Date(base) },
        { id: randomUUID(), brandId, name: "Grey", hex: "#777777", role: "neutral", createdAt: new Date(base + 1000) },
        {
          id: randomUUID(),
          brandId,
          name: "White",
          hex: "#FFFFFF",
          role: "background",
          createdAt: new Date(base + 2000),
        },
        { id: randomUUID(), brandId, name: "Leaf", hex: "#2F7D4F", role: "accent", createdAt: new Date(base + 3000) },
        {
          id: randomUUID(),
          brandId,
          name: "Unapproved",
          hex: "#123456",
          role: "primary",
          approved: false,
          createdAt: new Date(base + 4000),
        },
      ],
    });
    await db().kitTypography.createMany({
      data: [
        { id: randomUUID(), brandId, family: "Fraunces", role: "heading", weights: ["600", "800"], position: 0 },
        { id: randomUUID(), brandId, family: "Inter", role: "body", weights: ["400"], position: 1 },
      ],
    });
    const storageKeys = {
      approved: `brands/${brandId}/secret-approved-${uid()}.png`,
      proposed: `brands/${brandId}/secret-proposed-${uid()}.png`,
      archived: `brands/${brandId}/secret-archived-${uid()}.png`,
    };
    const approved = await insertAsset(brandId, "approved", storageKeys.approved);
    const proposed = await insertAsset(brandId, "proposed", storageKeys.proposed);
    const archived = await insertAsset(brandId, "archived", storageKeys.archived);
    // an approved file of another brand, referenced by this brand's kit: not this brand's to use
    const elsewhere = await makeBrand();
    const foreignKey = `brands/${elsewhere.id}/secret-foreign-${uid()}.png`;
    const foreign = await insertAsset(elsewhere.id, "approved", foreignKey);
    await db().kitLogo.createMany({
      data: [
        {
          id: randomUUID(),
          brandId,
          assetId: approved,
          name: "Main logo",
          form: "horizontal",
          theme: "light",
          primary: true,
          position: 0,
        },
        {
          id: randomUUID(),
          brandId,
          assetId: proposed,
          name: "Proposed logo",
          form: "square",
          theme: "dark",
          primary: false,
          position: 1,
        },
        {
          id: randomUUID(),
          brandId,
          assetId: archived,
          name: "Old logo",
          form: "square",
          theme: "light",
          primary: false,
          position: 2,
        },
        {
          id: randomUUID(),
          brandId,
          assetId: foreign,
          name: "Foreign logo",
          form: "square",
          theme: "light",
          primary: false,
          position: 3,
        },
      ],
    });
    await db().kitInstruction.createMany({
      data: [
        { brandId, section: "colors", text: "Black on White for text." },
        { brandId, section: "general", text: "Real people, real cups." },
      ],
    });
    return { world, approved, storageKeys: [...Object.values(storageKeys), foreignKey] };
  }

  it("returns all four parts when parts is omitted, only the asked ones otherwise", async () => {
    const { world } = await kitWorld();
    const all = expectOk(await kitRead(world));
    expect(Object.keys(all).sort()).toEqual(["colors", "instructions", "logos", "typography"]);
    // each family with its id (kit.typography.save and remove name it)
    expect(all.typography).toEqual([
      { id: expect.any(String), family: "Fraunces", role: "heading", weights: ["600", "800"] },
      { id: expect.any(String), family: "Inter", role: "body", weights: ["400"] },
    ]);
    expect(all.instructions).toEqual({ colors: "Black on White for text.", general: "Real people, real cups." });

    const colorsOnly = expectOk(await kitRead(world, { parts: ["colors"] }));
    expect(Object.keys(colorsOnly)).toEqual(["colors"]);
    expect(colorsOnly.colors).toEqual(all.colors);
    const two = expectOk(await kitRead(world, { parts: ["logos", "instructions"] }));
    expect(Object.keys(two).sort()).toEqual(["instructions", "logos"]);
    expect(two.logos).toEqual(all.logos);
    expect(two.instructions).toEqual(all.instructions);
    const typography = expectOk(await kitRead(world, { parts: ["typography"] }));
    expect(Object.keys(typography)).toEqual(["typography"]);
  });

  it("colors are the approved ones, with role and WCAG contrast on white and on black", async () => {
    const { world } = await kitWorld();
    const { colors } = expectOk(await kitRead(world, { parts: ["colors"] }));
    const byHex = Object.fromEntries(colors.map((color: { hex: string }) => [color.hex, color]));
    expect(Object.keys(byHex).sort()).toEqual(["#000000", "#2F7D4F", "#777777", "#FFFFFF"]);
    expect(byHex["#000000"]).toEqual({
      id: expect.any(String),
      name: "Black",
      hex: "#000000",
      role: "foreground",
      contrast: { onWhite: 21, onBlack: 1 },
    });
    expect(byHex["#FFFFFF"]).toEqual({
      id: expect.any(String),
      name: "White",
      hex: "#FFFFFF",
      role: "background",
      contrast: { onWhite: 1, onBlack: 21 },
    });
    expect(byHex["#777777"]).toEqual({
      id: expect.any(String),
      name: "Grey",
      hex: "#777777",
      role: "neutral",
      contrast: { onWhite: 4.48, onBlack: 4.69 },
    });
    expect(byHex["#2F7D4F"].contrast).toEqual({ onWhite: 5.04, onBlack: 4.17 });
  });

  it("logos only for approved files, and no storage path anywhere in the output", async () => {
    const { world, approved, storageKeys } = await kitWorld();
    const response = await kitRead(world);
    const data = expectOk(response);
    expect(data.logos).toEqual([
      { assetId: approved, name: "Main logo", form: "horizontal", theme: "light", primary: true },
    ]);
    const text = JSON.stringify(response.body);
    for (const key of storageKeys) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.split("/").at(-1)!);
    }
    expect(text).not.toMatch(/storage|"path"|"url"|brands\//i);
  });

  it("an empty kit has four empty parts", async () => {
    const world = await makeWorld();
    expect(expectOk(await kitRead(world))).toEqual({ colors: [], typography: [], logos: [], instructions: {} });
  });
});

describe("kit.colors.add", () => {
  const add = (world: World, input: Record<string, unknown>) =>
    confirmAndCall("kit.colors.add", world.admin.key, { brand: world.brand.shortId, ...input });

  it("normalizes #abc, abc, AABBCC and #aabbcc to #AABBCC; the same HEX and role is a duplicate before any token", async () => {
    const world = await makeWorld();
    const brandId = world.brand.id;
    const first = expectOk(await add(world, { name: "Sky", hex: "#abc", role: "primary" }));
    expect(Object.keys(first).sort()).toEqual(["id", "ok"]);
    const row = await db().kitColor.findUniqueOrThrow({ where: { id: first.id } });
    expect(row).toMatchObject({ brandId, name: "Sky", hex: "#AABBCC", role: "primary", approved: true });

    for (const hex of ["abc", "AABBCC", "#aabbcc", "#AbC", "aabbcc"]) {
      const name = `Twin ${uid()}`;
      const response = await call("kit.colors.add", world.admin.key, {
        brand: world.brand.shortId,
        name,
        hex,
        role: "primary",
      });
      const error = expectError(response, 422, "invalid_input");
      expect(error.field).toBe("hex");
      expect(error.reason).toBe("duplicate");
      expect(error.confirmationToken).toBeUndefined();
      expect(await db().confirmationToken.count({ where: { summary: { contains: name } } })).toBe(0);
    }
    expect(await db().kitColor.count({ where: { brandId } })).toBe(1);

    // the same HEX with other roles is allowed, whatever way it is written
    const roles: [hex: string, role: string][] = [
      ["abc", "secondary"],
      ["AABBCC", "accent"],
      ["#aabbcc", "background"],
    ];
    for (const [hex, role] of roles) {
      const data = expectOk(await add(world, { name: `Sky ${role}`, hex, role }));
      expect((await db().kitColor.findUniqueOrThrow({ where: { id: data.id } })).hex).toBe("#AABBCC");
    }
    const { colors } = expectOk(await kitRead(world, { parts: ["colors"] }));
    expect(colors.map((color: { hex: string; role: string }) => `${color.hex} ${color.role}`).sort()).toEqual([
      "#AABBCC accent",
      "#AABBCC background",
      "#AABBCC primary",
      "#AABBCC secondary",
    ]);
  });

  it("a colour without role is stored as unspecified, and a second one with the same HEX is a duplicate", async () => {
    const world = await makeWorld();
    const data = expectOk(await add(world, { name: "Plain", hex: "1a2b3c" }));
    const row = await db().kitColor.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.hex).toBe("#1A2B3C");
    expect(row.role).toBe("unspecified");
    const dup = await call("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "Plain again",
      hex: "#1A2B3C",
      role: "unspecified",
    });
    expect(expectError(dup, 422, "invalid_input").reason).toBe("duplicate");
  });

  it("a duplicate in another brand is not a duplicate here", async () => {
    const one = await makeWorld();
    const two = await makeWorld();
    expectOk(await add(one, { name: "Shared", hex: "#C0FFEE", role: "accent" }));
    expectOk(await add(two, { name: "Shared", hex: "c0ffee", role: "accent" }));
  });
});

describe("kit.instructions.update", () => {
  it("replaces the text of one section and leaves the others alone", async () => {
    const world = await makeWorld();
    const update = (section: string, text: string) =>
      confirmAndCall("kit.instructions.update", world.admin.key, { brand: world.brand.shortId, section, text });
    expect(expectOk(await update("general", "Keep it simple."))).toEqual({ ok: true });
    expectOk(await update("logos", "Clear space of one letter height."));
    expect(expectOk(await kitRead(world, { parts: ["instructions"] })).instructions).toEqual({
      general: "Keep it simple.",
      logos: "Clear space of one letter height.",
    });
    expectOk(await update("logos", "Never stretch the logo."));
    expect(expectOk(await kitRead(world, { parts: ["instructions"] })).instructions).toEqual({
      general: "Keep it simple.",
      logos: "Never stretch the logo.",
    });
    expect(await db().kitInstruction.count({ where: { brandId: world.brand.id, section: "logos" } })).toBe(1);
  });
});

describe("brand.soul.read", () => {
  it("compiles only reviewed genome entries and returns revision and compiledAt", async () => {
    const world = await makeWorld();
    const brandId = world.brand.id;
    const entries: [kind: string, value: string, reviewed: boolean][] = [
      ["voice", "Warm and plain-spoken.", true],
      ["voice", "UNREVIEWED sound luxurious.", false],
      ["guardrail", "Never promise health benefits.", true],
      ["guardrail", "UNREVIEWED mention prices.", false],
      ["guardrail", "Name the farm.", true],
      ["vocabulary_use", "roasted this week", true],
      ["vocabulary_use", "UNREVIEWED premium", false],
      ["vocabulary_avoid", "artisanal", true],
      ["vocabulary_avoid", "UNREVIEWED cheap", false],
      ["archetype", "caregiver", true],
      ["archetype", "UNREVIEWED ruler", false],
      ["archetype", "explorer", true],
    ];
    await db().genomeEntry.createMany({
      data: entries.map(([kind, value, reviewed], position) => ({
        id: randomUUID(),
        brandId,
        kind,
        value,
        status: reviewed ? "approved" : "proposed",
        position,
      })),
    });
    const started = Date.now();
    const response = await call("brand.soul.read", world.viewer.key, { brand: world.brand.shortId });
    const soul = expectOk(response);
    expect(Object.keys(soul).sort()).toEqual([
      "archetypes",
      "compiledAt",
      "guardrails",
      "revision",
      "sources",
      "vocabulary",
      "voice",
    ]);
    expect(JSON.stringify(response.body)).not.toContain("UNREVIEWED");
    expect(soul.voice).toContain("Warm and plain-spoken.");
    expect([...soul.guardrails].sort()).toEqual(["Name the farm.", "Never promise health benefits."]);
    expect(soul.vocabulary).toEqual({ use: ["roasted this week"], avoid: ["artisanal"] });
    expect([...soul.archetypes].sort()).toEqual(["caregiver", "explorer"]);
    const genome = await db().genome.findUniqueOrThrow({ where: { brandId } });
    expect(soul.revision).toBe(genome.revision);
    expect(soul.compiledAt).toMatch(ISO_MS);
    expect(Date.parse(soul.compiledAt)).toBeLessThanOrEqual(started + 1000);

    // after a profile change, the voice reports the genome's new revision
    const updated = expectOk(
      await confirmAndCall("brand.profile.update", world.admin.key, {
        brand: world.brand.shortId,
        expectedRevision: genome.revision,
        city: "Lyon",
      }),
    );
    const after = expectOk(await call("brand.soul.read", world.viewer.key, { brand: world.brand.shortId }));
    expect(after.revision).toBe(updated.revision);
    expect(after.revision).toBe(genome.revision + 1);
  });

  it("a brand without reviewed entries has an empty voice", async () => {
    const world = await makeWorld();
    await db().genomeEntry.create({
      data: { id: randomUUID(), brandId: world.brand.id, kind: "voice", value: "UNREVIEWED", status: "proposed" },
    });
    const soul = expectOk(await call("brand.soul.read", world.viewer.key, { brand: world.brand.shortId }));
    expect(soul).toMatchObject({ voice: "", guardrails: [], vocabulary: { use: [], avoid: [] }, archetypes: [] });
  });
});

describe("brand.profile.update", () => {
  const overview = async (world: World) =>
    expectOk(await call("brand.overview", world.admin.key, { brand: world.brand.shortId }));
  const update = (world: World, input: Record<string, unknown>) =>
    confirmAndCall("brand.profile.update", world.admin.key, { brand: world.brand.shortId, ...input });

  it("stores countryCode upper case and primaryLanguage canonical; returns the new revision, which brand.overview shows", async () => {
    const world = await makeWorld();
    const revision = (await overview(world)).revision;
    expect(Number.isInteger(revision)).toBe(true);
    const data = expectOk(
      await update(world, {
        expectedRevision: revision,
        displayName: "Northwind Coffee Roasters",
        countryCode: "fr",
        city: "Lyon",
        organizationType: "shop",
        primaryLanguage: "en-gb",
      }),
    );
    expect(data.ok).toBe(true);
    expect(data.revision).toBe(revision + 1);
    for (const key of Object.keys(data)) expect(["ok", "id", "revision"]).toContain(key);
    const genome = await db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } });
    expect(genome).toMatchObject({
      revision: revision + 1,
      displayName: "Northwind Coffee Roasters",
      countryCode: "FR",
      city: "Lyon",
      organizationType: "shop",
      primaryLanguage: "en-GB",
    });
    const after = await overview(world);
    expect(after.revision).toBe(revision + 1);
    expect(after.name).toBe("Northwind Coffee Roasters");
    // the profile as stored, so a form that edits it starts from it
    expect(after.profile).toEqual({
      displayName: "Northwind Coffee Roasters",
      countryCode: "FR",
      city: "Lyon",
      organizationType: "shop",
      primaryLanguage: "en-GB",
    });

    // a partial update changes only what it names
    const next = expectOk(await update(world, { expectedRevision: revision + 1, primaryLanguage: "zh-hant-tw" }));
    expect(next.revision).toBe(revision + 2);
    expect(await db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } })).toMatchObject({
      revision: revision + 2,
      countryCode: "FR",
      city: "Lyon",
      primaryLanguage: "zh-Hant-TW",
    });
    expect((await overview(world)).revision).toBe(revision + 2);
  });

  it("a stale expectedRevision is 409 revision_conflict with currentRevision, and nothing changes", async () => {
    const world = await makeWorld();
    const revision = (await overview(world)).revision;
    expectOk(await update(world, { expectedRevision: revision, city: "Paris" }));
    const before = JSON.stringify(await db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } }));
    for (const stale of [revision, revision + 5]) {
      const response = await call("brand.profile.update", world.admin.key, {
        brand: world.brand.shortId,
        expectedRevision: stale,
        city: "Berlin",
      });
      const error = expectError(response, 409, "revision_conflict");
      expect(error.currentRevision).toBe(revision + 1);
    }
    expect(JSON.stringify(await db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } }))).toBe(before);
    expect((await overview(world)).revision).toBe(revision + 1);
  });
});

describe("brand.overview", () => {
  it("counts active works, pending tasks and pending memory of this brand only, and names the manager", async () => {
    const world = await makeWorld();
    const brandId = world.brand.id;
    const other = await makeBrand();
    const row = (id: string, status: string, title = "x") => ({ id: randomUUID(), brandId: id, title, status });
    await db().work.createMany({
      data: [
        row(brandId, "active"),
        row(brandId, "active"),
        row(brandId, "active"),
        row(brandId, "draft"),
        row(brandId, "done"),
        row(other.id, "active"),
      ],
    });
    await db().task.createMany({
      data: [row(brandId, "pending"), row(brandId, "pending"), row(brandId, "done"), row(other.id, "pending")],
    });
    const memory = (id: string, status: string) => ({
      id: randomUUID(),
      brandId: id,
      source: "person",
      subject: "s",
      statement: "t",
      status,
    });
    await db().memoryDeclaration.createMany({
      data: [
        memory(brandId, "pending"),
        memory(brandId, "pending"),
        memory(brandId, "pending"),
        memory(brandId, "pending"),
        memory(brandId, "accepted"),
        memory(brandId, "rejected"),
        memory(other.id, "pending"),
      ],
    });

    const before = expectOk(await call("brand.overview", world.viewer.key, { brand: world.brand.shortId }));
    expect(before.counts).toEqual({ activeWorks: 3, pendingTasks: 2, pendingMemory: 4 });
    expect(before.manager).toBeNull();
    expect(before.id).toBe(brandId);
    expect(before.shortId).toBe(world.brand.shortId);
    expect(before.role).toBe("viewer");

    const manager = await makePerson({ name: "Maya Manager" });
    await db().user.update({ where: { id: manager.id }, data: { avatarUrl: "https://example.com/maya.png" } });
    await db().brand.update({ where: { id: brandId }, data: { managerId: manager.id } });
    const after = expectOk(await call("brand.overview", world.admin.key, { brand: world.brand.shortId }));
    expect(after.manager).toEqual({ id: manager.id, name: "Maya Manager", avatarUrl: "https://example.com/maya.png" });
    expect(after.role).toBe("admin");

    // an answered question adds an accepted declaration, not a pending one
    const [questionId] = expectOk(
      await call("questions.ask", world.member.key, {
        brand: world.brand.shortId,
        questions: [{ key: uid("k."), question: "Tagline?", options: [], scope: "genome" }],
      }),
    ).ids;
    expectOk(
      await call("questions.answer", world.member.key, {
        brand: world.brand.shortId,
        questionId,
        expectedRevision: 1,
        action: "answer",
        answer: "Hi",
        idempotencyKey: uid("i"),
      }),
    );
    await db().work.updateMany({ where: { brandId, status: "draft" }, data: { status: "active" } });
    const counts = expectOk(await call("brand.overview", world.viewer.key, { brand: world.brand.shortId })).counts;
    expect(counts).toEqual({ activeWorks: 4, pendingTasks: 2, pendingMemory: 4 });
  });

  it("shows the plan", async () => {
    const brand = await makeBrand({ plan: "pro" });
    const person = await makePerson();
    await addMember(db(), { brand: brand.shortId, email: person.email, role: "member" });
    const key = await makeKey(person.email);
    const data = expectOk(await call("brand.overview", key.key, { brand: brand.shortId }));
    expect(data.plan).toBe("pro");
    expect(data.role).toBe("member");
  });
});
