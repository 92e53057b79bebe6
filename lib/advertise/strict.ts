// OpenAI's strict function calling (`strict: true`, the OpenAI Agents SDK's default): the model's
// arguments are guaranteed to match the schema, if the schema keeps strict mode's rules. Every
// object lists all its properties in `required` and has `additionalProperties: false`; an optional
// field becomes nullable (its `null` means "absent": absentForNull in nulls.ts maps it back before
// the pipeline); only strict mode's keywords remain. Bounds strict mode cannot carry (lengths,
// defaults) are said in the description and still checked by the pipeline on the exact schema.
import { mapSchema, sentences, type Json, type ObjectSchema } from "./json-schema";

/** The keywords strict mode accepts (OpenAI structured outputs, "Supported schemas"). */
export const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
  "pattern",
  "format",
  "multipleOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);
export const STRICT_FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

/** A portable, flattened object schema (portable.ts, flatten.ts) in strict mode's shape. */
export function strictSchema(schema: ObjectSchema): ObjectSchema {
  return mapSchema(schema, (node) =>
    node.type === "object" ? strictObject(keepStrictKeywords(node)) : keepStrictKeywords(node),
  ) as ObjectSchema;
}

function strictObject(node: Json): Json {
  const properties = (node.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((node.required as string[] | undefined) ?? []);
  const all = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [name, required.has(name) ? field : nullable(field)]),
  );
  return { ...node, properties: all, required: Object.keys(all), additionalProperties: false };
}

/** The field, or null (meaning: left out). */
function nullable(field: Json): Json {
  // its own null cannot be told from "not given" in strict mode: it means not given (nulls.ts)
  if (allowsNull(field))
    return {
      ...field,
      description: sentences(field.description as string | undefined, "Here null leaves it as it is"),
    };
  const description = sentences(field.description as string | undefined, "Null when not given");
  if (typeof field.type === "string" && !field.anyOf) {
    const withNullEnum = Array.isArray(field.enum) ? { enum: [...field.enum, null] } : {};
    return { ...field, type: [field.type, "null"], ...withNullEnum, description };
  }
  const { description: _, ...shape } = field;
  return { anyOf: [shape, { type: "null" }], description };
}

export function allowsNull(field: Json): boolean {
  if (field.type === "null" || (Array.isArray(field.type) && field.type.includes("null"))) return true;
  return Array.isArray(field.anyOf) && (field.anyOf as Json[]).some(allowsNull);
}

/** Drops what strict mode refuses, saying in the description what the pipeline will still check. */
function keepStrictKeywords(node: Json): Json {
  const said: string[] = [];
  const min = typeof node.minLength === "number" && node.minLength > 0 ? node.minLength : undefined;
  const max = typeof node.maxLength === "number" ? node.maxLength : undefined;
  if (min !== undefined || max !== undefined)
    said.push(
      min && max
        ? `${min} to ${max} characters`
        : max !== undefined
          ? `At most ${max} characters`
          : `At least ${min} characters`,
    );
  const description = node.description as string | undefined;
  if (node.default !== undefined && !/default/i.test(description ?? ""))
    said.push(`Default ${JSON.stringify(node.default)}`);
  const kept = Object.fromEntries(Object.entries(node).filter(([key]) => STRICT_KEYWORDS.has(key)));
  // the format says what the pattern zod derived from it says, in words strict mode supports
  if (typeof kept.format === "string" && STRICT_FORMATS.has(kept.format)) delete kept.pattern;
  else delete kept.format;
  if (said.length > 0) kept.description = sentences(description, ...said);
  return kept;
}
