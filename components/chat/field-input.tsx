"use client";
// One field of a slash form: a checkbox, a set of choices, a picker of the brand's own things (by
// name, from form-knowledge.ts), a list of small records with Add and Remove, or a text box. Every
// label and choice in words (form-words.ts, value-words.ts); a required field says so, on screen and
// to assistive technology (aria-required), and an optional one needs no mark.
import { useEffect, useState, type ReactNode } from "react";
import { fieldInWords } from "@/components/widgets/error-text";
import { valueInWords } from "@/components/widgets/value-words";
import type { EnvelopeError } from "@/components/widgets/types";
import { WidgetError } from "@/components/widgets/widget-error";
import { helpFor } from "./field-help";
import { FILLED_ITEM_FIELDS, pickerFor, pickerOptions } from "./form-knowledge";
import { Label } from "./field-label";
import { labelFor } from "./form-words";
import type { Field, FormValue } from "./schema-fields";

type Props = {
  field: Field;
  value: FormValue;
  onChange: (value: FormValue) => void;
  /** where the form is: pickers list this brand's things for this capability's fields */
  picker?: { capabilityId: string; brand: string };
  /** the field's test id, when it sits inside a list item */
  testId?: string;
};

export function FieldInput({ field, value, onChange, picker, testId }: Props) {
  const label = <Label text={labelFor(picker?.capabilityId ?? "", field.name)} required={field.required} />;
  const required = field.required || undefined;
  const name = testId ?? `slash-field-${field.name}`;
  const source = picker && pickerFor(picker.capabilityId, field.name);
  // words for people (field-help.ts), not the registry's description written for the model
  const help = helpFor(picker?.capabilityId ?? "", field.name);
  if (source && picker)
    return (
      <PickerInput
        label={label}
        required={required}
        name={name}
        value={typeof value === "string" ? value : ""}
        onChange={onChange}
        source={source}
        brand={picker.brand}
      />
    );
  if (field.kind === "object-list")
    return (
      <ObjectListInput
        field={field}
        label={label}
        value={Array.isArray(value) ? (value as Record<string, FormValue>[]) : [{}]}
        onChange={onChange}
        picker={picker}
      />
    );
  if (field.kind === "boolean") {
    return (
      <label className="slash-field slash-check">
        <input
          type="checkbox"
          data-testid={name}
          aria-required={required}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
        {help && <small>{help}</small>}
      </label>
    );
  }
  if (field.kind === "enum-list") {
    const chosen = (Array.isArray(value) ? value : []) as string[];
    return (
      <fieldset className="slash-field">
        <legend>{label}</legend>
        <span className="slash-options">
          {field.options.map((option) => (
            <label key={option} className="slash-check">
              <input
                type="checkbox"
                value={option}
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))
                }
              />
              {valueInWords(option, field.name)}
            </label>
          ))}
        </span>
        {help && <small>{help}</small>}
      </fieldset>
    );
  }
  const text = typeof value === "string" ? value : "";
  const multiline = field.kind === "longtext" || field.kind === "json" || field.kind === "string-list";
  return (
    <label className="slash-field">
      {label}
      {field.kind === "enum" ? (
        <select
          data-testid={name}
          aria-required={required}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        >
          {!field.required || text === "" ? <option value="">{field.required ? "Choose…" : "—"}</option> : null}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {valueInWords(option, field.name)}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea
          data-testid={name}
          aria-required={required}
          value={text}
          rows={field.kind === "json" ? 5 : 3}
          onChange={(event) => onChange(event.target.value)}
          placeholder={field.kind === "string-list" ? "One per line" : field.kind === "json" ? "JSON" : undefined}
        />
      ) : (
        <input
          data-testid={name}
          aria-required={required}
          type={INPUT_TYPES[field.kind] ?? "text"}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {help && <small>{help}</small>}
    </label>
  );
}

/** The brand's things by name (files, questions, contact channels, connections), never an id box. */
type PickerProps = {
  label: ReactNode;
  required?: true;
  name: string;
  value: string;
  onChange: (value: FormValue) => void;
  source: NonNullable<ReturnType<typeof pickerFor>>;
  brand: string;
};

function PickerInput({ label, required, name, value, onChange, source, brand }: PickerProps) {
  const [options, setOptions] = useState<{ value: string; label: string }[] | null>(null);
  const [error, setError] = useState<EnvelopeError | null>(null);
  useEffect(() => {
    void pickerOptions(source, brand).then((answer) =>
      "error" in answer ? setError(answer.error) : setOptions(answer.options),
    );
  }, [source, brand]);
  return (
    <label className="slash-field">
      {label}
      <select
        data-testid={name}
        aria-required={required}
        value={value}
        disabled={!options}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">
          {options ? (options.length === 0 ? "Nothing to choose from yet" : "Choose…") : "Loading…"}
        </option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <WidgetError error={error} />}
    </label>
  );
}

/** A list of small records (the questions to ask): one group of fields per item, Add and Remove. */
function ObjectListInput({
  field,
  label,
  value,
  onChange,
  picker,
}: {
  field: Field;
  label: ReactNode;
  value: Record<string, FormValue>[];
  onChange: (value: FormValue) => void;
  picker?: Props["picker"];
}) {
  const itemFields = (field.itemFields ?? []).filter((inner) => !FILLED_ITEM_FIELDS.has(inner.name));
  const max = field.maxItems ?? 20;
  const one = fieldInWords(field.name).replace(/s$/, "");
  const change = (index: number, name: string, next: FormValue) =>
    onChange(value.map((item, at) => (at === index ? { ...item, [name]: next } : item)));
  return (
    <fieldset className="slash-field slash-records" data-testid={`slash-field-${field.name}`}>
      <legend>{label}</legend>
      {value.map((item, index) => (
        <div key={index} className="slash-record" data-testid={`slash-record-${index}`}>
          <span className="slash-record-head">
            <strong>
              {labelFor("", one)} {index + 1}
            </strong>
            {value.length > (field.minItems ?? 1) && (
              <button
                type="button"
                className="link-button"
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            )}
          </span>
          {itemFields.map((inner) => (
            <FieldInput
              key={inner.name}
              field={inner}
              value={item[inner.name] ?? inner.initial}
              onChange={(next) => change(index, inner.name, next)}
              testId={`slash-field-${field.name}-${index}-${inner.name}`}
              picker={picker}
            />
          ))}
        </div>
      ))}
      {value.length < max && (
        <button
          type="button"
          className="button small"
          data-testid={`slash-add-${field.name}`}
          onClick={() => onChange([...value, {}])}
        >
          Add another {fieldInWords(one)}
        </button>
      )}
    </fieldset>
  );
}

// a number box, a date and time picker; everything else types text
const INPUT_TYPES: Partial<Record<Field["kind"], string>> = { number: "number", datetime: "datetime-local" };
