// The Voice door's tools: the capabilities this person may call in this brand through Voice (role
// and door from the registry), in the Realtime API's function-tool shape. The same names and input
// schemas as the chat's tools (lib/assistant/tools.ts): brand and confirmationToken are not in them.
import type { Actor } from "../contract/context";
import { capabilities } from "../capabilities/registry";
import { callableCapabilities } from "../core/access";
import type { Role } from "../contract/roles";
import { modelInputSchema, toolName } from "../assistant/tools";

export type RealtimeTool = { type: "function"; name: string; description: string; parameters: Record<string, unknown> };

export function realtimeTools(actor: Actor, role: Role | null): RealtimeTool[] {
  const callable = new Set(callableCapabilities(actor, role, "voice"));
  return capabilities
    .filter((capability) => callable.has(capability.id))
    .map((capability) => ({
      type: "function",
      name: toolName(capability.id),
      description: capability.description,
      parameters: modelInputSchema(capability),
    }));
}

/**
 * The capability a tool name stands for. Anything else (a capability id with its dots, a made-up
 * name) becomes "tool <name>", which the pipeline answers as any id it does not serve: not_found.
 */
export function capabilityOfTool(name: string): string {
  return capabilities.find((capability) => toolName(capability.id) === name)?.id ?? `tool ${name}`;
}
