import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { findTypography, typographyId, typographyInWords, typographyItem } from "./shared/typography";

export const kitTypographySave = defineCapability({
  id: "kit.typography.save",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Save a kit typeface",
  description:
    "Adds a typography family to the brand kit, or, given the id of one from kit.read, replaces its family, role " +
    "and weights.",
  input: z
    .object({
      id: typographyId().optional().describe("Id of the family to change, from kit.read; omit it to add one"),
      family: z.string().trim().min(1).max(100).describe("Font family name, e.g. Inter"),
      role: z.string().trim().min(1).max(40).describe("What the family is used for, e.g. heading or body"),
      weights: z
        .array(z.string().trim().min(1).max(10).describe('A weight, e.g. "400" or "700 italic"'))
        .min(1)
        .max(12)
        .refine((weights) => new Set(weights).size === weights.length, "each weight once")
        .describe('The weights the kit uses, 1 to 12, e.g. ["400", "700 italic"]'),
    })
    .strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.typography.saved": {
        description: "A typography family was added to the brand kit or changed; the event carries it as it is now",
        data: typographyItem,
      },
    },
    async emit(ctx, _input, data) {
      const { position: _, ...font } = await findTypography(ctx, data.id!);
      return { type: "kit.typography.saved", data: font };
    },
  },
  touched: (_input, data) => (data.id ? { kind: "kit", id: data.id } : undefined),
  undo: {
    records: (_ctx, input, data) => {
      const id = input.id ?? data?.id;
      return id ? [rowRef("kitTypography", id)] : [];
    },
  },
  async summarize(ctx, input) {
    if (!input.id) return `Add the typeface ${typographyInWords(input)} to the kit of ${ctx.brand.name}.`;
    const before = await findTypography(ctx, input.id);
    return `In the kit of ${ctx.brand.name}, change the typeface ${typographyInWords(before)} to ${typographyInWords(input)}.`;
  },
  async check(ctx, input) {
    if (input.id) await findTypography(ctx, input.id);
  },
  async execute(ctx, input) {
    const values = { family: input.family, role: input.role, weights: input.weights };
    if (input.id) {
      const font = await findTypography(ctx, input.id);
      await ctx.db.kitTypography.update({ where: { id: font.id }, data: values });
      return { ok: true as const, id: font.id };
    }
    const last = await ctx.db.kitTypography.aggregate({ where: { brandId: ctx.brand.id }, _max: { position: true } });
    const id = randomUUID();
    await ctx.db.kitTypography.create({
      data: { id, brandId: ctx.brand.id, ...values, position: (last._max.position ?? -1) + 1 },
    });
    return { ok: true as const, id };
  },
});
