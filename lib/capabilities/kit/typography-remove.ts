import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { removedKitRecord } from "./shared/removed-event";
import { findTypography, typographyId, typographyInWords } from "./shared/typography";

export const kitTypographyRemove = defineCapability({
  id: "kit.typography.remove",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Remove a kit typeface",
  description: "Removes one typography family from the brand kit.",
  input: z.object({ id: typographyId() }).strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.typography.removed": {
        description: "A typography family was removed from the brand kit",
        data: removedKitRecord("The removed family's id, as kit.read gave it"),
      },
    },
    emit: (_ctx, input) => ({ type: "kit.typography.removed", data: { id: input.id, deleted: true as const } }),
  },
  touched: (input) => ({ kind: "kit", id: input.id, removed: true }),
  undo: { records: (_ctx, input) => [rowRef("kitTypography", input.id)] },
  async summarize(ctx, input) {
    const font = await findTypography(ctx, input.id);
    return `Remove the typeface ${typographyInWords(font)} from the kit of ${ctx.brand.name}.`;
  },
  async check(ctx, input) {
    await findTypography(ctx, input.id);
  },
  async execute(ctx, input) {
    const font = await findTypography(ctx, input.id);
    await ctx.db.kitTypography.delete({ where: { id: font.id } });
    return { ok: true as const, id: font.id };
  },
});
