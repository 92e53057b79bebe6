import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { findApprovedFile, lockLogos, logoAssetId, logoItem } from "./shared/logo";
import { logoPhrase } from "../../words/value-words";

export const kitLogosSave = defineCapability({
  id: "kit.logos.save",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Save a kit logo",
  description:
    "Makes an approved library file a logo of the brand kit, or changes the kit logo of that file (one per file). " +
    "primary: true makes it the kit's one primary logo.",
  input: z
    .object({
      assetId: logoAssetId(),
      name: z.string().trim().min(1).max(120).describe("Logo name, e.g. Main logo"),
      form: z.string().trim().min(1).max(40).describe("Its form, e.g. horizontal, square or symbol"),
      theme: z.string().trim().min(1).max(40).describe("The background it is for, e.g. light or dark"),
      primary: z
        .boolean()
        .optional()
        .describe("true: the kit's one primary logo (the previous one stops being primary); omitted: unchanged"),
    })
    .strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.logo.saved": {
        description: "A library file became a kit logo, or its kit logo changed; the event carries it as it is now",
        data: logoItem,
      },
    },
    async emit(ctx, input) {
      const logo = await ctx.db.kitLogo.findFirstOrThrow({ where: { brandId: ctx.brand.id, assetId: input.assetId } });
      const { assetId, name, form, theme, primary } = logo;
      return { type: "kit.logo.saved", data: { assetId, name, form, theme, primary } };
    },
  },
  touched: (input) => ({ kind: "kit", id: input.assetId }),
  undo: {
    // the file's logo, and the primary one it may take that place from
    records: async (ctx, input) =>
      (
        await ctx.db.kitLogo.findMany({
          where: { brandId: ctx.brand.id, OR: [{ assetId: input.assetId }, { primary: true }] },
          select: { id: true },
        })
      ).map((logo) => rowRef("kitLogo", logo.id)),
  },
  async summarize(ctx, input) {
    const file = await findApprovedFile(ctx, input.assetId);
    const existing = await ctx.db.kitLogo.findFirst({ where: { brandId: ctx.brand.id, assetId: input.assetId } });
    const primary = input.primary
      ? ", as the primary logo"
      : input.primary === false
        ? ", not as the primary logo"
        : "";
    const what = `"${input.name}" (${logoPhrase(input.form, input.theme)}${primary})`;
    return existing
      ? `In the kit of ${ctx.brand.name}, change the logo "${existing.name}" (file ${file.name}) to ${what}.`
      : `Add the file ${file.name} to the kit of ${ctx.brand.name} as the logo ${what}.`;
  },
  async check(ctx, input) {
    await findApprovedFile(ctx, input.assetId);
  },
  async execute(ctx, input) {
    await lockLogos(ctx);
    const brandId = ctx.brand.id;
    const values = { name: input.name, form: input.form, theme: input.theme };
    if (input.primary) await ctx.db.kitLogo.updateMany({ where: { brandId, primary: true }, data: { primary: false } });
    const existing = await ctx.db.kitLogo.findFirst({ where: { brandId, assetId: input.assetId } });
    if (existing) {
      await ctx.db.kitLogo.update({
        where: { id: existing.id },
        data: { ...values, ...(input.primary !== undefined ? { primary: input.primary } : {}) },
      });
    } else {
      const last = await ctx.db.kitLogo.aggregate({ where: { brandId }, _max: { position: true } });
      await ctx.db.kitLogo.create({
        data: {
          id: randomUUID(),
          brandId,
          assetId: input.assetId,
          ...values,
          primary: input.primary ?? false,
          position: (last._max.position ?? -1) + 1,
        },
      });
    }
    return { ok: true as const, id: input.assetId };
  },
});
