// Confirmation of writes over HTTP (spec "Common call shape", Errors rule 2; docs/design.md, confirmation),
// for kit.colors.add, kit.instructions.update and brand.profile.update.
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { addMember } from "../../lib/admin/commands";
import { call, makeBrand, makeKey, makePerson, makeWorld, type ApiResponse } from "../support/world";

let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A brand with its admin (two keys), a second admin, and a second brand where the first admin is admin too. */
async function makeScene() {
  const world = await makeWorld();
  const adminSecondKey = await makeKey(world.admin.email);
  const otherAdmin = await makePerson({ name: "Other admin" });
  await addMember(db(), { brand: world.brand.shortId, email: otherAdmin.email, role: "admin" });
  const otherAdminKey = await makeKey(otherAdmin.email);
  const otherBrand = await makeBrand();
  await addMember(db(), { brand: otherBrand.shortId, email: world.admin.email, role: "admin" });
  return { ...world, adminSecondKey: adminSecondKey.key, otherAdminKey: otherAdminKey.key, otherBrand };
}
type Scene = Awaited<ReturnType<typeof makeScene>>;

/** Everything the three writes could touch in a brand, to prove that nothing was written. */
async function snapshot(brandId: string) {
  const [colors, instructions, genome] = await Promise.all([
    db().kitColor.findMany({ where: { brandId }, orderBy: { id: "asc" } }),
    db().kitInstruction.findMany({ where: { brandId }, orderBy: { section: "asc" } }),
    db().genome.findUnique({ where: { brandId } }),
  ]);
  return JSON.parse(JSON.stringify({ colors, instructions, genome }));
}

const genomeRevision = async (brandId: string) =>
  (await db().genome.findUniqueOrThrow({ where: { brandId } })).revision;

