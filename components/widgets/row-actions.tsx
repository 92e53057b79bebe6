"use client";
// What a person can do with a row where it is shown: a contact channel is edited or removed, a
// connection is disconnected. Each runs the write through the same route as slash commands, so the
// pipeline checks the role; a write that needs it waits in a confirm card: the conversation's next
// step (the row's buttons wait for it), or under the row where there is no conversation.
import { useState } from "react";
import { CONTACT_TYPES } from "@/lib/capabilities/brand/shared/contacts";
import { useNestedWidget } from "./nested";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import type { ToolEnvelope } from "./types";
import { valueInWords } from "./value-words";
import { WidgetError } from "./widget-error";
import { ctrlEnterSubmits, useFocusWhen } from "./next-step";

type Item = Record<string, unknown>;
export type Proposal = { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope };
type ContactType = (typeof CONTACT_TYPES)[number];
const isContactType = (value: unknown): value is ContactType => CONTACT_TYPES.some((name) => name === value);

export function RowActions({ capabilityId, item, brand }: { capabilityId: string; item: Item; brand: string }) {
  const steps = useCardSteps();
  const waitingFor = (row: string) =>
    awaiting(steps, (step) => step.input.id === row || step.input.connectionId === row);
  const id = typeof item.id === "string" ? item.id : null;
  if (!id) return null;
  // while a write about this row waits for the person's Confirm, the row offers nothing else
  if (waitingFor(id))
    return (
      <span className="muted row-waiting" data-testid="row-waiting">
        Waiting for your confirmation below.
      </span>
    );
  if (capabilityId === "brand.contacts.list") return <ContactActions id={id} item={item} brand={brand} />;
  if (capabilityId === "connections.list" && item.status !== "disconnected") {
    return (
      <Propose
        brand={brand}
        label="Disconnect"
        testId="row-disconnect"
        capabilityId="connections.disconnect"
        input={{ connectionId: id }}
      />
    );
  }
  return null;
}

/** One button proposing one write; its confirm card (or its refusal) appears below. */
export function Propose({
  brand,
  label,
  testId,
  capabilityId,
  input,
}: {
  brand: string;
  label: string;
  testId: string;
  capabilityId: string;
  input: Record<string, unknown>;
}) {
  const { act } = useWidgetCalls();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);
  async function propose() {
    setBusy(true);
    const { envelope, kept } = await act(capabilityId, brand, input);
    // kept: the conversation shows the confirm card as its next step
    if (!kept) setProposal({ capabilityId, input, envelope });
    setBusy(false);
  }
  return (
    <>
      {!proposal && (
        <button
          type="button"
          className="link-button"
          data-testid={testId}
          disabled={busy}
          onClick={() => void propose()}
        >
          {label}
        </button>
      )}
      {proposal && <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />}
    </>
  );
}

export function Proposed({ proposal, brand, onAgain }: { proposal: Proposal; brand: string; onAgain: () => void }) {
  // the confirm card through the registry (nested.tsx): it offers Undo, which proposes a write of its own
  const Confirm = useNestedWidget();
  if (proposal.envelope.status === "error") {
    return (
      <div className="row-action-result">
        <WidgetError error={proposal.envelope.error} />
        <button type="button" className="link-button" onClick={onAgain}>
          Back
        </button>
      </div>
    );
  }
  return (
    <div className="row-action-result">
      <Confirm
        widget="confirm"
        capabilityId={proposal.capabilityId}
        input={proposal.input}
        envelope={proposal.envelope}
        brand={brand}
      />
    </div>
  );
}

/** A new contact channel, offered where the contacts are listed (an empty list is not a dead end). */
export function AddContact({ brand }: { brand: string }) {
  return <ContactActions id={null} item={{}} brand={brand} />;
}

/** `id` null: a new channel (Add a channel), else the row's Edit and Remove. */
function ContactActions({ id, item, brand }: { id: string | null; item: Item; brand: string }) {
  const { act } = useWidgetCalls();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<ContactType>(isContactType(item.type) ? item.type : "website");
  const [value, setValue] = useState(String(item.value ?? ""));
  const [label, setLabel] = useState(typeof item.label === "string" ? item.label : "");
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);
  // a refused change: focus on its reason, the form still there to fix it
  const refusal = useFocusWhen<HTMLDivElement>(proposal?.envelope.status === "error");

  async function save() {
    setBusy(true);
    const input = { op: "upsert" as const, ...(id ? { id } : {}), type, value, label };
    const { envelope, kept } = await act("brand.contacts.save", brand, input);
    setBusy(false);
    // a refused change keeps the form and what was typed, with the reason
    setProposal(kept ? null : { capabilityId: "brand.contacts.save", input, envelope });
    if (envelope.status !== "error") setEditing(false);
  }

  if (proposal && proposal.envelope.status !== "error")
    return <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />;
  if (!editing && !id)
    return (
      <button type="button" className="button small" data-testid="contact-add" onClick={() => setEditing(true)}>
        Add a channel
      </button>
    );
  if (!editing && id) {
    return (
      <span className="row-actions">
        <button type="button" className="link-button" data-testid="row-edit" onClick={() => setEditing(true)}>
          Edit
        </button>
        <Propose
          brand={brand}
          label="Remove"
          testId="row-remove"
          capabilityId="brand.contacts.save"
          input={{ op: "delete", id }}
        />
      </span>
    );
  }
  return (
    <form className="row-edit" onSubmit={(event) => (event.preventDefault(), void save())} onKeyDown={ctrlEnterSubmits}>
      <label>
        <span>Kind</span>
        <select
          data-testid="row-edit-type"
          value={type}
          onChange={(event) => isContactType(event.target.value) && setType(event.target.value)}
        >
          {CONTACT_TYPES.map((name) => (
            <option key={name} value={name}>
              {valueInWords(name, "type")}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Address, number or link</span>
        <input
          data-testid="row-edit-value"
          value={value}
          maxLength={500}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <label>
        <span>Label</span>
        <input
          data-testid="row-edit-label"
          value={label}
          maxLength={80}
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      {proposal?.envelope.status === "error" && (
        <div ref={refusal} tabIndex={-1} data-testid="row-edit-refused">
          <WidgetError error={proposal.envelope.error} />
        </div>
      )}
      <span className="row-actions">
        <button type="submit" className="button small primary" data-testid="row-edit-save" disabled={busy}>
          Save
        </button>
        <button type="button" className="button small" onClick={() => (setEditing(false), setProposal(null))}>
          Cancel
        </button>
      </span>
    </form>
  );
}
