// What real model providers refuse in a tool declaration, as their documentation and their error
// messages say (the API references and public error reports named below). The
// scripted stand-ins (scripted-openai.ts, scripted-realtime.ts) answer a provider-shaped 400 with
// these messages, and test/unit/tool-schemas.test.ts holds every advertised schema to each set, so
// no test can pass on a schema a real provider would refuse. Written from the providers' rules, not
// from lib/advertise: it checks that code, it must not share its assumptions.
//
// Gemini has two fields for a function's parameters, and what is refused depends on which one a
// host fills (from the sources named here):
// - `parameters`: Gemini's own Schema, "a select subset of an OpenAPI 3.0 schema object". Its fields
//   are those of `Schema` in @google/genai (googleapis/js-genai src/types.ts): anyOf, default,
//   description, enum (strings), example, format, items, maxItems, maxLength, maxProperties, maximum,
//   minItems, minLength, minProperties, minimum, nullable, pattern, properties, propertyOrdering,
//   required, title, type (one name). Any other member is a 400 "Invalid JSON payload received.
//   Unknown name \"additionalProperties\" … Cannot find field." (also const, propertyNames, $defs,
//   $ref, $schema: public error reports from Gemini's API), and a type array "Proto field is not
//   repeating, cannot start list".
// - `parametersJsonSchema`: JSON Schema, "mutually exclusive with parameters"; it "must describe an
//   object" (FunctionDeclaration in @google/genai src/types.ts). Google documents the keywords it
//   heeds in its JSON-Schema fields (responseJsonSchema, GenerationConfig in the Vertex and Gemini
//   API references): the full JSON Schema may be sent; enum holds strings and numbers; a `$ref`
//   may have no sibling but `$` members.
// What a host sends for an MCP tool: gemini-cli (google-gemini/gemini-cli, packages/core/src/tools/
// mcp-client.ts, McpCallableTool.tool() and DeclarativeTool.getSchema() in tools/tools.ts) sends
// the tool's inputSchema as `parametersJsonSchema`, first turning a two-member type array with
// "null" into one type and `nullable: true`; @google/genai's mcpToTool (src/_transformers.ts,
// mcpToGeminiTool) sends inputSchema as `parametersJsonSchema` unchanged. So "gemini" checks the
// declaration a host builds that way, and "gemini-parameters" what a host filling the older field
// would send (none of the hosts read does, for MCP tools).
import Ajv2020 from "ajv/dist/2020.js";

export type RuleSet = "openai" | "openai-strict" | "anthropic" | "gemini" | "gemini-parameters";

export type ToolDeclaration = { name: string; description?: string; parameters: unknown };
/** One refusal: where (the provider's `param`) and the provider's words. */
export type Problem = { param: string; message: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** OpenAI and Anthropic names; Gemini also allows dots, colons and 128 characters but must start with a letter or _. */
const NAME = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/,
};
/** OpenAI's documented limit on a function's description (Gemini and Anthropic allow more). */
const DESCRIPTION_LIMIT = 1024;
const ROOT_FORBIDDEN = {
  openai: ["oneOf", "anyOf", "allOf", "enum", "not", "const"],
  anthropic: ["oneOf", "allOf", "anyOf"],
  // the JSON-Schema field asks only for an object; the Schema field's root is checked member by member
  gemini: [],
};
/** OpenAI structured outputs, "Supported schemas": everything else is "not permitted" under strict. */
const STRICT_KEYWORDS = new Set([
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
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
/** The members of Gemini's `Schema` (the `parameters` field), as @google/genai declares them. */
const GEMINI_SCHEMA_FIELDS = new Set([
  "anyOf",
  "default",
  "description",
  "enum",
  "example",
  "format",
  "items",
  "maxItems",
  "maxLength",
  "maxProperties",
  "maximum",
  "minItems",
  "minLength",
  "minProperties",
  "minimum",
  "nullable",
  "pattern",
  "properties",
  "propertyOrdering",
  "required",
  "title",
  "type",
]);

/** A function declaration as it reaches Gemini: one of its two parameter fields set. */
export type GeminiDeclaration = {
  name: string;
  description?: string;
  parameters?: unknown;
  parametersJsonSchema?: unknown;
};

/** The declaration gemini-cli builds from an MCP tool (mcp-client.ts): inputSchema as parametersJsonSchema, `[T, "null"]` as T + nullable. */
export function geminiHostDeclaration(tool: ToolDeclaration): GeminiDeclaration {
  const nullableOnce = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(nullableOnce);
    if (!isObject(node)) return node;
    const out: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullableOnce(value)]));
    if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes("null")) {
      const other = out.type.find((type) => type !== "null");
      if (typeof other === "string") Object.assign(out, { type: other, nullable: true });
    }
    return out;
  };
  return { name: tool.name, description: tool.description, parametersJsonSchema: nullableOnce(tool.parameters) };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

export function toolProblems(rules: RuleSet, tool: ToolDeclaration): Problem[] {
  if (rules === "gemini") return geminiProblems(geminiHostDeclaration(tool));
  if (rules === "gemini-parameters") return geminiProblems({ ...tool, parameters: tool.parameters });
  return declarationProblems(rules, tool);
}

/** What Gemini refuses in one function declaration, whichever of its two parameter fields it uses. */
export function geminiProblems(declaration: GeminiDeclaration): Problem[] {
  const both = declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined;
  const asJsonSchema = declaration.parametersJsonSchema !== undefined;
  const problems = declarationProblems(asJsonSchema ? "gemini" : "gemini-parameters", {
    name: declaration.name,
    description: declaration.description,
    parameters: asJsonSchema ? declaration.parametersJsonSchema : declaration.parameters,
  });
  if (both)
    problems.unshift({
      param: "parametersJsonSchema",
      message: `Invalid function declaration '${declaration.name}': parametersJsonSchema and parameters are mutually exclusive.`,
    });
  return problems;
}

