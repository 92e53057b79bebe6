// JSON Schemas the MCP door advertises, derived from the registry. Arguments are not validated
// here: the pipeline does it (step 5), so a bad argument gets the API door's invalid_input.
import { z } from "zod";
import type { CallToolResult, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { Capability } from "../capabilities/define";
import { ERROR_STATUS } from "../core/errors";

type Json = Record<string, unknown>;
/** MCP tool schemas must have an object root */
export type ObjectSchema = { type: "object"; [key: string]: unknown };

const BRAND: Json = { type: "string", minLength: 1, maxLength: 100, description: "The brand's short id or UUID (brands_list gives them)" };
const TOKEN: Json = {
  type: "string", minLength: 1, maxLength: 200,
  description: "Only for clients without elicitation: the confirmationToken of a confirmation_required result, to run the write its summary describes",
};

const ERROR_BODY: Json = {
  type: "object",
  required: ["ok", "error"],
  properties: {
    ok: { const: false },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { enum: Object.keys(ERROR_STATUS) }, message: { type: "string" } },
    },
  },
};

/** The capability's input plus the envelope (brand, confirmationToken), always an object root. */
export function inputSchema(capability: Capability): ObjectSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Json;
  const envelope: Json = { ...(capability.brandScoped ? { brand: BRAND } : {}), ...(capability.confirmation ? { confirmationToken: TOKEN } : {}) };
  const required = capability.brandScoped ? ["brand"] : [];
  const withEnvelope = (shape: Json): Json => ({
    ...shape,
    properties: { ...envelope, ...(shape.properties as Json) },
    required: [...required, ...((shape.required as string[]) ?? [])],
  });
  if (schema.type === "object") return withEnvelope(schema) as ObjectSchema;
  // a union of object shapes (brand.contacts.save by op): an object root whose oneOf lists each
  // shape with the envelope, so the schema accepts exactly what the pipeline accepts
  const { oneOf, anyOf, ...rest } = schema;
  const variants = (oneOf ?? anyOf) as Json[];
  return { ...rest, type: "object", properties: envelope, required, oneOf: variants.map(withEnvelope) };
}

/** structuredContent is the API door's `data`, or its error body on an isError result. */
export function outputSchema(capability: Capability): ObjectSchema {
  const { $schema: _, $defs, ...data } = z.toJSONSchema(capability.output, { io: "output", unrepresentable: "any" }) as Json;
  return { type: "object", ...($defs ? { $defs } : {}), anyOf: [data, ERROR_BODY] };
}

/** A schema the SDK advertises as given and passes through unchanged. */
export function advertised(json: Json): StandardSchemaWithJSON<Json> {
  return {
    "~standard": {
      version: 1,
      vendor: "brand-operations",
      validate: (value: unknown) => ({ value: (value ?? {}) as Json }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/** An isError result whose structuredContent is the API door's error body (ERROR_BODY above). */
export function errorResult(body: { ok: false; error: { code: string; message: string; [more: string]: unknown } }): CallToolResult {
  return { isError: true, structuredContent: body, content: [{ type: "text", text: `${body.error.code}: ${body.error.message}` }] };
}
