// Reads a capability's input JSON Schema (from GET /api/assistant/capabilities) into the fields of a
// small form, and the form's text back into the input. What a form cannot show well (nested
// objects, arrays of objects) becomes a JSON box.

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  format?: string;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

export type FieldKind =
  | "text"
  | "longtext"
  | "number"
  | "boolean"
  | "enum"
  | "enum-list"
  | "string-list"
  | "object-list"
  | "json"
  | "datetime";
export type Field = {
  name: string;
  kind: FieldKind;
  required: boolean;
  options: string[];
  description?: string;
  initial: FormValue;
  /** object-list: the fields of one item; min/max items */
  itemFields?: Field[];
  minItems?: number;
  maxItems?: number;
};
export type FormValue = string | boolean | string[] | Record<string, FormValue>[];

export function variantsOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [schema];
}

/** the property whose `const` tells the variants apart (step, op), if the schema is a union */
export function discriminatorOf(variants: JsonSchema[]): string | undefined {
  if (variants.length < 2) return undefined;
  const first = variants[0]?.properties ?? {};
  return Object.keys(first).find((key) => variants.every((variant) => variant.properties?.[key]?.const !== undefined));
}

function kindOf(schema: JsonSchema): FieldKind {
  if (schema.enum) return "enum";
  if (schema.type === "boolean") return "boolean";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "array" && schema.items?.type === "string")
    return schema.items.enum ? "enum-list" : "string-list";
  // a list of flat records (the questions to ask): one small form per item, never a JSON box
  if (
    schema.type === "array" &&
    schema.items?.type === "object" &&
    fieldsOf(schema.items).every((field) => field.kind !== "json" && field.kind !== "object-list")
  )
    return "object-list";
  // a moment is picked on a calendar, in the person's own time zone, never typed as ISO 8601
  if (schema.type === "string" && schema.format === "date-time") return "datetime";
  if (schema.type === "string") return (schema.maxLength ?? 0) > 300 ? "longtext" : "text";
  return "json";
}

export function fieldsOf(schema: JsonSchema, skip?: string): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== skip)
    .map(([name, property]) => {
      const kind = kindOf(property);
      const options = (property.enum ?? property.items?.enum ?? []).map(String);
      const field: Field = {
        name,
        kind,
        required: required.has(name),
        options,
        description: property.description,
        initial: initialOf(name, kind, property),
      };
      if (kind === "object-list")
        Object.assign(field, {
          itemFields: fieldsOf(property.items!),
          minItems: property.minItems,
          maxItems: property.maxItems,
        });
      return field;
    });
}

function initialOf(name: string, kind: FieldKind, property: JsonSchema): FormValue {
  // a retry key is the machine's business: a fresh one per form
  if (name === "idempotencyKey") return crypto.randomUUID();
  if (kind === "boolean") return property.default === true;
  if (kind === "enum-list") return Array.isArray(property.default) ? property.default.map(String) : [];
  if (kind === "object-list") return [{}];
  if (property.default !== undefined)
    return kind === "json" ? JSON.stringify(property.default, null, 2) : String(property.default);
  // a JSON box starts as the shape to fill in, rather than empty
  return kind === "json" ? JSON.stringify(templateOf(property), null, 2) : "";
}

function templateOf(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === "object")
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, item]) => [key, templateOf(item)]));
  if (schema.type === "array") return schema.items?.type === "object" ? [templateOf(schema.items)] : [];
  if (schema.type === "integer" || schema.type === "number") return 0;
  if (schema.type === "boolean") return false;
  return "";
}

/** The form's values as the capability's input; a JSON box that does not parse names its field. */
export function inputOf(
  fields: Field[],
  values: Record<string, FormValue>,
  fixed: Record<string, unknown>,
): { input: Record<string, unknown> } | { field: string; problem: string } {
  const input: Record<string, unknown> = { ...fixed };
  for (const field of fields) {
    const value = values[field.name] ?? field.initial;
    if (field.kind === "boolean") {
      input[field.name] = value === true;
      continue;
    }
    if (field.kind === "object-list" && Array.isArray(value)) {
      const list: unknown[] = [];
      for (const [index, item] of (value as Record<string, FormValue>[]).entries()) {
        const one = inputOf(field.itemFields ?? [], item, {});
        if ("field" in one) return { field: `${field.name}.${index}.${one.field}`, problem: one.problem };
        list.push(one.input);
      }
      input[field.name] = list;
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > 0) input[field.name] = value;
      continue;
    }
    const text = String(value).trim();
    if (text === "" && field.kind === "string-list" && field.required) input[field.name] = []; // a list may be empty
    if (text === "") continue; // left empty: the server says whether it was required
    if (field.kind === "number") input[field.name] = Number.isNaN(Number(text)) ? text : Number(text);
    else if (field.kind === "datetime")
      input[field.name] = Number.isNaN(new Date(text).getTime()) ? text : new Date(text).toISOString();
    else if (field.kind === "string-list")
      input[field.name] = text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    else if (field.kind === "json") {
      try {
        input[field.name] = JSON.parse(text);
      } catch {
        return { field: field.name, problem: "is not valid JSON" };
      }
    } else input[field.name] = text;
  }
  return { input };
}
