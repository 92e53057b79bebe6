import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { invalidInput, revisionConflict } from "../../contract/errors";
import { expectedRevision, recordId, writeOutput } from "../schemas";
import {
  type GenomeStatus,
  KIND_WORDS,
  findGenomeEntry,
  genomeEntryRecord,
  genomeEntryRecordOf,
  isGenomeKind,
} from "./shared";

const DECISIONS = ["approve", "reject", "retire"] as const;
type Decision = (typeof DECISIONS)[number];

/** Each decision: the status it moves from and to, and whether the voice changes (and so the revision). */
const MOVES: Record<Decision, { from: GenomeStatus; to: GenomeStatus; changesVoice: boolean }> = {
  approve: { from: "proposed", to: "approved", changesVoice: true },
  reject: { from: "proposed", to: "rejected", changesVoice: false },
  retire: { from: "approved", to: "retired", changesVoice: true },
};

const STATUS_WORDS: Record<GenomeStatus, string> = {
  proposed: "only proposed",
  approved: "already approved",
  rejected: "rejected",
  retired: "retired",
};

const EVENT_OF = {
  approve: "genome.entry.approved",
  reject: "genome.entry.rejected",
  retire: "genome.entry.retired",
} as const;

export const genomeEntriesReview = defineCapability({
  id: "genome.entries.review",
  kind: "write",
  scope: "genome.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
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
      decision: z.enum(DECISIONS).describe("approve or reject a proposed entry, or retire an approved one"),
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
    records: (ctx, input) => [
      rowRef("genomeEntry", input.entryId),
      { model: "genome", key: { brandId: ctx.brand.id } },
    ],
  },
  events: {
    types: {
      "genome.entry.approved": {
        description: "A proposed genome entry was approved: it is part of the voice from now on",
        data: genomeEntryRecord,
      },
      "genome.entry.rejected": {
        description: "A proposed genome entry was rejected: it never reaches the voice",
        data: genomeEntryRecord,
      },
      "genome.entry.retired": {
        description: "An approved genome entry was retired: the voice no longer carries it",
        data: genomeEntryRecord,
      },
    },
    emit: async (ctx, input) => ({
      type: EVENT_OF[input.decision],
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
    const move = MOVES[input.decision];
    if (entry.status !== move.from) {
      throw invalidInput(
        "decision",
        `cannot ${input.decision} an entry that is ${STATUS_WORDS[entry.status as GenomeStatus] ?? entry.status}: ` +
          "approve or reject a proposed entry, retire an approved one",
      );
    }
    const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { revision: true } });
    if (genome && genome.revision !== input.expectedRevision) throw revisionConflict(genome.revision);
  },
  async execute(ctx, input) {
    const move = MOVES[input.decision];
    // a change of the voice compares and bumps the revision in one statement: two reviewers cannot both win;
    // a rejection leaves the voice, its revision and its compiledAt as they are
    const updated = move.changesVoice
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
    const moved = await ctx.db.genomeEntry.updateMany({
      where: { id: input.entryId, brandId: ctx.brand.id, status: move.from },
      data: { status: move.to, reviewedById: ctx.actor.userId, reviewedAt: ctx.now },
    });
    // another review moved it first (the transaction is undone with this refusal)
    if (moved.count === 0) throw invalidInput("decision", `the entry is no longer ${move.from}`);
    const revision = input.expectedRevision + (move.changesVoice ? 1 : 0);
    return { ok: true as const, id: input.entryId, revision };
  },
});