function declarationProblems(rules: RuleSet, tool: ToolDeclaration): Problem[] {
  const family = rules === "openai-strict" ? "openai" : rules === "gemini-parameters" ? "gemini" : rules;
  const problems: Problem[] = [];
  if (!NAME[family].test(tool.name))
    problems.push({
      param: "name",
      message: `Invalid 'name': '${tool.name}' does not match pattern '${NAME[family].source}'.`,
    });
  if ((tool.description ?? "").length > DESCRIPTION_LIMIT)
    problems.push({
      param: "description",
      message: `Invalid 'description': string too long. Expected a string with maximum length ${DESCRIPTION_LIMIT}, but got a string with length ${tool.description!.length} instead.`,
    });
  const schema = tool.parameters;
  const invalid = `Invalid schema for function '${tool.name}'`;
  if (!isObject(schema))
    return [
      ...problems,
      {
        param: "parameters",
        message: `${invalid}: schema must be a JSON Schema of 'type: "object"', got '${JSON.stringify(schema)}'.`,
      },
    ];
  // checked against 2020-12's meta-schema whatever `$schema` it names (clients send draft-07's);
  // Gemini's Schema field is no JSON Schema: its members are checked one by one below
  const { $schema: _dialect, ...body } = schema;
  if (rules !== "gemini-parameters" && !ajv.validateSchema(body))
    problems.push({ param: "parameters", message: `${invalid}: ${ajv.errorsText(ajv.errors)}` });
  const forbidden = ROOT_FORBIDDEN[family].filter((key) => key in schema);
  if (schema.type !== "object" || forbidden.length > 0) {
    const words = {
      openai: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level",
      anthropic: "input_schema does not support oneOf, allOf, or anyOf at the top level",
      gemini: "parameters must describe an object (type OBJECT)",
    }[family];
    problems.push({
      param: "parameters",
      message: `${invalid}: ${words}${forbidden.length ? ` (found ${forbidden.join(", ")})` : ""}.`,
    });
  }
  walk(schema, [], (node, path) =>
    problems.push(
      ...nodeProblems(rules, node, path).map((message) => ({
        param: "parameters",
        message: `${invalid}: In context=(${path.map((part) => `'${part}'`).join(", ")}), ${message}`,
      })),
    ),
  );
  return problems;
}

function nodeProblems(rules: RuleSet, node: Json, path: string[]): string[] {
  const found: string[] = [];
  if (rules === "openai" || rules === "openai-strict") {
    if (node.type === "object" && !isObject(node.properties) && rules === "openai-strict")
      found.push("object schema missing properties.");
    if (node.type === "array" && node.items === undefined) found.push("array schema missing items.");
  }
  if (rules === "openai-strict") {
    for (const key of Object.keys(node)) if (!STRICT_KEYWORDS.has(key)) found.push(`'${key}' is not permitted.`);
    if (typeof node.format === "string" && !STRICT_FORMATS.has(node.format))
      found.push(`format '${node.format}' is not supported.`);
    if (path.length === 0 && "anyOf" in node) found.push("'anyOf' is not permitted at the root.");
    if (node.type === "object" || isObject(node.properties)) {
      if (node.additionalProperties !== false)
        found.push("'additionalProperties' is required to be supplied and to be false.");
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      const missing = Object.keys(isObject(node.properties) ? node.properties : {}).filter(
        (name) => !required.includes(name),
      );
      if (!Array.isArray(node.required) || missing.length > 0)
        found.push(
          `'required' is required to be supplied and to be an array including every key in properties.${missing.length ? ` Missing '${missing[0]}'.` : ""}`,
        );
    }
    if (path.filter((part) => part === "properties").length > 10) found.push("schema nesting exceeds 10 levels.");
  }
  if (rules === "gemini-parameters") {
    for (const key of Object.keys(node))
      if (!GEMINI_SCHEMA_FIELDS.has(key))
        found.push(`Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
    if (Array.isArray(node.type))
      found.push(
        `Invalid JSON payload received. Invalid value at 'type' (${JSON.stringify(node.type)}): Proto field is not repeating, cannot start list (one type name expected).`,
      );
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== "string"))
      found.push("enum values must be strings.");
  }
  if (rules === "gemini") {
    const siblings = Object.keys(node).filter((key) => !key.startsWith("$"));
    if (typeof node.$ref === "string" && siblings.length > 0)
      found.push(`a schema with $ref may have no other members but $ ones (found ${siblings.join(", ")}).`);
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== "string" && typeof value !== "number"))
      found.push("enum values must be strings or numbers.");
  }
  return found;
}

/** Every subschema, with the path of keys that leads to it (as OpenAI's errors print it). */
function walk(node: Json, path: string[], visit: (node: Json, path: string[]) => void): void {
  visit(node, path);
  for (const key of ["items", "additionalProperties", "not"])
    if (isObject(node[key])) walk(node[key] as Json, [...path, key], visit);
  for (const key of ["properties", "$defs", "definitions"]) {
    if (isObject(node[key]))
      for (const [name, sub] of Object.entries(node[key] as Json))
        if (isObject(sub)) walk(sub, [...path, key, name], visit);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(node[key]))
      for (const [index, sub] of (node[key] as unknown[]).entries())
        if (isObject(sub)) walk(sub, [...path, key, String(index)], visit);
  }
}
