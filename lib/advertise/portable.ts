// The portable dialect: the JSON Schema every tool consumer we know reads the same way. OpenAI,
// Anthropic and Gemini function declarations, MCP hosts that map schemas onto a single-`type`
// dialect, and the MCP Inspector's portability lint (docs/mcp.md, Tool schemas):
// - a nullable type array (`["string","null"]`) becomes `anyOf` branches of one type each;
// - `const` becomes a one-value `enum` (Gemini's schema has no `const`);
// - `oneOf` becomes `anyOf` (Gemini and OpenAI's strict mode read only `anyOf`; the exact
//   exclusivity stays in the registry's schema, which the pipeline checks).
import { mapSchema, type Json } from "./json-schema";

export function portableSchema(schema: Json): Json {
  return mapSchema(schema, (node) => {
    let out: Json = { ...node };
    if ("const" in out) {
      const { const: value, ...rest } = out;
      out = {
        ...rest,
        enum: [value],
        ...(rest.type === undefined && typeof value === "string" ? { type: "string" } : {}),
      };
    }
    if (Array.isArray(out.oneOf)) {
      const { oneOf, ...rest } = out;
      out = { ...rest, anyOf: oneOf };
    }
    if (Array.isArray(out.type)) out = splitTypeArray(out);
    return out;
  });
}

/** `{type: ["string","null"], maxLength: 3}` → `{anyOf: [{type: "string", maxLength: 3}, {type: "null"}]}`. */
function splitTypeArray(node: Json): Json {
  const { type, description, title, default: fallback, ...constraints } = node;
  const types = type as string[];
  if (types.length === 1) return { ...node, type: types[0] };
  const enumOf = () =>
    Array.isArray(constraints.enum) ? { enum: constraints.enum.filter((value) => value !== null) } : {};
  const branches = types.map((one) => (one === "null" ? { type: "null" } : { type: one, ...constraints, ...enumOf() }));
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
    anyOf: branches,
  };
}
