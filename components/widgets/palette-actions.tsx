"use client";
// What an admin can do with a colour where the palette shows it: change its name, code or role, or
// take it out of the kit. Each runs the write as a slash command would (the pipeline checks the
// role); its confirm card is the conversation's next step, or appears under the row where there is
// no conversation. Once confirmed, the card reads the kit again (truth.tsx), as every earlier one.
import { useEffect, useState } from "react";
import { COLOR_ROLES } from "@/lib/capabilities/kit/shared/color";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { Propose, Proposed, type Proposal } from "./row-actions";
import { okData } from "./types";
import { valueInWords } from "./value-words";
import { WidgetError } from "./widget-error";
import { ctrlEnterSubmits } from "./next-step";

type Role = (typeof COLOR_ROLES)[number];
const isRole = (value: string): value is Role => COLOR_ROLES.some((role) => role === value);

export type ColorEdits = {
  update: boolean;
  remove: boolean;
  saveTypeface: boolean;
  removeTypeface: boolean;
  saveLogo: boolean;
  removeLogo: boolean;
};

/** Which kit edits this person may make in this brand (its role and key's scopes), once known. */
export function useColorEdits(brand: string | undefined, enabled: boolean): ColorEdits {
  const { run } = useWidgetCalls();
  const [edits, setEdits] = useState<ColorEdits>({
    update: false,
    remove: false,
    saveTypeface: false,
    removeTypeface: false,
    saveLogo: false,
    removeLogo: false,
  });
  useEffect(() => {
    if (!enabled) return;
    let stale = false;
    void run("brand.overview", brand, {}).then((envelope) => {
      const may = okData(envelope)?.capabilities ?? [];
      if (!stale)
        setEdits({
          update: may.includes("kit.colors.update"),
          remove: may.includes("kit.colors.remove"),
          saveTypeface: may.includes("kit.typography.save"),
          removeTypeface: may.includes("kit.typography.remove"),
          saveLogo: may.includes("kit.logos.save"),
          removeLogo: may.includes("kit.logos.remove"),
        });
    });
    return () => {
      stale = true;
    };
  }, [brand, enabled]);
  return edits;
}

type Color = { id: string; name: string; hex: string; role: string };

export function ColorActions({ color, brand, edits }: { color: Color; brand: string; edits: ColorEdits }) {
  const steps = useCardSteps();
  const { act } = useWidgetCalls();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(color.name);
  const [hex, setHex] = useState(color.hex);
  const [role, setRole] = useState<Role>(isRole(color.role) ? color.role : "unspecified");
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);

  // while a write about this colour waits for the person's Confirm, the row offers nothing else
  if (awaiting(steps, (step) => step.input.id === color.id))
    return (
      <span className="muted row-waiting" data-testid="row-waiting">
        Waiting for your confirmation below.
      </span>
    );

  async function save() {
    setBusy(true);
    // only what changed, so the confirmation says only that
    const input = {
      id: color.id,
      ...(name.trim() !== color.name ? { name } : {}),
      ...(hex.trim().toUpperCase() !== color.hex ? { hex } : {}),
      ...(role !== color.role ? { role } : {}),
    };
    const { envelope, kept } = await act("kit.colors.update", brand, input);
    setBusy(false);
    // a refused change keeps the form and what was typed, with the reason
    setProposal(kept ? null : { capabilityId: "kit.colors.update", input, envelope });
    if (envelope.status !== "error") setEditing(false);
  }

  if (proposal && proposal.envelope.status !== "error")
    return <Proposed proposal={proposal} brand={brand} onAgain={() => setProposal(null)} />;
  if (!editing) {
    return (
      <span className="row-actions">
        {edits.update && (
          <button
            type="button"
            className="link-button"
            data-testid={`palette-edit-${color.id}`}
            aria-label={`Edit ${color.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )}
        {edits.remove && (
          <Propose
            brand={brand}
            label="Remove"
            testId={`palette-remove-${color.id}`}
            capabilityId="kit.colors.remove"
            input={{ id: color.id }}
          />
        )}
      </span>
    );
  }
  return (
    <form className="row-edit" onSubmit={(event) => (event.preventDefault(), void save())} onKeyDown={ctrlEnterSubmits}>
      <label>
        <span>Name</span>
        <input
          data-testid="palette-edit-name"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label>
        <span>Colour code</span>
        <input
          data-testid="palette-edit-hex"
          value={hex}
          maxLength={7}
          onChange={(event) => setHex(event.target.value)}
        />
      </label>
      <label>
        <span>What it is for</span>
        <select
          data-testid="palette-edit-role"
          value={role}
          onChange={(event) => isRole(event.target.value) && setRole(event.target.value)}
        >
          {COLOR_ROLES.map((one) => (
            <option key={one} value={one}>
              {valueInWords(one, "role")}
            </option>
          ))}
        </select>
      </label>
      {proposal?.envelope.status === "error" && <WidgetError error={proposal.envelope.error} />}
      <span className="row-actions">
        <button type="submit" className="button small primary" data-testid="palette-edit-save" disabled={busy}>
          Save
        </button>
        <button type="button" className="button small" onClick={() => (setEditing(false), setProposal(null))}>
          Cancel
        </button>
      </span>
    </form>
  );
}
