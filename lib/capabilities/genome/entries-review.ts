import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { invalidInput, revisionConflict } from "../../contract/errors";
import { applyMove, checkMove, reviewedRows } from "../../review/decide";
import { changesWhatCounts, decisionEvent, decisionEventTypes, decisionsOf } from "../../review/flow";
import { REVIEWING } from "../../review/roles";
import { expectedRevision, recordId, writeOutput } from "../schemas";
import { findGenomeEntry, genomeEntryRecord, genomeEntryRecordOf } from "./shared/records";
import { GENOME_REVIEW, isGenomeKind, KIND_WORDS } from "./shared/words";

export const genomeEntriesReview = defineCapability({
  id: "genome.entries.review",
  ...REVIEWING,
  scope: "genome.write",
  phase: "planned",
  widget: "confirm",
  title: "Review an entry of the brand voice",
  description:
    "Approves or rejects a proposed genome entry, or retires an approved one. Approving puts it into the voice " +
    "(brand.soul.read), retiring takes it out; both move the genome revision. Send the revision from genome.read as " +
    "expectedRevision.",
  input: z
    .object({
      entryId: recordId().describe("The genome entry's id (genome.read)"),
      decision: z
        .enum(decisionsOf(GENOME_REVIEW))
        .describe("approve or reject a proposed entry, or retire an approved one"),
      expectedRevision: expectedRevision(),
    })
    .strict(),
  output: writeOutput,
  touched: (input, data) => ({
    kind: "genome_entry",
    id: input.entryId,
    ...(data.revision ? { revision: data.revision } : {}),
  }),
  // the entry back to its status before, and the genome whose revision the review moved: a restore moves it on again
  undo: {
    records: (ctx, input) =>
      reviewedRows("genomeEntry", input.entryId, { model: "genome", key: { brandId: ctx.brand.id } }),
  },
  events: {
    // genome.entry.approved, .rejected and .retired: one per decision, named by the status it leaves
    types: decisionEventTypes("genome.entry", GENOME_REVIEW, genomeEntryRecord, {
      approve: "A proposed genome entry was approved: it is part of the voice from now on",
      reject: "A proposed genome entry was rejected: it never reaches the voice",
      retire: "An approved genome entry was retired: the voice no longer carries it",
    }),
    emit: async (ctx, input) => ({
      type: decisionEvent("genome.entry", GENOME_REVIEW, input.decision),
      data: await genomeEntryRecordOf(ctx.db, ctx.brand.id, input.entryId),
    }),
  },
  async summarize(ctx, input) {
    const entry = await findGenomeEntry(ctx.db, ctx.brand.id, input.entryId);
    const kind = isGenomeKind(entry.kind) ? KIND_WORDS[entry.kind] : "entry";
    if (input.decision === "approve") return `The voice gains the ${kind}: "${entry.value}".`;
    if (input.decision === "retire") return `The voice loses the ${kind}: "${entry.value}".`;
    return `Turn down the proposed ${kind} "${entry.value}"; the voice does not change.`;
  },
  async check(ctx, input) {
    const entry = await findGenomeEntry(ctx.db, ctx.brand.id, input.entryId);
    checkMove(GENOME_REVIEW, input.decision, entry.status);
    const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { revision: true } });
    if (genome && genome.revision !== input.expectedRevision) throw revisionConflict(genome.revision);
  },
  async execute(ctx, input) {
    // the voice changes on an approval or a retirement, and with it the revision
    const changesVoice = changesWhatCounts(GENOME_REVIEW, input.decision);
    // a change of the voice compares and bumps the revision in one statement: two reviewers cannot both win;
    // a rejection leaves the voice, its revision and its compiledAt as they are
    const updated = changesVoice
      ? await ctx.db.genome.updateMany({
          where: { brandId: ctx.brand.id, revision: input.expectedRevision },
          data: { revision: { increment: 1 } },
        })
      : { count: await ctx.db.genome.count({ where: { brandId: ctx.brand.id, revision: input.expectedRevision } }) };
    if (updated.count === 0) {
      const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { revision: true } });
      if (!genome) throw invalidInput("expectedRevision", "this brand has no genome yet");
      throw revisionConflict(genome.revision);
    }
    await applyMove(ctx.db.genomeEntry, GENOME_REVIEW, input.decision, {
      id: input.entryId,
      brandId: ctx.brand.id,
      reviewerId: ctx.actor.userId,
      at: ctx.now,
    });
    const revision = input.expectedRevision + (changesVoice ? 1 : 0);
    return { ok: true as const, id: input.entryId, revision };
  },
});
