// The model's tools: exactly the capabilities this person may call in this brand through this door
// (role and door, from the registry; sessions have no scopes), with the registry's descriptions.
// Authorization declared once, checked twice: each call still runs the whole pipeline.
import { jsonSchema, tool, type ToolSet } from "ai";
import { z } from "zod";
import type { Actor, Capability, Door } from "../capabilities/define";
import { callableCapabilities } from "../core/access";
import type { Role } from "../core/roles";
import type { ToolEnvelope } from "./envelope";

/** Runs one capability for the person behind the chat (lib/doors/assistant.ts). */
export type RunTool = (capabilityId: string, input: unknown, toolCallId: string) => Promise<ToolEnvelope>;

type Json = Record<string, unknown>;

/** Tool names: the capability id with dots replaced by underscores (kit_colors_add). */
export function toolName(capabilityId: string): string {
  return capabilityId.replaceAll(".", "_");
}

/** Pure: the same list, person, role and door always give the same tools. */
export function buildTools(list: readonly Capability[], actor: Actor, role: Role | null, door: Door, run: RunTool): ToolSet {
  const callable = new Set(callableCapabilities(actor, role, door, list));
  const entries = list
    .filter((capability) => callable.has(capability.id))
    .map((capability) => [
      toolName(capability.id),
      tool({
        title: capability.title,
        description: capability.description,
        // no validation here: the pipeline checks the input and answers invalid_input naming the field
        inputSchema: jsonSchema<Json>(modelInputSchema(capability) as Parameters<typeof jsonSchema>[0]),
        execute: (input: Json, { toolCallId }) => run(capability.id, input, toolCallId),
      }),
    ]);
  return Object.fromEntries(entries);
}

/**
 * The capability's input as JSON Schema, without `brand` (the server injects the chat's brand) and
 * without `confirmationToken` (the model never handles tokens). Always an object root, as the
 * chat-completions API requires; a union of shapes (brand.contacts.save) becomes its oneOf.
 */
export function modelInputSchema(capability: Capability): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Json;
  const clean = (shape: Json): Json => {
    const { brand: _brand, confirmationToken: _token, ...properties } = (shape.properties ?? {}) as Json;
    const required = ((shape.required as string[] | undefined) ?? []).filter((name) => name !== "brand" && name !== "confirmationToken");
    return { ...shape, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
  };
  if (schema.type === "object") return dropUndefined(clean(schema));
  const { oneOf, anyOf, ...rest } = schema;
  const variants = ((oneOf ?? anyOf) as Json[] | undefined) ?? [];
  return { ...rest, type: "object", properties: {}, oneOf: variants.map((variant) => dropUndefined(clean(variant))) };
}

function dropUndefined(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}
