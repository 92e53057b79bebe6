"use client";
// Where a genome entry came from and who decided on it, in words: the genome card's rows and the
// voice card's "Where from?" both say it. A module of its own so the voice card (reached from the
// fallback every nested widget may show) does not import the genome card and its actions.
import type { OutputOf } from "./types";
import { dateInWords } from "@/lib/words/date-words";

export type GenomeEntry = OutputOf<"genome.read">["entries"][number];
type Entry = GenomeEntry;

const SOURCE_WORDS: Record<Entry["source"]["kind"], string> = {
  person: "Proposed by a person",
  assistant: "Learnt by the assistant",
  question: "From an answered question",
  memory: "From the brand's memory",
  seed: "From the brand's first setup",
};

/** what a review made of an entry, as its row says it */
const REVIEWED_WORDS: Record<Entry["status"], string> = {
  proposed: "Reviewed",
  approved: "Approved",
  rejected: "Rejected",
  retired: "Retired",
};

/** Where an entry came from and who decided on it, in words. */
export function Origin({ entry }: { entry: Entry }) {
  return (
    <>
      {SOURCE_WORDS[entry.source.kind]}
      {entry.proposedBy ? `, ${entry.proposedBy.name}` : ""} · {day(entry.createdAt)}
      {entry.reviewedBy && entry.reviewedAt
        ? ` · ${REVIEWED_WORDS[entry.status]} by ${entry.reviewedBy.name}, ${day(entry.reviewedAt)}`
        : ""}
    </>
  );
}

/** "28 November 2026": the people's one way of saying a day (dateInWords), whatever their locale spells. */
export function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateInWords(date, false);
}
