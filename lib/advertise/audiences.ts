// What each audience is shown of a capability, from one place (docs/mcp.md, Tool schemas):
// - `toolInput`: the portable object every provider and MCP host accepts (unions flattened);
// - `strictToolInput`: the same in OpenAI's strict shape, for OpenAI's own API;
// - `toolOutput`: the MCP output schema, in the portable dialect.
// The doors add only their envelope (MCP's brand and confirmationToken). The README's "Tool
// schemas" section says which rules each audience is checked against (test/unit/tool-schemas.test.ts).
import type { z } from "zod";
import type { Capability } from "../contract/define";
import { flattenRoot } from "./flatten";
import { exactSchema, type Json, type ObjectSchema } from "./json-schema";
import { portableSchema } from "./portable";
import { strictSchema } from "./strict";

const inputs = new WeakMap<Capability, ObjectSchema>();

/** The capability's input as one portable object (memoised: the registry's schemas never change). */
export function toolInput(capability: Capability): ObjectSchema {
  let schema = inputs.get(capability);
  if (!schema) {
    schema = portableInput(capability.input);
    inputs.set(capability, schema);
  }
  return schema;
}

/** Any tool input the service defines (the MCP Apps decision tool's too) in the portable shape. */
export function portableInput(input: z.ZodType): ObjectSchema {
  return flattenRoot(portableSchema(exactSchema(input, "input")));
}

export function strictToolInput(capability: Capability): ObjectSchema {
  return strictSchema(toolInput(capability));
}

export function toolOutput(capability: Capability): Json {
  return portableSchema(exactSchema(capability.output, "output"));
}

export { propertiesOf, requiredOf, type Json, type ObjectSchema } from "./json-schema";
export { absentForNull } from "./nulls";
