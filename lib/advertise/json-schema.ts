// A capability's exact JSON Schema, as zod writes it from the registry: unions, bounds, defaults.
// The pipeline checks this exact schema; what each audience is shown is derived from it
// (portable.ts, flatten.ts, strict.ts), never written by hand beside it.
import { z } from "zod";

export type Json = Record<string, unknown>;
/** Every tool schema we advertise has an object root (MCP, OpenAI, Anthropic and Gemini demand it). */
export type ObjectSchema = { type: "object"; [key: string]: unknown };

export const propertiesOf = (schema: Json): Record<string, Json> =>
  (schema.properties as Record<string, Json> | undefined) ?? {};
export const requiredOf = (schema: Json): string[] => (schema.required as string[] | undefined) ?? [];

/** The zod schema as JSON Schema 2020-12 without its `$schema` line (no provider wants it). */
export function exactSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The keywords whose values are one subschema, a map of them, or a list of them. */
export const SUBSCHEMA = ["items", "additionalProperties", "not", "contains", "propertyNames"] as const;
export const SUBSCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties"] as const;
export const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;

/** The same schema with `visit` applied bottom-up to every subschema and then to the node itself. */
export function mapSchema(schema: Json, visit: (node: Json) => Json): Json {
  const node: Json = { ...schema };
  for (const key of SUBSCHEMA) if (isObject(node[key])) node[key] = mapSchema(node[key] as Json, visit);
  for (const key of SUBSCHEMA_MAPS) {
    if (isObject(node[key]))
      node[key] = Object.fromEntries(
        Object.entries(node[key] as Json).map(([name, sub]) => [name, isObject(sub) ? mapSchema(sub, visit) : sub]),
      );
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(node[key]))
      node[key] = (node[key] as unknown[]).map((sub) => (isObject(sub) ? mapSchema(sub, visit) : sub));
  }
  return visit(node);
}

/** Descriptions joined as sentences: "Kind of channel." + "Not allowed when op is delete." */
export function sentences(...parts: (string | undefined)[]): string {
  return parts
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .map((part) => (/[.!?)]$/.test(part) ? part : `${part}.`))
    .join(" ");
}
