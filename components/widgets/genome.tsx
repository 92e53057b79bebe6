"use client";
// The brand's genome: the entries its voice is built from, each with what it says, its
// kind in words, where it came from and whether it is in the voice; Approve / Reject on a proposal
// and Retire on an approved entry for those whose role allows genome.entries.review (through the
// confirm card), and a form to propose one for those whose role allows genome.entries.propose.
import { useEffect, useState } from "react";
import { GENOME_KINDS, type GenomeKind, KIND_WORDS, VALUE_MAX } from "@/lib/capabilities/genome/words";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { Badge, Empty, WidgetFrame } from "./frame";
import { useCanRun } from "./may";
import { NextPage, usePages } from "./pages";
import { Propose } from "./row-actions";
import { ProposeForm } from "./propose-form";
import { useAnyTouch } from "./truth";
import { errorOf, okDataOf, type Answer, type WidgetProps } from "./types";
import { type GenomeEntry, Origin } from "./genome-origin";

type Entry = GenomeEntry;

const STATUS_WORDS: Record<Entry["status"], { words: string; tone: string }> = {
  proposed: { words: "Waiting for review", tone: "warn" },
  approved: { words: "In the voice", tone: "pass" },
  rejected: { words: "Rejected", tone: "muted" },
  retired: { words: "Retired", tone: "muted" },
};

const entriesCount = (n: number, more: boolean) => `${n}${more ? "+" : ""} ${n === 1 && !more ? "entry" : "entries"}`;

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function GenomeWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { run } = useWidgetCalls();
  const canRun = useCanRun();
  const listed = okDataOf(envelope, "genome.read");
  const wrote = okDataOf(envelope, "genome.entries.propose");
  // a proposal's answer carries ids only: read what waits for review again, and after every later write
  const [reread, setReread] = useState<Answer<"genome.read"> | null>(null);
  const touches = useAnyTouch();
  useEffect(() => {
    if (!wrote) return;
    let stale = false;
    void run("genome.read", brand, { status: "proposed" }).then((answer) => !stale && setReread(answer));
    return () => {
      stale = true;
    };
  }, [wrote, brand, touches]);
  const source = listed
    ? { capabilityId, input, envelope }
    : { capabilityId: "genome.read", input: { status: "proposed" }, envelope: reread };
  const pages = usePages({ ...source, brand }, (answer) => {
    const data = okDataOf(answer, "genome.read");
    return data && { items: data.entries, nextCursor: data.nextCursor };
  });
  const shown = listed ?? okDataOf(reread, "genome.read");
  return (
    <WidgetFrame
      name="genome"
      capabilityId={listed ? capabilityId : "genome.read"}
      error={errorOf(envelope) ?? errorOf(reread)}
      aside={shown ? entriesCount(pages.items.length, Boolean(pages.nextCursor)) : undefined}
    >
      {wrote && (
        <p className="genome-outcome" data-testid="genome-outcome">
          Proposed: it reaches the voice once an admin approves it. Waiting now:
        </p>
      )}
      {!shown ? (
        <p className="widget-working">Reading the brand voice's entries…</p>
      ) : pages.items.length === 0 ? (
        <Empty>{source.input.status === "proposed" ? "Nothing waits for review." : "No entries yet."}</Empty>
      ) : (
        <ul className="list genome-list">
          {pages.items.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              brand={brand}
              revision={shown.revision}
              mayReview={canRun("genome.entries.review")}
            />
          ))}
        </ul>
      )}
      <NextPage pages={pages} />
      {canRun("genome.entries.propose") && <ProposeEntry brand={brand} />}
    </WidgetFrame>
  );
}

function EntryRow({
  entry,
  brand,
  revision,
  mayReview,
}: {
  entry: Entry;
  brand: string;
  revision: number;
  mayReview: boolean;
}) {
  const steps = useCardSteps();
  const status = STATUS_WORDS[entry.status];
  const waiting = awaiting(steps, (step) => step.input.entryId === entry.id);
  const decisions =
    entry.status === "proposed"
      ? ([
          ["approve", "Approve"],
          ["reject", "Reject"],
        ] as const)
      : entry.status === "approved"
        ? ([["retire", "Retire"]] as const)
        : [];
  return (
    <li className="list-row genome-row" data-testid="genome-row" data-status={entry.status}>
      <div className="list-main">
        <span className="list-title">{entry.value}</span>
        <span className="list-details">
          {capital(KIND_WORDS[entry.kind])} · <Origin entry={entry} />
        </span>
        {entry.note && <span className="list-details">“{entry.note}”</span>}
        {mayReview && decisions.length > 0 && waiting && (
          <span className="muted row-waiting" data-testid="row-waiting">
            Waiting for your confirmation below.
          </span>
        )}
        {mayReview && decisions.length > 0 && !waiting && (
          <span className="row-actions">
            {decisions.map(([decision, label]) => (
              <Propose
                key={decision}
                brand={brand}
                label={label}
                testId={`genome-${decision}`}
                capabilityId="genome.entries.review"
                input={{ entryId: entry.id, decision, expectedRevision: revision }}
              />
            ))}
          </span>
        )}
      </div>
      <span className="list-badges">
        <Badge tone={status.tone}>{status.words}</Badge>
      </span>
    </li>
  );
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
      proposed="Proposed: it reaches the voice once an admin approves it."
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
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
    </ProposeForm>
  );
}
