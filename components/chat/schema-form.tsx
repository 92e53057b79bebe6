"use client";
// The slash command's form, generated from the capability's input JSON Schema: strings, numbers,
// booleans, enums, string arrays; a union (upload step, contact op) first asks which variant.
// Labels are the words the error sentences use (error-text.ts); the first field takes the focus;
// Enter in a one-line field moves to the next one instead of running a half-filled form; a refused
// run shows its error here, above what was typed, which stays.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { fieldInWords } from "@/components/widgets/error-text";
import type { EnvelopeError } from "@/components/widgets/types";
import { WidgetError } from "@/components/widgets/widget-error";
import { discriminatorOf, fieldsOf, inputOf, variantsOf, type Field, type FormValue, type JsonSchema } from "./schema-fields";

type Props = { schema: JsonSchema; busy: boolean; failure?: EnvelopeError | null; onRun: (input: Record<string, unknown>) => void; onCancel: () => void };

/** "hex" → "Colour code", "expectedRevision" → "Version you were looking at": as errors say it. */
export function labelOf(name: string): string {
  const words = fieldInWords(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Enter in a one-line field goes to the next field; Ctrl/Cmd+Enter runs the form. */
function enterMovesOn(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || target.tagName !== "INPUT") return;
  event.preventDefault();
  if (event.ctrlKey || event.metaKey) return event.currentTarget.requestSubmit();
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>("input, select, textarea, button[type=submit]")];
  fields[fields.indexOf(target) + 1]?.focus();
}

export function SchemaForm({ schema, busy, failure, onRun, onCancel }: Props) {
  const variants = variantsOf(schema);
  const discriminator = discriminatorOf(variants);
  const [variantIndex, setVariantIndex] = useState(0);
  const variant = variants[variantIndex] ?? {};
  const fields = useMemo(() => fieldsOf(variant, discriminator), [variant, discriminator]);
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
        </div>
      )}
      {fields.length === 0 && <p className="muted">No input needed.</p>}
      {fields.map((field) => (
        <FieldInput key={`${variantIndex}-${field.name}`} field={field} value={values[field.name] ?? field.initial} onChange={(value) => set(field.name, value)} />
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

function FieldInput({ field, value, onChange }: { field: Field; value: FormValue; onChange: (value: FormValue) => void }) {
  const label = `${labelOf(field.name)}${field.required ? "" : " (optional)"}`;
  const name = `slash-field-${field.name}`;
  if (field.kind === "boolean") {
    return (
      <label className="slash-field slash-check">
        <input type="checkbox" data-testid={name} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
        {field.description && <small>{field.description}</small>}
      </label>
    );
  }
  if (field.kind === "enum-list") {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="slash-field">
        <legend>{label}</legend>
        <span className="slash-options">
        {field.options.map((option) => (
          <label key={option} className="slash-check">
            <input type="checkbox" checked={chosen.includes(option)} onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))} />
            {option}
          </label>
        ))}
        </span>
        {field.description && <small>{field.description}</small>}
      </fieldset>
    );
  }
  const text = typeof value === "string" ? value : "";
  const multiline = field.kind === "longtext" || field.kind === "json" || field.kind === "string-list";
  return (
    <label className="slash-field">
      <span>{label}</span>
      {field.kind === "enum" ? (
        <select data-testid={name} value={text} onChange={(event) => onChange(event.target.value)}>
          {!field.required || text === "" ? <option value="">—</option> : null}
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : multiline ? (
        <textarea data-testid={name} value={text} rows={field.kind === "json" ? 5 : 3} onChange={(event) => onChange(event.target.value)} placeholder={field.kind === "string-list" ? "One per line" : field.kind === "json" ? "JSON" : undefined} />
      ) : (
        <input data-testid={name} type={field.kind === "number" ? "number" : "text"} value={text} onChange={(event) => onChange(event.target.value)} />
      )}
      {field.description && <small>{field.description}</small>}
    </label>
  );
}
