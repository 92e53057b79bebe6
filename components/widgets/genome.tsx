"use client";
// The brand's genome: the entries its voice is built from, each with what it says, its kind in
// words, where it came from and whether it is in the voice, in the card every propose/review area
// shares (review-queue.tsx): Approve / Reject on a proposal and Retire on an approved entry for those
// whose role allows genome.entries.review (through the confirm card), and a form to propose one for
// those whose role allows genome.entries.propose.
import { useState } from "react";
import {
  GENOME_KINDS,
  GENOME_REVIEW,
  type GenomeKind,
  KIND_WORDS,
  NOTE_MAX,
  VALUE_MAX,
} from "@/lib/capabilities/genome/shared/words";
import { type GenomeEntry, Origin } from "./genome-origin";
import { ProposeForm } from "./propose-form";
import { type ReviewArea, ReviewQueue } from "./review-queue";
import type { WidgetProps } from "./types";

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const GENOME: ReviewArea<typeof GENOME_REVIEW, "genome.read", "genome.entries.review", GenomeEntry> = {
  name: "genome",
  flow: GENOME_REVIEW,
  read: "genome.read",
  propose: "genome.entries.propose",
  review: "genome.entries.review",
  pageOf: (data) => ({ items: data.entries, nextCursor: data.nextCursor }),
  // a decision on the voice names the revision it was read at: a review by someone else first is a conflict
  reviewInput: (entry, decision, data) => ({ entryId: entry.id, decision, expectedRevision: data.revision }),
  idField: "entryId",
  words: {
    nouns: ["entry", "entries"],
    reading: "Reading the brand voice's entries…",
    empty: "No entries yet.",
    status: { proposed: "Waiting for review", approved: "In the voice", rejected: "Rejected", retired: "Retired" },
    outcome: { proposed: "Proposed: it reaches the voice once an admin approves it." },
  },
  title: (entry) => entry.value,
  Details: ({ item: entry }) => (
    <>
      <span className="list-details">
        {capital(KIND_WORDS[entry.kind])} · <Origin entry={entry} />
      </span>
      {entry.note && <span className="list-details">“{entry.note}”</span>}
    </>
  ),
  Proposing: ProposeEntry,
};

export function GenomeWidget(props: WidgetProps) {
  return <ReviewQueue area={GENOME} {...props} />;
}

/** Proposes one entry; it needs no confirmation, and the card (or the conversation's next one) shows it waiting. */
function ProposeEntry({ brand }: { brand: string }) {
  const [kind, setKind] = useState<GenomeKind>("guardrail");
  const [value, setValue] = useState("");
  const [note, setNote] = useState("");
  return (
    <ProposeForm
      name="genome"
      capabilityId="genome.entries.propose"
      brand={brand}
      opener="Propose something for the voice"
      proposed={GENOME.words.outcome.proposed}
      input={() => ({ entries: [{ kind, value }], ...(note.trim() ? { note } : {}) })}
      onProposed={() => (setValue(""), setNote(""))}
    >
      <label>
        <span>Kind</span>
        <select data-testid="genome-kind" value={kind} onChange={(event) => setKind(event.target.value as GenomeKind)}>
          {GENOME_KINDS.map((name) => (
            <option key={name} value={name}>
              {capital(KIND_WORDS[name])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>What it says</span>
        <textarea
          data-testid="genome-value"
          value={value}
          maxLength={VALUE_MAX}
          rows={2}
          required
          placeholder="e.g. Never promise delivery dates."
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <label>
        <span>Why (for the person who reviews it)</span>
        <input
          data-testid="genome-note"
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
    </ProposeForm>
  );
}
