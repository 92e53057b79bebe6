// JSON Schemas the MCP door advertises, derived from the registry by lib/advertise (the portable
// dialect every host and provider reads) plus the door's envelope. Arguments are not validated
// here: the pipeline does it (step 5), so a bad argument gets the API door's invalid_input.
import type { CallToolResult, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { Capability } from "../contract/define";
import { propertiesOf, requiredOf, toolInput, toolOutput, type Json, type ObjectSchema } from "../advertise/audiences";
import { ERROR_STATUS } from "../contract/errors";

const BRAND: Json = {
  type: "string",
  minLength: 1,
  maxLength: 100,
  description: "The brand's short id or UUID (brands_list gives them)",
};
const TOKEN: Json = {
  type: "string",
  minLength: 1,
  maxLength: 200,
  description:
    "Only for clients without elicitation: the confirmationToken of a confirmation_required result, to run the write its summary describes",
};

const ERROR_BODY: Json = {
  type: "object",
  required: ["ok", "error"],
  properties: {
    ok: { type: "boolean", enum: [false] },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { enum: Object.keys(ERROR_STATUS) }, message: { type: "string" } },
    },
  },
};

/** The capability's input (one portable object, lib/advertise) plus the envelope (brand, confirmationToken). */
export function inputSchema(capability: Capability): ObjectSchema {
  const schema = toolInput(capability);
  const envelope: Json = {
    ...(capability.brandScoped ? { brand: BRAND } : {}),
    ...(capability.confirmation ? { confirmationToken: TOKEN } : {}),
  };
  const required = [...(capability.brandScoped ? ["brand"] : []), ...requiredOf(schema)];
  return { ...schema, properties: { ...envelope, ...propertiesOf(schema) }, required };
}

/** structuredContent is the API door's `data`, or its error body on an isError result. */
export function outputSchema(capability: Capability): ObjectSchema {
  const { $defs, ...data } = toolOutput(capability);
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
export function errorResult(body: {
  ok: false;
  error: { code: string; message: string; [more: string]: unknown };
}): CallToolResult {
  return {
    isError: true,
    structuredContent: body,
    content: [{ type: "text", text: `${body.error.code}: ${body.error.message}${retryWithToken(body.error)}` }],
  };
}

/**
 * A client without elicitation gets the token as the API door gives it
 * (docs/design.md, confirmation); hosts that show the model only the text (the Inspector CLI,
 * mcporter, mcpc) need it there to finish the write.
 */
function retryWithToken(error: Record<string, unknown>): string {
  if (typeof error.confirmationToken !== "string") return "";
  const until = typeof error.expiresAt === "string" ? `, before ${error.expiresAt}` : "";
  return (
    ". Nothing was written. To run it once the person agrees, call this tool again with the same arguments plus " +
    `"confirmationToken": "${error.confirmationToken}" (one use${until}).`
  );
}
