import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { isUniqueViolation } from "../../db/errors";
import { COLOR_ROLES, colorItem, colorNameField, hexField, publicColor } from "./shared/color";
import { duplicateColor } from "./shared/color-record";
import { colorRolePhrase } from "../../words/value-words";

export const kitColorsAdd = defineCapability({
  id: "kit.colors.add",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "palette",
  title: "Add a kit colour",
  description:
    "Adds one approved colour to the brand kit with a name and a role. The HEX value is normalized to #RRGGBB; " +
    "the same HEX with the same role cannot be added twice.",
  input: z
    .object({
      name: colorNameField(),
      hex: hexField(),
      role: z.enum(COLOR_ROLES).default("unspecified").describe("Role of the colour in the kit (default unspecified)"),
    })
    .strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.color.added": {
        description: "A colour was added to the brand kit",
        data: colorItem.extend({ id: z.uuid() }).strict(),
      },
    },
    emit: (_ctx, input, data) => ({ type: "kit.color.added", data: { id: data.id, ...publicColor(input) } }),
  },
  touched: (_input, data) => (data.id ? { kind: "kit", id: data.id } : undefined),
  undo: { records: (_ctx, _input, data) => (data?.id ? [rowRef("kitColor", data.id)] : []) },
  summarize: (ctx, input) =>
    `Add the colour "${input.name}" (${input.hex}) to the kit of ${ctx.brand.name} ${colorRolePhrase(input.role)}.`,
  async check(ctx, input) {
    const existing = await ctx.db.kitColor.findUnique({
      where: { brandId_hex_role: { brandId: ctx.brand.id, hex: input.hex, role: input.role } },
      select: { id: true },
    });
    if (existing) throw duplicateColor(input.hex, input.role);
  },
  async execute(ctx, input) {
    const id = randomUUID();
    try {
      await ctx.db.kitColor.create({
        data: { id, brandId: ctx.brand.id, name: input.name, hex: input.hex, role: input.role, createdAt: ctx.now },
      });
    } catch (error) {
      // the unique index (brand, hex, role) catches a concurrent twin that passed check
      if (isUniqueViolation(error)) throw duplicateColor(input.hex, input.role);
      throw error;
    }
    return { ok: true as const, id };
  },
});
