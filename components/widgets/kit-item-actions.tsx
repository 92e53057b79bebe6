"use client";
// What an admin can do with a typeface or a logo where the palette shows it: change it in a form
// prefilled with what the kit holds (kit.typography.save with its id, kit.logos.save with its file),
// or take it out of the kit. As with colours (palette-actions.tsx), each runs the write as a slash
// command would, its confirm card is the conversation's next step, and the card reads the kit again.
import { type ReactNode, useState } from "react";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { ctrlEnterSubmits } from "./next-step";
import type { ColorEdits } from "./palette-actions";
import { Propose, Proposed, type Proposal } from "./row-actions";
import { WidgetError } from "./widget-error";

type Typeface = { id: string; family: string; role: string; weights: string[] };
type Logo = { assetId: string; name: string; form: string; theme: string; primary: boolean };

/** "400, 700 italic" ⇄ ["400", "700 italic"]: weights as a person types them. */
const weightsOf = (text: string) =>
  text
    .split(",")
    .map((weight) => weight.trim())
    .filter(Boolean);

export function TypefaceActions({ font, brand, edits }: { font: Typeface; brand: string; edits: ColorEdits }) {
  const [family, setFamily] = useState(font.family);
  const [role, setRole] = useState(font.role);
  const [weights, setWeights] = useState(font.weights.join(", "));
  return (
    <ItemActions
      brand={brand}
      what={font.family}
      waitingKey={(input) => input.id === font.id}
      edit={edits.saveTypeface ? { capabilityId: "kit.typography.save", testId: `palette-edit-${font.id}` } : null}
      remove={edits.removeTypeface ? { capabilityId: "kit.typography.remove", input: { id: font.id } } : null}
      removeTestId={`palette-remove-${font.id}`}
      input={() => ({ id: font.id, family, role, weights: weightsOf(weights) })}
      reset={() => (setFamily(font.family), setRole(font.role), setWeights(font.weights.join(", ")))}
    >
      <label>
        <span>Font family</span>
        <input
          data-testid="typeface-edit-family"
          value={family}
          maxLength={100}
          onChange={(event) => setFamily(event.target.value)}
        />
      </label>
      <label>
        <span>What it is used for</span>
        <input
          data-testid="typeface-edit-role"
          value={role}
          maxLength={40}
          onChange={(event) => setRole(event.target.value)}
        />
      </label>
      <label>
        <span>Weights, separated by commas</span>
        <input
          data-testid="typeface-edit-weights"
          value={weights}
          onChange={(event) => setWeights(event.target.value)}
        />
      </label>
    </ItemActions>
  );
}

export function LogoActions({ logo, brand, edits }: { logo: Logo; brand: string; edits: ColorEdits }) {
  const [name, setName] = useState(logo.name);
  const [form, setForm] = useState(logo.form);
  const [theme, setTheme] = useState(logo.theme);
  const [primary, setPrimary] = useState(logo.primary);
  return (
    <ItemActions
      brand={brand}
      what={logo.name}
      waitingKey={(input) => input.assetId === logo.assetId}
      edit={edits.saveLogo ? { capabilityId: "kit.logos.save", testId: `palette-edit-${logo.assetId}` } : null}
      remove={edits.removeLogo ? { capabilityId: "kit.logos.remove", input: { assetId: logo.assetId } } : null}
      removeTestId={`palette-remove-${logo.assetId}`}
      // primary only when it is asked for: saving without it leaves the primary logo as it is
      input={() => ({ assetId: logo.assetId, name, form, theme, ...(primary && !logo.primary ? { primary } : {}) })}
      reset={() => (setName(logo.name), setForm(logo.form), setTheme(logo.theme), setPrimary(logo.primary))}
    >
      <label>
        <span>Name</span>
        <input
          data-testid="logo-edit-name"
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label>
        <span>Form (horizontal, square, symbol…)</span>
        <input
          data-testid="logo-edit-form"
          value={form}
          maxLength={40}
          onChange={(event) => setForm(event.target.value)}
        />
      </label>
      <label>
        <span>Background it is for (light, dark…)</span>
        <input
          data-testid="logo-edit-theme"
          value={theme}
          maxLength={40}
          onChange={(event) => setTheme(event.target.value)}
        />
      </label>
      {!logo.primary && (
        <label className="row-edit-check">
          <input
            type="checkbox"
            data-testid="logo-edit-primary"
            checked={primary}
            onChange={(event) => setPrimary(event.target.checked)}
          />
          <span>Make it the primary logo</span>
        </label>
      )}
    </ItemActions>
  );
}

/** Edit (a form of the item's fields) and Remove for one kit item, each offered only to those who may. */
function ItemActions({
  brand,
  what,
  waitingKey,
  edit,
  remove,
  removeTestId,
  input,
  reset,
  children,
}: {
  brand: string;
  what: string;
  waitingKey: (input: Record<string, unknown>) => boolean;
  edit: { capabilityId: string; testId: string } | null;
  remove: { capabilityId: string; input: Record<string, unknown> } | null;
  removeTestId: string;
  input: () => Record<string, unknown>;
  reset: () => void;
  children: ReactNode;
}) {
  const steps = useCardSteps();
  const { act } = useWidgetCalls();
  const [editing, setEditing] = useState(false);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);

  // while a write about this item waits for the person's Confirm, the row offers nothing else
  if (awaiting(steps, (step) => waitingKey(step.input)))
    return (
      <span className="muted row-waiting" data-testid="row-waiting">
        Waiting for your confirmation below.
      </span>
    );
  if (!edit && !remove) return null;

  async function save() {
    if (!edit) return;
    setBusy(true);
    const sent = input();
    const { envelope, kept } = await act(edit.capabilityId, brand, sent);
    setBusy(false);
    // a refused change keeps the form and what was typed, with the reason
    setProposal(kept ? null : { capabilityId: edit.capabilityId, input: sent, envelope });
    if (envelope.status !== "error") setEditing(false);
  }

  if (proposal && proposal.envelope.status !== "error")
    return <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />;
  if (!editing)
    return (
      <span className="row-actions">
        {edit && (
          <button
            type="button"
            className="link-button"
            data-testid={edit.testId}
            aria-label={`Edit ${what}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )}
        {remove && (
          <Propose
            brand={brand}
            label="Remove"
            testId={removeTestId}
            capabilityId={remove.capabilityId}
            input={remove.input}
          />
        )}
      </span>
    );
  return (
    <form className="row-edit" onSubmit={(event) => (event.preventDefault(), void save())} onKeyDown={ctrlEnterSubmits}>
      {children}
      {proposal?.envelope.status === "error" && <WidgetError error={proposal.envelope.error} />}
      <span className="row-actions">
        <button type="submit" className="button small primary" data-testid="kit-item-save" disabled={busy}>
          Save
        </button>
        <button type="button" className="button small" onClick={() => (setEditing(false), setProposal(null), reset())}>
          Cancel
        </button>
      </span>
    </form>
  );
}
