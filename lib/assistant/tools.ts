// The model's tools: exactly the capabilities this person may call in this brand through this door
// (role and door, from the registry; sessions have no scopes), with the registry's descriptions.
// Authorization declared once, checked twice: each call still runs the whole pipeline.
import { jsonSchema, tool, type ToolSet } from "ai";
import type { Door } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import type { Capability } from "../contract/define";
import { absentForNull, propertiesOf, requiredOf, strictToolInput, toolInput, type Json } from "../advertise/audiences";
import { callableCapabilities } from "../core/access";
import type { Role } from "../contract/roles";
import type { ToolEnvelope } from "../pending/envelope";
import { keptEnvelope } from "../pending/kept";

/** Runs one capability for the person behind the chat (lib/doors/assistant.ts). */
export type RunTool = (capabilityId: string, input: unknown, toolCallId: string) => Promise<ToolEnvelope>;

/** Tool names: the capability id with dots replaced by underscores (kit_colors_add). */
export function toolName(capabilityId: string): string {
  return capabilityId.replaceAll(".", "_");
}

/**
 * Pure: the same list, person, role, door and mode always give the same tools. With `strict`, the
 * tools are sent in OpenAI's strict shape and a strict model's nulls are read as "absent"
 * (lib/advertise/nulls.ts) before the pipeline checks the call as the API door would.
 */
export function buildTools(
  list: readonly Capability[],
  actor: Actor,
  role: Role | null,
  door: Door,
  run: RunTool,
  options: { strict?: boolean } = {},
): ToolSet {
  const callable = new Set(callableCapabilities(actor, role, door, list));
  const strict = options.strict === true;
  const entries = list
    .filter((capability) => callable.has(capability.id))
    .map((capability) => [toolName(capability.id), toolFor(capability, run, strict)]);
  return Object.fromEntries(entries);
}

/** One capability as a model tool; its call runs through `run` (the pipeline checks everything). */
export function toolFor(capability: Capability, run: RunTool, strict: boolean): ToolSet[string] {
  return tool({
    title: capability.title,
    description: capability.description,
    // no validation here: the pipeline checks the input and answers invalid_input naming the field
    inputSchema: jsonSchema<Json>(modelInputSchema(capability, { strict }) as Parameters<typeof jsonSchema>[0]),
    ...(strict ? { strict: true } : {}),
    // what the model is handed never holds a value shown once: those reach the person through Confirm only
    execute: async (input: Json, { toolCallId }) =>
      keptEnvelope(
        await run(capability.id, strict ? absentForNull(modelInputSchema(capability), input) : input, toolCallId),
      ),
  });
}

/**
 * The capability's input as the model is shown it (lib/advertise: one object root, unions
 * flattened; strict mode's shape on request), without `brand` (the server injects the chat's
 * brand) and without `confirmationToken` (the model never handles tokens).
 */
export function modelInputSchema(capability: Capability, options: { strict?: boolean } = {}): Json {
  const schema = options.strict ? strictToolInput(capability) : toolInput(capability);
  const { brand: _brand, confirmationToken: _token, ...properties } = propertiesOf(schema);
  const required = requiredOf(schema).filter((name) => name !== "brand" && name !== "confirmationToken");
  const { required: _required, ...rest } = schema;
  return { ...rest, properties, ...(required.length > 0 || options.strict ? { required } : {}) };
}
