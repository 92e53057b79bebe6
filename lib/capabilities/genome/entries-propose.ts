import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { proposedEvent } from "../../review/flow";
import { proposedRows } from "../../review/decide";
import { PROPOSING, proposalSource } from "../../review/roles";
import { genomeEntryRecord, genomeEntryRecords, genomeEntrySelect } from "./shared/records";
import { GENOME_KINDS, GENOME_REVIEW, KIND_WORDS, NOTE_MAX, VALUE_MAX } from "./shared/words";

export const genomeEntriesPropose = defineCapability({
  id: "genome.entries.propose",
  // a proposal never reaches the voice until an admin approves it (genome.entries.review)
  ...PROPOSING,
  scope: "genome.write",
  phase: "planned",
  widget: "genome",
  title: "Propose additions to the brand voice",
  description:
    "Proposes 1 to 10 genome entries (a tone of voice, a guardrail, a word to use or avoid, an archetype) learnt about " +
    "the brand. They stay proposed, outside brand.soul.read, until an admin approves them (genome.entries.review).",
  input: z
    .object({
      entries: z
        .array(
          z
            .object({
              kind: z
                .enum(GENOME_KINDS)
                .describe(
                  "voice (how the brand sounds), guardrail (a rule it keeps), vocabulary_use, vocabulary_avoid or archetype",
                ),
              value: z
                .string()
                .trim()
                .min(1)
                .max(VALUE_MAX)
                .describe(`The entry as the voice would carry it (at most ${VALUE_MAX} characters)`),
            })
            .strict(),
        )
        .min(1)
        .max(10)
        .describe("1 to 10 entries"),
      note: z
        .string()
        .trim()
        .max(NOTE_MAX)
        .optional()
        .describe(`Why, for the admin who reviews it (at most ${NOTE_MAX} characters)`),
    })
    .strict(),
  output: z
    .object({ ok: z.literal(true), ids: z.array(z.uuid()).describe("One id per proposed entry, in order") })
    .strict(),
  // one record named for all: a touch is what tells the chat's cards to read again
  touched: (_input, data) => (data.ids[0] ? { kind: "genome_entry", id: data.ids[0] } : undefined),
  // the proposals are withdrawn (removed) while still proposed; once reviewed they changed since: refused
  undo: { records: (_ctx, _input, data) => proposedRows("genomeEntry", data?.ids ?? []) },
  events: {
    types: {
      [proposedEvent("genome.entry")]: {
        description:
          "Genome entries were proposed (one event per call, its entries in order); none reaches the voice yet",
        data: z.object({ items: z.array(genomeEntryRecord) }).strict(),
      },
    },
    emit: async (ctx, _input, data) => {
      const rows = await ctx.db.genomeEntry.findMany({
        where: { brandId: ctx.brand.id, id: { in: data.ids } },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: genomeEntrySelect,
      });
      return { type: proposedEvent("genome.entry"), data: { items: await genomeEntryRecords(ctx.db, rows) } };
    },
  },
  summarize: (_ctx, input) =>
    `Propose for the brand voice ${input.entries.map((entry) => `the ${KIND_WORDS[entry.kind]} "${entry.value}"`).join(", ")}.`,
  async execute(ctx, input) {
    // after every entry there is, so the voice keeps its order and a new one comes last
    const last = await ctx.db.genomeEntry.aggregate({ where: { brandId: ctx.brand.id }, _max: { position: true } });
    const first = (last._max.position ?? -1) + 1;
    const rows = input.entries.map((entry, index) => ({
      id: randomUUID(),
      brandId: ctx.brand.id,
      kind: entry.kind,
      value: entry.value,
      status: GENOME_REVIEW.waiting,
      sourceKind: proposalSource(ctx.byModel),
      note: input.note || null,
      proposedById: ctx.actor.userId,
      position: first + index,
      createdAt: ctx.now,
    }));
    await ctx.db.genomeEntry.createMany({ data: rows });
    return { ok: true as const, ids: rows.map((row) => row.id) };
  },
});
