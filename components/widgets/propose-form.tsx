"use client";
// The small form at the foot of a propose/review card (review-queue.tsx: the genome, the memory) by which
// anyone whose role allows it proposes something for an admin to review. Closed, it is one button;
// open, its first field has focus (the next step) and Ctrl+Enter sends it from any field. A proposal
// needs no confirmation: in a conversation it is the next step, elsewhere the form says it was
// proposed. A refused one keeps the form and what was typed, with the reason. The fields are the
// caller's; this holds what every such form does around them.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useWidgetCalls } from "./calls";
import { ctrlEnterSubmits, firstControl } from "./next-step";
import type { Proposal } from "./row-actions";
import type { CallableId, InputOf } from "./types";
import { WidgetError } from "./widget-error";

type ProposingId = "genome.entries.propose" | "memory.propose";

type Props<Id extends ProposingId> = {
  /** the card's name: its class and test ids (`<name>-propose-open`, `<name>-propose-form`, …) */
  name: "genome" | "memory";
  capabilityId: CallableId<Id>;
  brand: string;
  /** the button that opens it, in words */
  opener: string;
  /** what the card says once a proposal was made outside a conversation */
  proposed: string;
  /** the input from the caller's fields, read on send */
  input: () => InputOf<Id>;
  /** empties the caller's fields once a proposal went through */
  onProposed: () => void;
  children: ReactNode;
};

export function ProposeForm<Id extends ProposingId>(props: Props<Id>) {
  const { name, capabilityId, brand } = props;
  const { act } = useWidgetCalls();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Proposal | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const error = done?.envelope.status === "error" ? done.envelope.error : undefined;
  useEffect(() => {
    if (open && form.current) firstControl(form.current).focus();
  }, [open]);

  async function propose() {
    setBusy(true);
    const input = props.input();
    const { envelope, kept } = await act(capabilityId, brand, input);
    setBusy(false);
    setDone(kept && envelope.status !== "error" ? null : { capabilityId, input, envelope });
    if (envelope.status !== "error") {
      setOpen(false);
      props.onProposed();
    }
  }

  if (!open)
    return (
      <div className="widget-more">
        {done && !error && (
          <p className="review-queue-outcome" data-testid={`${name}-proposed`}>
            {props.proposed}
          </p>
        )}
        <button
          type="button"
          className="button small"
          data-testid={`${name}-propose-open`}
          onClick={() => (setOpen(true), setDone(null))}
        >
          {props.opener}
        </button>
      </div>
    );
  return (
    <form
      ref={form}
      className={`row-edit propose-form ${name}-form`}
      data-testid={`${name}-propose-form`}
      onKeyDown={ctrlEnterSubmits}
      onSubmit={(event) => (event.preventDefault(), void propose())}
    >
      {props.children}
      {error && <WidgetError error={error} />}
      <span className="row-actions">
        <button type="submit" className="button small primary" data-testid={`${name}-propose`} disabled={busy}>
          Propose
        </button>
        <button type="button" className="button small" onClick={() => (setOpen(false), setDone(null))}>
          Cancel
        </button>
      </span>
    </form>
  );
}
