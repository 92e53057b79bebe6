"use client";
// The brand's memory: its declarations, each with what it says, where it came from and
// whether it waits for review; Accept / Reject on a pending one for those whose role allows
// memory.review (its confirm card is the conversation's next step, or appears in place), and a
// small form to propose one for those whose role allows memory.propose. After a write (a proposal,
// a review) the card reads the pending declarations again (truth.tsx).
import { useEffect, useState } from "react";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { Badge, count, Empty, WidgetFrame } from "./frame";
import { useCanRun } from "./may";
import { NextPage, usePages } from "./pages";
import { Propose } from "./row-actions";
import { ProposeForm } from "./propose-form";
import { useAnyTouch } from "./truth";
import { errorOf, okDataOf, type Answer, type OutputOf, type WidgetProps } from "./types";
import { dateInWords } from "@/lib/words/date-words";

type Item = OutputOf<"memory.list">["items"][number];

const STATUS_WORDS: Record<Item["status"], { words: string; tone: string }> = {
  pending: { words: "Waiting for review", tone: "warn" },
  accepted: { words: "Accepted", tone: "pass" },
  rejected: { words: "Rejected", tone: "muted" },
};

const SOURCE_WORDS: Record<Item["source"]["kind"], string> = {
  question: "An answered question",
  assistant: "Learnt by the assistant",
  person: "Proposed by a person",
};

export function MemoryWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { run } = useWidgetCalls();
  const canRun = useCanRun();
  const listed = okDataOf(envelope, "memory.list");
  const wrote = okDataOf(envelope, "memory.propose", "memory.review");
  // a write's answer carries no declarations: read the pending ones again, and after every later write
  const [reread, setReread] = useState<Answer<"memory.list"> | null>(null);
  const touches = useAnyTouch();
  useEffect(() => {
    if (!wrote) return;
    let stale = false;
    void run("memory.list", brand, { status: "pending" }).then((answer) => !stale && setReread(answer));
    return () => {
      stale = true;
    };
  }, [wrote, brand, touches]);
  const source = listed
    ? { capabilityId, input, envelope }
    : { capabilityId: "memory.list", input: {}, envelope: reread };
  const pages = usePages({ ...source, brand }, (answer) => okDataOf(answer, "memory.list"));
  const shown = listed ?? okDataOf(reread, "memory.list");
  return (
    <WidgetFrame
      name="memory"
      capabilityId={listed ? capabilityId : "memory.list"}
      error={errorOf(envelope) ?? errorOf(reread)}
      aside={shown ? count(pages.items.length, "declaration", Boolean(pages.nextCursor)) : undefined}
    >
      {wrote && <WriteOutcome capabilityId={capabilityId} input={input} />}
      {!shown ? (
        <p className="widget-working">Reading the brand's memory…</p>
      ) : pages.items.length === 0 ? (
        <Empty>{!listed || input.status === "pending" ? "Nothing waits for review." : "Nothing in memory yet."}</Empty>
      ) : (
        <ul className="list memory-list">
          {pages.items.map((item) => (
            <Declaration key={item.id} item={item} brand={brand} mayReview={canRun("memory.review")} />
          ))}
        </ul>
      )}
      <NextPage pages={pages} />
      {/* a review's outcome sits inside its confirm card: proposing belongs to the memory's own card */}
      {canRun("memory.propose") && capabilityId !== "memory.review" && <ProposeDeclaration brand={brand} />}
    </WidgetFrame>
  );
}

function WriteOutcome({ capabilityId, input }: { capabilityId: string; input: Record<string, unknown> }) {
  const said =
    capabilityId === "memory.propose"
      ? "Proposed: it waits for an admin's review. Waiting now:"
      : input.decision === "reject"
        ? "Rejected: it stays out of the brand's memory. Still waiting:"
        : "Accepted into the brand's memory. Still waiting:";
  return (
    <p className="memory-outcome" data-testid="memory-outcome">
      {said}
    </p>
  );
}

function Declaration({ item, brand, mayReview }: { item: Item; brand: string; mayReview: boolean }) {
  const steps = useCardSteps();
  const status = STATUS_WORDS[item.status];
  const waiting = awaiting(steps, (step) => step.input.declarationId === item.id);
  return (
    <li className="list-row memory-row" data-testid="memory-row" data-status={item.status}>
      <div className="list-main">
        <span className="list-title">{item.statement}</span>
        <span className="list-details">
          About {item.subject} · {SOURCE_WORDS[item.source.kind]}
          {item.author ? `, ${item.author.name}` : ""} · {day(item.createdAt)}
          {item.reviewedBy ? ` · ${status.words} by ${item.reviewedBy.name}` : ""}
        </span>
        {item.status === "pending" && mayReview && waiting && (
          <span className="muted row-waiting" data-testid="row-waiting">
            Waiting for your confirmation below.
          </span>
        )}
        {item.status === "pending" && mayReview && !waiting && (
          <span className="row-actions">
            <Propose
              brand={brand}
              label="Accept"
              testId="memory-accept"
              capabilityId="memory.review"
              input={{ declarationId: item.id, decision: "accept" }}
            />
            <Propose
              brand={brand}
              label="Reject"
              testId="memory-reject"
              capabilityId="memory.review"
              input={{ declarationId: item.id, decision: "reject" }}
            />
          </span>
        )}
      </div>
      <span className="list-badges">
        <Badge tone={status.tone}>{status.words}</Badge>
      </span>
    </li>
  );
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
      proposed="Proposed: it waits for an admin's review."
      input={() => ({ subject, statement })}
      onProposed={() => (setSubject(""), setStatement(""))}
    >
      <label>
        <span>What it is about</span>
        <input
          data-testid="memory-subject"
          value={subject}
          maxLength={80}
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
          maxLength={2000}
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
