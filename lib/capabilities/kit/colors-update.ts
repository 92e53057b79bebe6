import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { isUniqueViolation } from "../../db/errors";
import { writeOutput } from "../schemas";
import { COLOR_ROLES, colorItem, colorNameField, hexField, publicColor } from "./shared/color";
import { colorId, duplicateColor, findColor } from "./shared/color-record";
import type { BrandContext } from "../../contract/context";
import { valueInSentence } from "../../words/value-words";

type Change = { id: string; name?: string; hex?: string; role?: (typeof COLOR_ROLES)[number] };

/** The colour as it will be once the change is made. */
async function changed(ctx: BrandContext, input: Change) {
  const color = await findColor(ctx, input.id);
  return {
    before: color,
    after: { name: input.name ?? color.name, hex: input.hex ?? color.hex, role: input.role ?? color.role },
  };
}

// the input that made the twin: the HEX when it changed, the role otherwise
const twinField = (input: Change) => (input.hex !== undefined ? "hex" : "role");

export const kitColorsUpdate = defineCapability({
  id: "kit.colors.update",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Change a kit colour",
  description:
    "Renames a kit colour or changes its HEX value or role; give at least one of them. The HEX value is normalized " +
    "to #RRGGBB, and the kit cannot hold the same HEX with the same role twice.",
  input: z
    .object({
      id: colorId(),
      name: colorNameField().optional(),
      hex: hexField().optional(),
      role: z.enum(COLOR_ROLES).optional().describe("Role of the colour in the kit"),
    })
    .strict()
    .superRefine((input, check) => {
      if (input.name === undefined && input.hex === undefined && input.role === undefined)
        check.addIssue({ code: "custom", path: ["body"], message: "give at least one of name, hex or role" });
    }),
  output: writeOutput,
  events: {
    types: {
      "kit.color.updated": {
        description: "A kit colour was renamed or changed its HEX value or role; the event carries it as it is now",
        data: colorItem.extend({ id: z.uuid() }).strict(),
      },
    },
    async emit(ctx, input) {
      const color = await findColor(ctx, input.id);
      return { type: "kit.color.updated", data: { id: color.id, ...publicColor(color) } };
    },
  },
  touched: (input) => ({ kind: "kit", id: input.id }),
  undo: { records: (_ctx, input) => [rowRef("kitColor", input.id)] },
  async summarize(ctx, input) {
    const { before, after } = await changed(ctx, input);
    const changes = [
      after.name !== before.name ? `rename it "${after.name}"` : undefined,
      after.hex !== before.hex ? `change its HEX to ${after.hex}` : undefined,
      after.role !== before.role
        ? after.role === "unspecified"
          ? "give it no particular role"
          : `make it ${valueInSentence(after.role, "role")}`
        : undefined,
    ].filter(Boolean);
    const what = changes.length ? changes.join(", ") : "keep it as it is";
    return `In the kit of ${ctx.brand.name}, take the colour "${before.name}" (${before.hex}, ${valueInSentence(before.role, "role")}) and ${what}.`;
  },
  async check(ctx, input) {
    const { after } = await changed(ctx, input);
    const twin = await ctx.db.kitColor.findFirst({
      where: { brandId: ctx.brand.id, hex: after.hex, role: after.role, id: { not: input.id } },
      select: { id: true },
    });
    if (twin) throw duplicateColor(after.hex, after.role, twinField(input));
  },
  async execute(ctx, input) {
    const { after } = await changed(ctx, input);
    try {
      await ctx.db.kitColor.update({ where: { id: input.id }, data: after });
    } catch (error) {
      // the unique index (brand, hex, role) catches a concurrent twin that passed check
      if (isUniqueViolation(error)) throw duplicateColor(after.hex, after.role, twinField(input));
      throw error;
    }
    return { ok: true as const, id: input.id };
  },
});