function randomHex(): string {
  return `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
}

type Input = Record<string, unknown>;
type Spec = {
  id: string;
  /** a valid input for the brand, fresh each time */
  input(brandId: string): Promise<Input>;
  /** the same call with one value changed */
  variant(input: Input): Input;
  /** words the summary must contain: it names the change */
  mentions(input: Input): string[];
  /** whether the call's effect is in the database */
  applied(brandId: string, input: Input): Promise<boolean>;
  /** another confirmation-requiring capability, and a valid input for it */
  other: { id: string; input(brandId: string): Promise<Input> };
};

const colorsAdd: Spec = {
  id: "kit.colors.add",
  input: async () => ({ name: `Ocean ${uid()}`, hex: randomHex(), role: "primary" }),
  variant: (input) => ({ ...input, name: `${input.name} bis` }),
  mentions: (input) => [String(input.name), String(input.hex).toUpperCase()],
  applied: async (brandId, input) => (await db().kitColor.count({ where: { brandId, name: String(input.name) } })) > 0,
  other: { id: "kit.instructions.update", input: async () => ({ section: "general", text: `Other ${uid()}` }) },
};

const instructionsUpdate: Spec = {
  id: "kit.instructions.update",
  input: async () => ({ section: "imagery", text: `Real photographs only ${uid()}` }),
  variant: (input) => ({ ...input, text: `${input.text} (changed)` }),
  mentions: (input) => [String(input.text)],
  applied: async (brandId, input) => {
    const row = await db().kitInstruction.findUnique({
      where: { brandId_section: { brandId, section: String(input.section) } },
    });
    return row?.text === input.text;
  },
  other: { id: "kit.colors.add", input: async () => ({ name: `Other ${uid()}`, hex: randomHex(), role: "accent" }) },
};

const profileUpdate: Spec = {
  id: "brand.profile.update",
  input: async (brandId) => ({ expectedRevision: await genomeRevision(brandId), city: `Lyon ${uid()}` }),
  variant: (input) => ({ ...input, city: `${input.city} bis` }),
  mentions: (input) => [String(input.city)],
  applied: async (brandId, input) => (await db().genome.findUniqueOrThrow({ where: { brandId } })).city === input.city,
  other: { id: "kit.instructions.update", input: async () => ({ section: "general", text: `Other ${uid()}` }) },
};

const SPECS = [colorsAdd, instructionsUpdate, profileUpdate];

function expectConfirmationRequired(response: ApiResponse, previousToken?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body.ok).toBe(false);
  expect(response.body.error.code).toBe("confirmation_required");
  expect(typeof response.body.error.confirmationToken).toBe("string");
  expect(response.body.error.confirmationToken.length).toBeGreaterThan(0);
  if (previousToken) expect(response.body.error.confirmationToken).not.toBe(previousToken);
  return response.body.error.confirmationToken as string;
}

function expectWriteOutput(response: ApiResponse) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.ok).toBe(true);
  const data = response.body.data;
  expect(data.ok).toBe(true);
  for (const key of Object.keys(data)) expect(["ok", "id", "revision"]).toContain(key);
  if ("id" in data) expect(typeof data.id).toBe("string");
  if ("revision" in data) expect(Number.isInteger(data.revision)).toBe(true);
  return data as { ok: true; id?: string; revision?: number };
}

const send = (
  scene: Scene,
  capability: string,
  input: Input,
  options: { key?: string; brand?: string; token?: string } = {},
) =>
  call(capability, options.key ?? scene.admin.key, {
    brand: options.brand ?? scene.brand.shortId,
    ...input,
    ...(options.token ? { confirmationToken: options.token } : {}),
  });

for (const spec of SPECS) {
  describe(`${spec.id} confirmation`, () => {
    it("first call writes nothing and returns confirmation_required with summary, token and expiresAt ~10 minutes ahead", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const before = await snapshot(scene.brand.id);
      const started = Date.now();
      const first = await send(scene, spec.id, input);
      const token = expectConfirmationRequired(first);
      expect(await snapshot(scene.brand.id)).toEqual(before);
      expect(await spec.applied(scene.brand.id, input)).toBe(false);

      const { summary, expiresAt } = first.body.error;
      expect(typeof summary).toBe("string");
      expect(summary.trim().length).toBeGreaterThan(10);
      for (const word of spec.mentions(input)) expect(summary).toContain(word);
      expect(expiresAt).toMatch(ISO_MS);
      const ahead = Date.parse(expiresAt) - started;
      expect(ahead).toBeGreaterThan(10 * 60_000 - 15_000);
      expect(ahead).toBeLessThanOrEqual(10 * 60_000 + 5_000);
      // only the hash is stored; its expiry is the one handed out
      const row = await db().confirmationToken.findUnique({ where: { tokenHash: tokenHash(token) } });
      expect(row).not.toBeNull();
      expect(row!.expiresAt.toISOString()).toBe(expiresAt);
      expect(row!.usedAt).toBeNull();
    });

    it("repeating the call with the token runs it and returns the write output", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const token = expectConfirmationRequired(await send(scene, spec.id, input));
      const done = await send(scene, spec.id, input, { token });
      const data = expectWriteOutput(done);
      expect(await spec.applied(scene.brand.id, input)).toBe(true);
      if (spec === colorsAdd) {
        const row = await db().kitColor.findFirstOrThrow({
          where: { brandId: scene.brand.id, name: String(input.name) },
        });
        expect(data.id).toBe(row.id);
      }
      if (spec === profileUpdate) expect(data.revision).toBe(Number(input.expectedRevision) + 1);
    });

    it("the same token a second time is confirmation_required with a new token, and nothing is written twice", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const token = expectConfirmationRequired(await send(scene, spec.id, input));
      expectWriteOutput(await send(scene, spec.id, input, { token }));
      // put the brand back where the same call would succeed again, so only the token decides
      if (spec === colorsAdd)
        await db().kitColor.deleteMany({ where: { brandId: scene.brand.id, name: String(input.name) } });
      if (spec === instructionsUpdate) {
        await db().kitInstruction.update({
          where: { brandId_section: { brandId: scene.brand.id, section: String(input.section) } },
          data: { text: "changed by someone else" },
        });
      }
      if (spec === profileUpdate) {
        await db().genome.update({
          where: { brandId: scene.brand.id },
          data: { revision: Number(input.expectedRevision), city: "Elsewhere" },
        });
      }
      const before = await snapshot(scene.brand.id);
      const again = await send(scene, spec.id, input, { token });
      expectConfirmationRequired(again, token);
      expect(await snapshot(scene.brand.id)).toEqual(before);
      expect(await spec.applied(scene.brand.id, input)).toBe(false);
    });

    const mismatches: [
      name: string,
      present: (scene: Scene, input: Input, token: string) => Promise<{ response: ApiResponse; brands: string[] }>,
    ][] = [
      [
        "different input",
        async (scene, input, token) => ({
          response: await send(scene, spec.id, spec.variant(input), { token }),
          brands: [scene.brand.id],
        }),
      ],
      [
        "another key of the same person",
        async (scene, input, token) => ({
          response: await send(scene, spec.id, input, { token, key: scene.adminSecondKey }),
          brands: [scene.brand.id],
        }),
      ],
      [
        "another person",
        async (scene, input, token) => ({
          response: await send(scene, spec.id, input, { token, key: scene.otherAdminKey }),
          brands: [scene.brand.id],
        }),
      ],
      [
        "another brand",
        async (scene, input, token) => {
          // both brands are fresh: the same expectedRevision is current in each
          expect(await genomeRevision(scene.otherBrand.id)).toBe(await genomeRevision(scene.brand.id));
          return {
            response: await send(scene, spec.id, input, { token, brand: scene.otherBrand.shortId }),
            brands: [scene.brand.id, scene.otherBrand.id],
          };
        },
      ],
      [
        "another capability",
        async (scene, _input, token) => ({
          response: await send(scene, spec.other.id, await spec.other.input(scene.brand.id), { token }),
          brands: [scene.brand.id],
        }),
      ],
    ];
    for (const [name, present] of mismatches) {
      it(`a token presented with ${name} is confirmation_required and is not consumed`, async () => {
        const scene = await makeScene();
        const input = await spec.input(scene.brand.id);
        const token = expectConfirmationRequired(await send(scene, spec.id, input));
        const before = await Promise.all([snapshot(scene.brand.id), snapshot(scene.otherBrand.id)]);
        const { response } = await present(scene, input, token);
        expectConfirmationRequired(response, token);
        expect(await Promise.all([snapshot(scene.brand.id), snapshot(scene.otherBrand.id)])).toEqual(before);
        // still good for its own call
        expectWriteOutput(await send(scene, spec.id, input, { token }));
        expect(await spec.applied(scene.brand.id, input)).toBe(true);
      });
    }

    it("the binding is to the brand and the canonical input: brand by UUID and other key order still match", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const token = expectConfirmationRequired(await send(scene, spec.id, input));
      const reversed = Object.fromEntries(Object.entries(input).reverse());
      expectWriteOutput(await send(scene, spec.id, reversed, { token, brand: scene.brand.id }));
      expect(await spec.applied(scene.brand.id, input)).toBe(true);
    });

    it("an expired token is confirmation_required with a new token and writes nothing", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const token = expectConfirmationRequired(await send(scene, spec.id, input));
      const expired = await db().confirmationToken.updateMany({
        where: { tokenHash: tokenHash(token) },
        data: { expiresAt: new Date(Date.now() - 1_000) },
      });
      expect(expired.count).toBe(1);
      const before = await snapshot(scene.brand.id);
      expectConfirmationRequired(await send(scene, spec.id, input, { token }), token);
      expect(await snapshot(scene.brand.id)).toEqual(before);
      expect(await spec.applied(scene.brand.id, input)).toBe(false);
    });

    it("an unknown token is confirmation_required and writes nothing", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const before = await snapshot(scene.brand.id);
      expectConfirmationRequired(
        await send(scene, spec.id, input, { token: "bct_madeUpTokenThatWasNeverIssued000000000" }),
      );
      expect(await snapshot(scene.brand.id)).toEqual(before);
    });

    it("concurrent uses of the same valid token: exactly one succeeds", async () => {
      const scene = await makeScene();
      const input = await spec.input(scene.brand.id);
      const token = expectConfirmationRequired(await send(scene, spec.id, input));
      const revisionBefore = await genomeRevision(scene.brand.id);
      const responses = await Promise.all(Array.from({ length: 6 }, () => send(scene, spec.id, input, { token })));
      const succeeded = responses.filter((response) => response.status === 200);
      expect(succeeded, JSON.stringify(responses.map((response) => response.body))).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.body.ok).toBe(false);
        // the losers re-run the pre-token checks: after the winner committed, a colour is a duplicate
        // and a profile revision is stale; otherwise they are asked to confirm again
        const allowed =
          spec === colorsAdd
            ? ["confirmation_required", "invalid_input"]
            : spec === profileUpdate
              ? ["confirmation_required", "revision_conflict"]
              : ["confirmation_required"];
        expect(allowed).toContain(response.body.error.code);
      }
      if (spec === colorsAdd)
        expect(await db().kitColor.count({ where: { brandId: scene.brand.id, name: String(input.name) } })).toBe(1);
      if (spec === profileUpdate) expect(await genomeRevision(scene.brand.id)).toBe(revisionBefore + 1);
      if (spec === instructionsUpdate) {
        const ok = await db().auditEntry.count({
          where: { brandId: scene.brand.id, capabilityId: spec.id, outcome: "ok" },
        });
        expect(ok).toBe(1);
      }
    });
  });
}

describe("a token is consumed by its own call even when execution fails", () => {
  it("kit.colors.add: duplicate at execution consumes the token", async () => {
    const scene = await makeScene();
    const input = await colorsAdd.input(scene.brand.id);
    const token = expectConfirmationRequired(await send(scene, colorsAdd.id, input));
    // meanwhile someone else adds the same HEX with the same role
    const hex = String(input.hex).toUpperCase();
    await db().kitColor.create({
      data: { id: randomUUID(), brandId: scene.brand.id, name: "Twin", hex, role: "primary" },
    });
    const failed = await send(scene, colorsAdd.id, input, { token });
    expect(failed.status, JSON.stringify(failed.body)).toBe(422);
    expect(failed.body.error.code).toBe("invalid_input");
    expect(failed.body.error.field).toBe("hex");
    expect(failed.body.error.reason).toBe("duplicate");
    const row = await db().confirmationToken.findUniqueOrThrow({ where: { tokenHash: tokenHash(token) } });
    expect(row.usedAt).not.toBeNull();
    // the twin goes away: the same call could run now, but the token is spent
    await db().kitColor.deleteMany({ where: { brandId: scene.brand.id, name: "Twin" } });
    const before = await snapshot(scene.brand.id);
    expectConfirmationRequired(await send(scene, colorsAdd.id, input, { token }), token);
    expect(await snapshot(scene.brand.id)).toEqual(before);
    expect(await colorsAdd.applied(scene.brand.id, input)).toBe(false);
  });

  it("brand.profile.update: revision_conflict at execution consumes the token; a fresh read and retry works", async () => {
    const scene = await makeScene();
    const input = await profileUpdate.input(scene.brand.id);
    const revision = Number(input.expectedRevision);
    const token = expectConfirmationRequired(await send(scene, profileUpdate.id, input));
    // the profile changes meanwhile
    await db().genome.update({
      where: { brandId: scene.brand.id },
      data: { revision: revision + 1, organizationType: "shop" },
    });
    const failed = await send(scene, profileUpdate.id, input, { token });
    expect(failed.status, JSON.stringify(failed.body)).toBe(409);
    expect(failed.body.error.code).toBe("revision_conflict");
    expect(failed.body.error.currentRevision).toBe(revision + 1);
    expect(await profileUpdate.applied(scene.brand.id, input)).toBe(false);
    // with the revision put back, the same call would run; the token is spent all the same
    await db().genome.update({ where: { brandId: scene.brand.id }, data: { revision } });
    const before = await snapshot(scene.brand.id);
    expectConfirmationRequired(await send(scene, profileUpdate.id, input, { token }), token);
    expect(await snapshot(scene.brand.id)).toEqual(before);
    // the caller reads again and retries
    await db().genome.update({ where: { brandId: scene.brand.id }, data: { revision: revision + 1 } });
    const overview = await send(scene, "brand.overview", {});
    expect(overview.body.data.revision).toBe(revision + 1);
    const retry = { ...input, expectedRevision: overview.body.data.revision };
    const fresh = expectConfirmationRequired(await send(scene, profileUpdate.id, retry));
    const done = expectWriteOutput(await send(scene, profileUpdate.id, retry, { token: fresh }));
    expect(done.revision).toBe(revision + 2);
    expect(await profileUpdate.applied(scene.brand.id, input)).toBe(true);
  });
});

describe("no token before the pre-token checks pass", () => {
  it("a stale expectedRevision is revision_conflict on the first call, with no token issued", async () => {
    const scene = await makeScene();
    const city = `Nowhere ${uid()}`;
    const response = await send(scene, profileUpdate.id, { expectedRevision: 99, city });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("revision_conflict");
    expect(response.body.error.confirmationToken).toBeUndefined();
    expect(await db().confirmationToken.count({ where: { summary: { contains: city } } })).toBe(0);
  });
});

describe("retention: tokens a day past their expiry are deleted by the background loop (BACKGROUND_INTERVAL_SECONDS=1)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), BACKGROUND_INTERVAL_SECONDS: "1" });
  });
  afterAll(async () => server?.stop());

  it("with no proposal made, a token expired more than a day ago goes and one expired an hour ago stays", async () => {
    const token = (expiredAgoMs: number) => ({
      id: randomUUID(),
      tokenHash: tokenHash(`bct_${uid()}`),
      bindingHash: tokenHash(uid()),
      summary: `retention ${uid()}`,
      expiresAt: new Date(Date.now() - expiredAgoMs),
      createdAt: new Date(Date.now() - expiredAgoMs - 600_000),
    });
    const [old, recent] = [token(86_400_000 + 3_600_000), token(3_600_000)];
    await db().confirmationToken.createMany({ data: [old, recent] });
    await expect
      .poll(async () => db().confirmationToken.count({ where: { id: old.id } }), { timeout: 15_000, interval: 250 })
      .toBe(0);
    expect(await db().confirmationToken.count({ where: { id: recent.id } })).toBe(1);
  });
});

describe("a confirmation is of the record as its person saw it", () => {
  const colour = async (world: Awaited<ReturnType<typeof makeWorld>>) => {
    const id = randomUUID();
    await db().kitColor.create({ data: { id, brandId: world.brand.id, name: "Sky", hex: "#8ECAE6", role: "accent" } });
    return id;
  };
  const ask = async (world: Awaited<ReturnType<typeof makeWorld>>, body: Record<string, unknown>) => {
    const first = await call("kit.colors.update", world.admin.key, { brand: world.brand.shortId, ...body });
    expect(first.body.error?.code).toBe("confirmation_required");
    return first.body.error as { confirmationToken: string; summary: string };
  };

  it("changed by another write meanwhile: nothing is written, and the person is asked again about it as it is now", async () => {
    const world = await makeWorld();
    const id = await colour(world);
    const rename = await ask(world, { id, name: "Skies" });
    expect(rename.summary).toContain("(#8ECAE6");
    const recolour = await ask(world, { id, hex: "#219EBC" });
    const done = await call("kit.colors.update", world.admin.key, {
      brand: world.brand.shortId,
      id,
      hex: "#219EBC",
      confirmationToken: recolour.confirmationToken,
    });
    expect(done.body.ok).toBe(true);
    // the rename was confirmed on the colour as #8ECAE6: it is not written over what changed
    const again = await call("kit.colors.update", world.admin.key, {
      brand: world.brand.shortId,
      id,
      name: "Skies",
      confirmationToken: rename.confirmationToken,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "confirmation_required", reason: "changed_since" });
    expect(again.body.error.message).toMatch(/^Nothing was changed: someone else changed this meanwhile/);
    expect(again.body.error.summary).toContain("(#219EBC");
    expect(await db().kitColor.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Sky", hex: "#219EBC" });
    // the token it used is spent; the new one applies the rename to the colour as it is
    const reused = await call("kit.colors.update", world.admin.key, {
      brand: world.brand.shortId,
      id,
      name: "Skies",
      confirmationToken: rename.confirmationToken,
    });
    expect(reused.body.error?.code).toBe("confirmation_required");
    const applied = await call("kit.colors.update", world.admin.key, {
      brand: world.brand.shortId,
      id,
      name: "Skies",
      confirmationToken: again.body.error.confirmationToken,
    });
    expect(applied.body.ok).toBe(true);
    expect(await db().kitColor.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Skies", hex: "#219EBC" });
  });
});
