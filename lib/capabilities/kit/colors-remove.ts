import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { removedKitRecord } from "./shared/removed-event";
import { colorId, findColor } from "./shared/color-record";
import { valueInSentence } from "../../words/value-words";

export const kitColorsRemove = defineCapability({
  id: "kit.colors.remove",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Remove a kit colour",
  description: "Removes one colour from the brand kit; agents stop offering it at once.",
  input: z.object({ id: colorId() }).strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.color.removed": {
        description: "A colour was removed from the brand kit",
        data: removedKitRecord("The removed colour's id, as kit.read gave it"),
      },
    },
    emit: (_ctx, input) => ({ type: "kit.color.removed", data: { id: input.id, deleted: true as const } }),
  },
  touched: (input) => ({ kind: "kit", id: input.id, removed: true }),
  undo: { records: (_ctx, input) => [rowRef("kitColor", input.id)] },
  async summarize(ctx, input) {
    const color = await findColor(ctx, input.id);
    return `Remove the colour "${color.name}" (${color.hex}, ${valueInSentence(color.role, "role")}) from the kit of ${ctx.brand.name}.`;
  },
  async check(ctx, input) {
    await findColor(ctx, input.id);
  },
  async execute(ctx, input) {
    const color = await findColor(ctx, input.id);
    await ctx.db.kitColor.delete({ where: { id: color.id } });
    return { ok: true as const, id: color.id };
  },
});
