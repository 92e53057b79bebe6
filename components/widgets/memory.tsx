"use client";
// The brand's memory: its declarations, each with what it says, where it came from and whether it
// waits for review, in the card every propose/review area shares (review-queue.tsx): Accept / Reject
// on a pending one for those whose role allows memory.review (its confirm card is the conversation's
// next step, or appears in place), and a small form to propose one for those whose role allows
// memory.propose.
import { useState } from "react";
import { MEMORY_REVIEW, STATEMENT_MAX, SUBJECT_MAX } from "@/lib/capabilities/memory/shared/words";
import { dateInWords } from "@/lib/words/date-words";
import { ProposeForm } from "./propose-form";
import { type ReviewArea, ReviewQueue } from "./review-queue";
import type { OutputOf, WidgetProps } from "./types";

type Item = OutputOf<"memory.list">["items"][number];

const SOURCE_WORDS: Record<Item["source"]["kind"], string> = {
  question: "An answered question",
  assistant: "Learnt by the assistant",
  person: "Proposed by a person",
};

const MEMORY: ReviewArea<typeof MEMORY_REVIEW, "memory.list", "memory.review", Item> = {
  name: "memory",
  flow: MEMORY_REVIEW,
  read: "memory.list",
  propose: "memory.propose",
  review: "memory.review",
  pageOf: (data) => data,
  reviewInput: (item, decision) => ({ declarationId: item.id, decision }),
  idField: "declarationId",
  words: {
    nouns: ["declaration", "declarations"],
    reading: "Reading the brand's memory…",
    empty: "Nothing in memory yet.",
    status: { pending: "Waiting for review", accepted: "Accepted", rejected: "Rejected" },
    outcome: {
      proposed: "Proposed: it waits for an admin's review.",
      accept: "Accepted into the brand's memory.",
      reject: "Rejected: it stays out of the brand's memory.",
    },
  },
  title: (item) => item.statement,
  Details: ({ item }) => (
    <span className="list-details">
      About {item.subject} · {SOURCE_WORDS[item.source.kind]}
      {item.author ? `, ${item.author.name}` : ""} · {day(item.createdAt)}
      {item.reviewedBy ? ` · ${MEMORY.words.status[item.status]} by ${item.reviewedBy.name}` : ""}
    </span>
  ),
  Proposing: ProposeDeclaration,
};

export function MemoryWidget(props: WidgetProps) {
  return <ReviewQueue area={MEMORY} {...props} />;
}

/** Proposes a declaration; it needs no confirmation, and the card (or the conversation's next one) shows it waiting. */
function ProposeDeclaration({ brand }: { brand: string }) {
  const [subject, setSubject] = useState("");
  const [statement, setStatement] = useState("");
  return (
    <ProposeForm
      name="memory"
      capabilityId="memory.propose"
      brand={brand}
      opener="Propose something to remember"
      proposed={MEMORY.words.outcome.proposed}
      input={() => ({ subject, statement })}
      onProposed={() => (setSubject(""), setStatement(""))}
    >
      <label>
        <span>What it is about</span>
        <input
          data-testid="memory-subject"
          value={subject}
          maxLength={SUBJECT_MAX}
          required
          placeholder="e.g. Opening hours"
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <label>
        <span>What the brand should remember</span>
        <textarea
          data-testid="memory-statement"
          value={statement}
          maxLength={STATEMENT_MAX}
          rows={3}
          required
          onChange={(event) => setStatement(event.target.value)}
        />
      </label>
    </ProposeForm>
  );
}

/** "28 November 2026": the people's one way of saying a day (dateInWords), whatever their locale spells. */
function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateInWords(date, false);
}
