// The kit's and the contacts' confirm summaries say values in words: a colour with no
// role is "with no particular role", the "colors" section is "colours", an e-mail channel is an
// e-mail one, a logo for any background says so; none shows the stored value as the machine spells it.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

async function summaryOf(world: World, capability: string, input: Record<string, unknown>) {
  const error = expectError(
    await call(capability, world.admin.key, { brand: world.brand.shortId, ...input }),
    409,
    "confirmation_required",
  );
  return error.summary as string;
}

async function addFile(world: World) {
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
      status: "approved",
      sizeBytes: 68,
      storageKey: `brands/${world.brand.id}/${id}.png`,
    },
  });
  return { id, name };
}

describe("confirm summaries in words", () => {
  it("colour roles, kit sections, channel kinds and logo backgrounds", async () => {
    const world = await makeWorld();
    expect(await summaryOf(world, "kit.colors.add", { name: "Cream", hex: "#F6F1E8" })).toBe(
      'Add the colour "Cream" (#F6F1E8) to the kit of Test Brand with no particular role.',
    );
    const id = randomUUID();
    await db().kitColor.create({
      data: { id, brandId: world.brand.id, name: "Ink", hex: "#111111", role: "unspecified" },
    });
    expect(await summaryOf(world, "kit.colors.remove", { id })).toBe(
      'Remove the colour "Ink" (#111111, no particular role) from the kit of Test Brand.',
    );
    expect(await summaryOf(world, "kit.colors.update", { id, role: "foreground" })).toBe(
      'In the kit of Test Brand, take the colour "Ink" (#111111, no particular role) and make it text and foreground.',
    );
    expect(await summaryOf(world, "kit.instructions.update", { section: "colors", text: "Brown leads." })).toBe(
      `Replace the colours usage text of Test Brand's kit with: "Brown leads.".`,
    );
    expect(
      await summaryOf(world, "brand.contacts.save", { op: "upsert", type: "email", value: "hello@roasters.example" }),
    ).toBe("Add the e-mail channel hello@roasters.example to Test Brand's public channels.");
    const file = await addFile(world);
    expect(
      await summaryOf(world, "kit.logos.save", { assetId: file.id, name: "Mark", form: "full", theme: "any" }),
    ).toBe(`Add the file ${file.name} to the kit of Test Brand as the logo "Mark" (full, for any background).`);
  });
});
