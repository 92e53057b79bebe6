"use client";
// What a person can do with a row where it is shown: a contact channel is edited or removed, a
// connection is disconnected. Each runs the write through the same route as slash commands, so the
// pipeline checks the role and a write that needs it waits in the confirm card shown under the row.
import { useState } from "react";
import { CONTACT_TYPES } from "@/lib/capabilities/brand/contacts-shared";
import { ConfirmWidget } from "./confirm";
import { useWidgetCalls } from "./calls";
import type { ToolEnvelope } from "./types";
import { valueInWords } from "./value-words";
import { WidgetError } from "./widget-error";

type Item = Record<string, unknown>;
type Proposal = { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope };

export function RowActions({ capabilityId, item, brand }: { capabilityId: string; item: Item; brand: string }) {
  const id = typeof item.id === "string" ? item.id : null;
  if (!id) return null;
  if (capabilityId === "brand.contacts.list") return <ContactActions id={id} item={item} brand={brand} />;
  if (capabilityId === "connections.list" && item.status !== "disconnected") {
    return <Propose brand={brand} label="Disconnect" testId="row-disconnect" capabilityId="connections.disconnect" input={{ connectionId: id }} />;
  }
  return null;
}

/** One button proposing one write; its confirm card (or its refusal) appears below. */
function Propose({ brand, label, testId, capabilityId, input }: { brand: string; label: string; testId: string; capabilityId: string; input: Record<string, unknown> }) {
  const { run } = useWidgetCalls();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);
  async function propose() {
    setBusy(true);
    setProposal({ capabilityId, input, envelope: await run(capabilityId, brand, input) });
    setBusy(false);
  }
  return (
    <>
      {!proposal && (
        <button type="button" className="link-button" data-testid={testId} disabled={busy} onClick={() => void propose()}>
          {label}
        </button>
      )}
      {proposal && <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />}
    </>
  );
}

function Proposed({ proposal, brand, onAgain }: { proposal: Proposal; brand: string; onAgain: () => void }) {
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
      <ConfirmWidget capabilityId={proposal.capabilityId} input={proposal.input} envelope={proposal.envelope} brand={brand} />
    </div>
  );
}

function ContactActions({ id, item, brand }: { id: string; item: Item; brand: string }) {
  const { run } = useWidgetCalls();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState(String(item.type ?? "website"));
  const [value, setValue] = useState(String(item.value ?? ""));
  const [label, setLabel] = useState(typeof item.label === "string" ? item.label : "");
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const input = { op: "upsert", id, type, value, label };
    const envelope = await run("brand.contacts.save", brand, input);
    setBusy(false);
    // a refused change keeps the form and what was typed, with the reason
    setProposal({ capabilityId: "brand.contacts.save", input, envelope });
    if (envelope.status !== "error") setEditing(false);
  }

  if (proposal && proposal.envelope.status !== "error") return <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />;
  if (!editing) {
    return (
      <span className="row-actions">
        <button type="button" className="link-button" data-testid="row-edit" onClick={() => setEditing(true)}>
          Edit
        </button>
        <Propose brand={brand} label="Remove" testId="row-remove" capabilityId="brand.contacts.save" input={{ op: "delete", id }} />
      </span>
    );
  }
  return (
    <form className="row-edit" onSubmit={(event) => (event.preventDefault(), void save())}>
      <label>
        <span>Kind</span>
        <select data-testid="row-edit-type" value={type} onChange={(event) => setType(event.target.value)}>
          {CONTACT_TYPES.map((name) => (
            <option key={name} value={name}>
              {valueInWords(name, "type")}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Address, number or link</span>
        <input data-testid="row-edit-value" value={value} maxLength={500} onChange={(event) => setValue(event.target.value)} />
      </label>
      <label>
        <span>Label</span>
        <input data-testid="row-edit-label" value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />
      </label>
      {proposal?.envelope.status === "error" && <WidgetError error={proposal.envelope.error} />}
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
