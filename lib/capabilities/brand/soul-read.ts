import { z } from "zod";
import { defineCapability } from "../../contract/define";
import type { BrandContext } from "../../contract/context";
import { int53, timestamp } from "../schemas";
import { iso } from "../../contract/time";

export const brandSoulRead = defineCapability({
  id: "brand.soul.read",
  kind: "read",
  scope: "brand.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: null,
  title: "Read the brand voice",
  description:
    "The compiled brand voice (tone, guardrails, vocabulary to use and avoid, archetypes), built only from reviewed " +
    "genome data. Read it before writing anything on behalf of the brand.",
  input: z.object({}).strict(),
  output: z
    .object({
      revision: int53().describe("Genome revision the voice was compiled from"),
      compiledAt: timestamp().describe("When the reviewed material behind this voice last changed"),
      voice: z.string(),
      guardrails: z.array(z.string()),
      vocabulary: z.object({ use: z.array(z.string()), avoid: z.array(z.string()) }),
      archetypes: z.array(z.string()),
    })
    .strict(),
  async execute(ctx) {
    const genome = await readVoiceEntries(ctx);
    const entries = genome?.entries ?? [];
    const of = (kind: string) => entries.filter((entry) => entry.kind === kind).map((entry) => entry.value);
    const lastChange = entries.reduce(
      // biome-ignore lint/complexity/useMathMinMax: Dates, which Math.max would turn into numbers
      (latest, entry) => (entry.updatedAt > latest ? entry.updatedAt : latest),
      genome?.updatedAt ?? ctx.now,
    );
    return {
      revision: genome?.revision ?? 1,
      compiledAt: iso(lastChange),
      voice: of("voice").join("\n\n"),
      guardrails: of("guardrail"),
      vocabulary: { use: of("vocabulary_use"), avoid: of("vocabulary_avoid") },
      archetypes: of("archetype"),
    };
  },
});

/**
 * The genome entries that make the voice, with the genome's revision: brand.soul.read compiles them
 * and brand.check checks against them, so both follow one rule of what reaches the voice.
 */
export async function readVoiceEntries(ctx: Pick<BrandContext, "db" | "brand">) {
  return ctx.db.genome.findUnique({
    where: { brandId: ctx.brand.id },
    select: {
      revision: true,
      updatedAt: true,
      // unreviewed suggestions never reach the voice
      entries: { where: { reviewed: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
}
