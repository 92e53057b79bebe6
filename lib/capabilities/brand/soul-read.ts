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
    "The compiled brand voice (tone, guardrails, vocabulary to use and avoid, archetypes), built only from approved " +
    "genome entries, with the entry ids behind each line. Read it before writing anything on behalf of the brand.",
  input: z.object({}).strict(),
  output: z
    .object({
      revision: int53().describe("Genome revision the voice was compiled from"),
      compiledAt: timestamp().describe("When the reviewed material behind this voice last changed"),
      voice: z.string(),
      guardrails: z.array(z.string()),
      vocabulary: z.object({ use: z.array(z.string()), avoid: z.array(z.string()) }),
      archetypes: z.array(z.string()),
      // additive: where each line comes from, so a reader can open the entry (genome.read)
      sources: z
        .object({
          voice: z.array(z.uuid()).describe("The entry behind each paragraph of voice, in order"),
          guardrails: z.array(z.uuid()).describe("The entry behind each guardrail, in order"),
          vocabulary: z.object({ use: z.array(z.uuid()), avoid: z.array(z.uuid()) }),
          archetypes: z.array(z.uuid()),
        })
        .strict()
        .describe("The genome entry ids behind each line of the voice, parallel to the lists above"),
    })
    .strict(),
  async execute(ctx) {
    const genome = await readVoiceEntries(ctx);
    const entries = genome?.entries ?? [];
    const of = (kind: string) => entries.filter((entry) => entry.kind === kind).map((entry) => entry.value);
    const idsOf = (kind: string) => entries.filter((entry) => entry.kind === kind).map((entry) => entry.id);
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
      sources: {
        voice: idsOf("voice"),
        guardrails: idsOf("guardrail"),
        vocabulary: { use: idsOf("vocabulary_use"), avoid: idsOf("vocabulary_avoid") },
        archetypes: idsOf("archetype"),
      },
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
      // proposed, rejected and retired entries never reach the voice (genome.entries.review)
      entries: { where: { status: "approved" }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
}
