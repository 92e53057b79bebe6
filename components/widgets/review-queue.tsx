"use client";
// The one card of a propose/review area (the brand voice's genome, the brand's memory): its records,
// each with what it says, where it came from and its status in words; the decisions its status allows
// (lib/review/flow.ts) for those whose role allows the review, each through the confirm card (the
// conversation's next step, or in place); and the area's form to propose one for those whose role
// allows proposing. A write's answer carries no records: after one (a proposal, a review) the card
// reads what waits for review again, and again after every later write (truth.tsx). Each area says
// only what is its own: its words, a row's details, the review's input and the proposal's fields.
import { useEffect, useState, type ComponentType } from "react";
import type { CapabilityId } from "@/lib/capabilities/registry";
import { type DecisionOf, decisionsFrom, type ReviewFlow, toneOf } from "@/lib/review/flow";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { Badge, Empty, WidgetFrame } from "./frame";
import { useCanRun } from "./may";
import { NextPage, usePages } from "./pages";
import { Propose } from "./row-actions";
import { useAnyTouch } from "./truth";
import { errorOf, type InputOf, okDataOf, type OutputOf, type ToolEnvelope, type WidgetProps } from "./types";

type Reviewable<S extends string> = { id: string; status: S };
type StatusOf<F extends ReviewFlow> = F["statuses"][number];

export type ReviewArea<
  F extends ReviewFlow,
  Read extends CapabilityId,
  Review extends CapabilityId,
  Item extends Reviewable<StatusOf<F>>,
> = {
  /** the widget's name: its frame, classes and test ids (`<name>-row`, `<name>-approve`, `<name>-outcome`) */
  name: "genome" | "memory";
  flow: F;
  /** the read that lists the records, page by page */
  read: Read;
  propose: CapabilityId;
  review: Review;
  /** one page of the read's answer */
  pageOf: (data: OutputOf<Read>) => { items: Item[]; nextCursor: string | null };
  /** the review's input for one decision on one record (with what else it needs from the read) */
  reviewInput: (item: Item, decision: DecisionOf<F>, data: OutputOf<Read>) => InputOf<Review>;
  /** the review input's field naming the record: while a review of it waits for Confirm, its row waits too */
  idField: keyof InputOf<Review> & string;
  words: {
    /** one record and several, for the count beside the title */
    nouns: readonly [one: string, many: string];
    /** while the first read runs */
    reading: string;
    /** a list with nothing in it, unless it lists only what waits (then "Nothing waits for review.") */
    empty: string;
    status: Readonly<Record<StatusOf<F>, string>>;
    /** above the records that still wait, after a proposal or a decision shown by this card */
    outcome: { proposed: string } & Partial<Record<DecisionOf<F>, string>>;
  };
  /** a row's first line: what the record says */
  title: (item: Item) => string;
  /** a row's further lines: where it came from, who decided, a note */
  Details: ComponentType<{ item: Item }>;
  /** the proposal's fields, in the shared form (propose-form.tsx) */
  Proposing: ComponentType<{ brand: string }>;
};

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export function ReviewQueue<
  F extends ReviewFlow,
  Read extends CapabilityId,
  Review extends CapabilityId,
  Item extends Reviewable<StatusOf<F>>,
