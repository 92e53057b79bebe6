"use client";
// The slash command's form, generated from the capability's input JSON Schema: strings, numbers,
// booleans, enums, string arrays. A union (a contact channel added, changed or removed) is offered
// as separate actions (form-words.ts), never as a box for its discriminator; a form that edits
// something starts from its current values (form-prefill.ts). The first field takes the focus; a
// refused run shows its error here, above what was typed, which stays.
import { useEffect, useMemo, useRef, useState } from "react";
import type { EnvelopeError } from "@/components/widgets/types";
import { WidgetError } from "@/components/widgets/widget-error";
import { FieldInput } from "./field-input";
import { enterMovesOn } from "./form-keys";
import { NOT_ASKED } from "./form-knowledge";
import { currentValues, prefillFor } from "./form-prefill";
import { actionsOf, labelFor } from "./form-words";
import { discriminatorOf, fieldsOf, inputOf, variantsOf, type FormValue, type JsonSchema } from "./schema-fields";

type Props = {
  capabilityId: string;
  brand: string;
  schema: JsonSchema;
  busy: boolean;
  failure?: EnvelopeError | null;
  onRun: (input: Record<string, unknown>) => void;
  /** a revision conflict: run the same input again against the latest version */
  onRetry?: () => void;
  onCancel: () => void;
};
type Values = Record<string, FormValue>;

export function SchemaForm({ capabilityId, brand, schema, busy, failure, onRun, onRetry, onCancel }: Props) {
  const variants = variantsOf(schema);
  const discriminator = discriminatorOf(variants);
  const actions = discriminator
    ? actionsOf(
        capabilityId,
        discriminator,
        variants.map((variant) => String(variant.properties?.[discriminator]?.const)),
      )
    : [];
  const [actionIndex, setActionIndex] = useState(0);
  const action = actions[actionIndex];
  const variant =
    (action && discriminator
      ? variants.find((one) => one.properties?.[discriminator]?.const === action.fixed[discriminator])
      : variants[0]) ?? {};
  // what the form fills itself (form-knowledge.ts) is never asked; an action hides what it does not use
  const fields = useMemo(
    () =>
      fieldsOf(variant, discriminator)
        .filter((field) => !NOT_ASKED.has(field.name) && !action?.hide?.includes(field.name))
        .map((field) => (action?.require?.includes(field.name) ? { ...field, required: true } : field)),
    [variant, discriminator, action],
  );
  const [values, setValues] = useState<Values>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // the current values of what is edited, once it is known which thing that is
  const prefill = prefillFor(capabilityId);
  const chosen = prefill?.after ? values[prefill.after] : "";
  const [loaded, setLoaded] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState<EnvelopeError | null>(null);
  useEffect(() => {
    if (!prefill || typeof chosen !== "string" || (prefill.after && chosen === "")) return;
    let stale = false;
    void currentValues(prefill, brand, chosen).then((answer) => {
      if (stale) return;
      if ("error" in answer) return setLoadError(answer.error);
      setLoadError(null);
      setLoaded(answer.values);
      // a newly chosen record replaces what the form showed; on opening, what was typed meanwhile stays
      setValues((current) => (prefill.after ? { ...current, ...answer.values } : { ...answer.values, ...current }));
    });
    return () => {
      stale = true;
    };
  }, [prefill, brand, chosen, actionIndex]);
  const loading = Boolean(prefill && !prefill.after && !loaded && !loadError);

  // into the form when it opens; to the refused field when a run is refused
  useEffect(() => {
    const field =
      failure && "field" in failure && typeof failure.field === "string" ? failure.field.split(".")[0] : undefined;
    const named = field ? form.current?.querySelector<HTMLElement>(`[data-testid="slash-field-${field}"]`) : null;
    (named ?? form.current?.querySelector<HTMLElement>("input, select, textarea"))?.focus();
  }, [failure]);
  const set = (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value }));

  function submit() {
    const result = inputOf(fields, values, action?.fixed ?? {});
    if ("field" in result) return setProblem(`${labelFor(capabilityId, result.field)} ${result.problem}.`);
    setProblem(null);
    const input = { ...result.input };
    // only what the person changed, so the confirmation says only that
    if (prefill?.changedOnly && loaded)
      for (const [name, was] of Object.entries(loaded)) if (input[name] === was) delete input[name];
    onRun(input);
  }

  return (
    <form
      ref={form}
      className="slash-form"
      onKeyDown={enterMovesOn}
      onSubmit={(event) => (event.preventDefault(), submit())}
    >
      {actions.length > 1 && (
        <fieldset className="slash-field slash-actions-choice">
          <legend>What do you want to do?</legend>
          <span className="slash-options">
            {actions.map((one, index) => (
              <label key={one.label} className="slash-check">
                <input
                  type="radio"
                  name="slash-action"
                  data-testid={`slash-action-${index}`}
                  checked={index === actionIndex}
                  onChange={() => (setActionIndex(index), setValues({}), setLoaded(null))}
                />
                {one.label}
              </label>
            ))}
          </span>
        </fieldset>
      )}
      {failure && (
        <div data-testid="slash-error">
          <WidgetError error={failure} />
          {failure.code === "revision_conflict" && onRetry && (
            <button type="button" className="button small" data-testid="slash-retry" onClick={onRetry}>
              Use the latest version and run again
            </button>
          )}
        </div>
      )}
      {loadError && <WidgetError error={loadError} />}
      {loading && <p className="muted">Loading the current values…</p>}
      {fields.length === 0 && <p className="muted">No input needed.</p>}
      {fields.map((field) => (
        <FieldInput
          key={`${actionIndex}-${field.name}`}
          field={field}
          value={values[field.name] ?? field.initial}
          onChange={(value) => set(field.name, value)}
          picker={{ capabilityId, brand }}
        />
      ))}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="slash-actions">
        <button type="submit" className="button primary" data-testid="slash-run" disabled={busy || loading}>
          {busy ? "Running…" : "Run"}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
