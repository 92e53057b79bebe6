// The genome's closed lists, its review flow and their words: pure, so the widgets read them too
// (components/widgets/genome.tsx).
import { reviewFlow } from "../../../review/flow";

export const GENOME_KINDS = ["voice", "guardrail", "vocabulary_use", "vocabulary_avoid", "archetype"] as const;
export const GENOME_STATUSES = ["proposed", "approved", "rejected", "retired"] as const;
export const SOURCE_KINDS = ["person", "assistant", "question", "memory", "seed"] as const;
export const VALUE_MAX = 500;
export const NOTE_MAX = 500;
export type GenomeKind = (typeof GENOME_KINDS)[number];
export type GenomeStatus = (typeof GENOME_STATUSES)[number];

export const isGenomeKind = (kind: string): kind is GenomeKind => GENOME_KINDS.some((name) => name === kind);

/** An entry waits as proposed; only an approved one is in the voice, until it is retired. */
export const GENOME_REVIEW = reviewFlow({
  statuses: GENOME_STATUSES,
  waiting: "proposed",
  holding: ["approved"],
  moves: {
    approve: { from: "proposed", to: "approved" },
    reject: { from: "proposed", to: "rejected" },
    retire: { from: "approved", to: "retired" },
  },
  noun: "entry",
});

/** Each kind as a person reads it ("The voice gains the guardrail: …"). */
export const KIND_WORDS: Record<GenomeKind, string> = {
  voice: "tone of voice",
  guardrail: "guardrail",
  vocabulary_use: "word to use",
  vocabulary_avoid: "word to avoid",
  archetype: "archetype",
};
