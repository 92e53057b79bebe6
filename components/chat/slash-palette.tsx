"use client";
// Typing "/" opens this: the capabilities this person may use in this brand, filtered by what
// follows the slash. Choosing one shows its input as a small form; running it calls the capability
// directly (no model, no AI budget) and its envelope joins the conversation with the usual widget.
import { useState } from "react";
import { runCapability } from "@/components/widgets/run";
import type { EnvelopeError, ToolEnvelope } from "@/components/widgets/types";
import { WidgetError } from "@/components/widgets/widget-error";
import { withFilledFields } from "./form-knowledge";
import { SchemaForm } from "./schema-form";
import { variantsOf, type JsonSchema } from "./schema-fields";
import type { CallableCapability } from "./use-capabilities";
import type { useCapabilities } from "./use-capabilities";

// widgets that ask the person for their input themselves (a file picker) open without a form
const GATHERS_OWN_INPUT = new Set(["file_request"]);

/** a run's result; `messageId` when the conversation keeps it (every run with an answer) */
export type SlashResult = {
  capabilityId: string;
  widget: string | null;
  input: Record<string, unknown>;
  envelope: ToolEnvelope | null;
  messageId?: string;
};

type Props = {
  brand: string;
  /** the open conversation, which keeps each run's result */
  conversationId: string;
  capabilities: ReturnType<typeof useCapabilities>;
  filter: string;
  highlighted: number;
  onResult: (result: SlashResult) => void;
  onClose: () => void;
  chosen: CallableCapability | null;
  onChoose: (capability: CallableCapability | null) => void;
};

/** A form for most; a widget that gathers its own input (the upload picker) opens at once. */
export function chooseCapability(
  capability: CallableCapability,
  onChoose: (capability: CallableCapability) => void,
  onResult: (result: SlashResult) => void,
) {
  if (capability.widget && GATHERS_OWN_INPUT.has(capability.widget)) {
    return onResult({ capabilityId: capability.id, widget: capability.widget, input: {}, envelope: null });
  }
  onChoose(capability);
}

/** every property name of an input schema, across its variants */
function fieldNamesOf(schema: JsonSchema): Set<string> {
  return new Set(variantsOf(schema).flatMap((variant) => Object.keys(variant.properties ?? {})));
}

export const SLASH_LISTBOX = "slash-listbox";
export const slashOptionId = (id: string) => `slash-option-${id.replaceAll(".", "-")}`;

export function matching(items: CallableCapability[], filter: string): CallableCapability[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => words.every((word) => `${item.id} ${item.title}`.toLowerCase().includes(word)));
}

export function SlashPalette({
  brand,
  conversationId,
  capabilities,
  filter,
  highlighted,
  onResult,
  onClose,
  chosen,
  onChoose,
}: Props) {
  const [busy, setBusy] = useState(false);
  // a refused run keeps the form and what was typed, with the error in it, to fix and run again
  const [failure, setFailure] = useState<EnvelopeError | null>(null);

  const [lastInput, setLastInput] = useState<Record<string, unknown> | null>(null);

  async function run(capability: CallableCapability, typed: Record<string, unknown>) {
    setBusy(true);
    setLastInput(typed);
    // a fresh idempotency key and the revision as it is now: never typed by the person
    const filled = await withFilledFields(capability.id, brand, typed, fieldNamesOf(capability.inputSchema));
    if ("error" in filled) {
      setBusy(false);
      return setFailure(filled.error);
    }
    const input = filled.input;
    const messageId = crypto.randomUUID();
    const envelope = await runCapability(capability.id, brand, input, { conversationId, messageId });
    setBusy(false);
    if (envelope.status === "error") return setFailure(envelope.error);
    setFailure(null);
    onResult({ capabilityId: capability.id, widget: capability.widget, input, envelope, messageId });
  }

  const choose = (capability: CallableCapability) => chooseCapability(capability, onChoose, onResult);

  const items = capabilities?.items ? matching(capabilities.items, filter) : [];
  return (
    <div className="slash-palette" data-testid="slash-palette" role="dialog" aria-label="Slash commands">
      {chosen ? (
        <>
          <div className="slash-head">
            {/* the title says what it does; the description is written for the model (ids, keys) */}
            <strong>{chosen.title}</strong> <code>/{chosen.id}</code>
          </div>
          <SchemaForm
            key={chosen.id}
            capabilityId={chosen.id}
            brand={brand}
            schema={chosen.inputSchema}
            busy={busy}
            failure={failure}
            onRun={(input) => void run(chosen, input)}
            onRetry={lastInput ? () => void run(chosen, lastInput) : undefined}
            onCancel={() => (setFailure(null), onChoose(null))}
          />
        </>
      ) : (
        <>
          <div className="slash-head muted">
            Run a capability directly (no AI). Keep typing to filter; Enter to choose; Esc to close.
          </div>
          {!capabilities && <p className="muted">Loading what you can do here…</p>}
          {capabilities?.error && <WidgetError error={capabilities.error} />}
          {capabilities?.items && items.length === 0 && <p className="muted">Nothing matches “{filter}”.</p>}
          {/* WAI-ARIA's listbox popup: the focus stays in the message box, which names the
              highlighted option (aria-activedescendant); options are chosen by Enter or a click */}
          <ul className="slash-items" role="listbox" id={SLASH_LISTBOX} aria-label="Commands">
            {items.map((item, index) => (
              <li
                key={item.id}
                id={slashOptionId(item.id)}
                role="option"
                aria-selected={index === highlighted}
                className={`slash-item${index === highlighted ? " highlighted" : ""}`}
                data-testid={`slash-item-${item.id}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
              >
                <span className="slash-title">{item.title}</span>
                <code>/{item.id}</code>
                {item.confirmation && <span className="badge badge-warn">asks to confirm</span>}
              </li>
            ))}
          </ul>
          <div className="slash-actions">
            <button type="button" className="button small" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}
