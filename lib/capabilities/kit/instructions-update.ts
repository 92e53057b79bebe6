import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { writeOutput } from "../schemas";
import { KIT_SECTIONS } from "./shared/sections";
import { sectionPhrase } from "../../words/value-words";

export const kitInstructionsUpdate = defineCapability({
  id: "kit.instructions.update",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Replace kit usage text",
  description: "Replaces the usage text of one brand-kit section: logos, colors, typography, imagery or general.",
  input: z
    .object({
      section: z.enum(KIT_SECTIONS).describe("logos, colors, typography, imagery or general"),
      text: z.string().max(4000).describe("The new usage text (replaces the old one; empty clears it)"),
    })
    .strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.instructions.updated": {
        description: "The usage text of one brand-kit section was replaced (an empty text cleared it)",
        data: z.object({ section: z.enum(KIT_SECTIONS), text: z.string() }).strict(),
      },
    },
    emit: (_ctx, input) => ({ type: "kit.instructions.updated", data: { section: input.section, text: input.text } }),
  },
  // a section's text is one row per brand and section: the section names it
  touched: (input) => ({ kind: "kit", id: input.section }),
  undo: {
    records: (ctx, input) => [{ model: "kitInstruction", key: { brandId: ctx.brand.id, section: input.section } }],
  },
  summarize: (ctx, input) =>
    input.text.trim()
      ? `Replace ${sectionPhrase(input.section)} of ${ctx.brand.name}'s kit with: "${input.text}".`
      : `Clear ${sectionPhrase(input.section)} of ${ctx.brand.name}'s kit.`,
  async execute(ctx, input) {
    await ctx.db.kitInstruction.upsert({
      where: { brandId_section: { brandId: ctx.brand.id, section: input.section } },
      create: { brandId: ctx.brand.id, section: input.section, text: input.text },
      update: { text: input.text },
    });
    return { ok: true as const };
  },
});