>({ area, capabilityId, input, envelope, brand }: WidgetProps & { area: ReviewArea<F, Read, Review, Item> }) {
  const { run } = useWidgetCalls();
  const canRun = useCanRun();
  const listed = okDataOf(envelope, area.read);
  const wrote = okDataOf(envelope, area.propose, area.review) !== undefined;
  const [reread, setReread] = useState<ToolEnvelope | null>(null);
  const touches = useAnyTouch();
  const waitingOnly = { status: area.flow.waiting };
  useEffect(() => {
    if (!wrote) return;
    let stale = false;
    // the area's read, whatever it is: its answer is checked as that read's below (okDataOf)
    const read: string = area.read;
    void run(read, brand, waitingOnly).then((answer) => !stale && setReread(answer));
    return () => {
      stale = true;
    };
  }, [wrote, brand, touches]);
  const source = listed
    ? { capabilityId, input, envelope }
    : { capabilityId: area.read, input: waitingOnly, envelope: reread };
  const pages = usePages({ ...source, brand }, (answer) => {
    const data = okDataOf(answer, area.read);
    return data && area.pageOf(data);
  });
  const shown = listed ?? okDataOf(reread, area.read);
  const [one, many] = area.words.nouns;
  const counted = `${pages.items.length}${pages.nextCursor ? "+" : ""} ${pages.items.length === 1 && !pages.nextCursor ? one : many}`;
  const outcome = wrote ? outcomeWords(area, capabilityId, input) : undefined;
  const mayReview = canRun(area.review);
  return (
    <WidgetFrame
      name={area.name}
      capabilityId={listed ? capabilityId : area.read}
      error={errorOf(envelope) ?? errorOf(reread)}
      aside={shown ? counted : undefined}
    >
      {outcome && (
        <p className="review-queue-outcome" data-testid={`${area.name}-outcome`}>
          {outcome}
        </p>
      )}
      {!shown ? (
        <p className="widget-working">{area.words.reading}</p>
      ) : pages.items.length === 0 ? (
        <Empty>{source.input.status === area.flow.waiting ? "Nothing waits for review." : area.words.empty}</Empty>
      ) : (
        <ul className={`list review-queue-list ${area.name}-list`}>
          {pages.items.map((item) => (
            <Row key={item.id} area={area} item={item} data={shown} brand={brand} mayReview={mayReview} />
          ))}
        </ul>
      )}
      <NextPage pages={pages} />
      {/* a review's outcome sits inside its confirm card: proposing belongs to the area's own card */}
      {canRun(area.propose) && capabilityId !== area.review && <area.Proposing brand={brand} />}
    </WidgetFrame>
  );
}

/** What this card's own write did, then "Waiting now:" or "Still waiting:" above what waits. */
function outcomeWords<F extends ReviewFlow>(
  area: { propose: string; words: { outcome: { proposed: string } & Partial<Record<DecisionOf<F>, string>> } },
  capabilityId: string,
  input: Record<string, unknown>,
): string | undefined {
  if (capabilityId === area.propose) return `${area.words.outcome.proposed} Waiting now:`;
  const decided = area.words.outcome[input.decision as DecisionOf<F>];
  return decided && `${decided} Still waiting:`;
}

function Row<
  F extends ReviewFlow,
  Read extends CapabilityId,
  Review extends CapabilityId,
  Item extends Reviewable<StatusOf<F>>,
>({
  area,
  item,
  data,
  brand,
  mayReview,
}: {
  area: ReviewArea<F, Read, Review, Item>;
  item: Item;
  data: OutputOf<Read>;
  brand: string;
  mayReview: boolean;
}) {
  const steps = useCardSteps();
  const decisions = mayReview ? decisionsFrom(area.flow, item.status) : [];
  const waiting = awaiting(steps, (step) => step.input[area.idField] === item.id);
  return (
    <li
      className={`list-row review-queue-row ${area.name}-row`}
      data-testid={`${area.name}-row`}
      data-status={item.status}
    >
      <div className="list-main">
        <span className="list-title">{area.title(item)}</span>
        <area.Details item={item} />
        {decisions.length > 0 && waiting && (
          <span className="muted row-waiting" data-testid="row-waiting">
            Waiting for your confirmation below.
          </span>
        )}
        {decisions.length > 0 && !waiting && (
          <span className="row-actions">
            {decisions.map((decision) => (
              <Propose
                key={decision}
                brand={brand}
                label={capital(decision)}
                testId={`${area.name}-${decision}`}
                capabilityId={area.review}
                input={area.reviewInput(item, decision, data)}
              />
            ))}
          </span>
        )}
      </div>
      <span className="list-badges">
        <Badge tone={toneOf(area.flow, item.status)}>{area.words.status[item.status]}</Badge>
      </span>
    </li>
  );
}
