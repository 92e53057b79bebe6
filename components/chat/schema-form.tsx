"use client";
// The slash command's form, generated from the capability's input JSON Schema: strings, numbers,
// booleans, enums, string arrays; a union (upload step, contact op) first asks which variant.
// Labels are the words the error sentences use (error-text.ts); the first field takes the focus;
// Enter in a one-line field moves to the next one instead of running a half-filled form; a refused
// run shows its error here, above what was typed, which stays.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { EnvelopeError } from "@/components/widgets/types";
import { WidgetError } from "@/components/widgets/widget-error";
import { FieldInput, labelOf } from "./field-input";
import { FILLED_FIELDS } from "./form-knowledge";
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

/** Tab stays in the form (from the last control to the first and back), as in a dialog. */
function tabStaysIn(event: KeyboardEvent<HTMLFormElement>): boolean {
  if (event.key !== "Tab") return false;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("input, select, textarea, button")].filter((element) => !element.hasAttribute("disabled"));
  const at = controls.indexOf(event.target as HTMLElement);
  const next = event.shiftKey ? (at <= 0 ? controls.at(-1) : undefined) : at === controls.length - 1 ? controls[0] : undefined;
  if (!next) return true;
  event.preventDefault();
  next.focus();
  return true;
}

/** Enter in a one-line field goes to the next field; Ctrl/Cmd+Enter runs the form. */
function enterMovesOn(event: KeyboardEvent<HTMLFormElement>) {
  if (tabStaysIn(event)) return;
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || target.tagName !== "INPUT") return;
  event.preventDefault();
  if (event.ctrlKey || event.metaKey) return event.currentTarget.requestSubmit();
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>("input, select, textarea, button[type=submit]")];
  fields[fields.indexOf(target) + 1]?.focus();
}

export function SchemaForm({ capabilityId, brand, schema, busy, failure, onRun, onRetry, onCancel }: Props) {
  const variants = variantsOf(schema);
  const discriminator = discriminatorOf(variants);
  const [variantIndex, setVariantIndex] = useState(0);
  const variant = variants[variantIndex] ?? {};
  // what the form fills itself (form-knowledge.ts) is never asked
  const fields = useMemo(() => fieldsOf(variant, discriminator).filter((field) => !FILLED_FIELDS.has(field.name)), [variant, discriminator]);
  const [values, setValues] = useState<Record<string, FormValue>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // into the form when it opens; to the refused field when a run is refused
  useEffect(() => {
    const field = failure && "field" in failure && typeof failure.field === "string" ? failure.field.split(".")[0] : undefined;
    const named = field ? form.current?.querySelector<HTMLElement>(`[data-testid="slash-field-${field}"]`) : null;
    (named ?? form.current?.querySelector<HTMLElement>("input, select, textarea"))?.focus();
  }, [failure]);
  const set = (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value }));

  function submit() {
    const fixed = discriminator ? { [discriminator]: variant.properties?.[discriminator]?.const } : {};
    const result = inputOf(fields, values, fixed);
    if ("field" in result) return setProblem(`${labelOf(result.field)} ${result.problem}.`);
    setProblem(null);
    onRun(result.input);
  }

  return (
    <form
      ref={form}
      className="slash-form"
      onKeyDown={enterMovesOn}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {discriminator && (
        <label className="slash-field">
          <span>{labelOf(discriminator)}</span>
          <select
            value={variantIndex}
            onChange={(event) => {
              setVariantIndex(Number(event.target.value));
              setValues({});
            }}
          >
            {variants.map((option, index) => (
              <option key={index} value={index}>
                {String(option.properties?.[discriminator]?.const)}
              </option>
            ))}
          </select>
        </label>
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
      {fields.length === 0 && <p className="muted">No input needed.</p>}
      {fields.map((field) => (
        <FieldInput key={`${variantIndex}-${field.name}`} field={field} value={values[field.name] ?? field.initial} onChange={(value) => set(field.name, value)} picker={{ capabilityId, brand }} />
      ))}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="slash-actions">
        <button type="submit" className="button primary" data-testid="slash-run" disabled={busy}>
          {busy ? "Running…" : "Run"}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
