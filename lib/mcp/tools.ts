// The tools the MCP door serves: one per capability served here, derived from the registry, and
// what tools/list shows a caller (only what its scopes allow; an MCP Apps host also sees each
// tool's view and the confirm view's own tool).
import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
import { mcpToolName } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import type { Capability } from "../contract/define";
import type { McpCaller } from "./auth";
import { capabilities } from "../capabilities/registry";
import { hasScope } from "../core/access";
import { isServed } from "../core/rollout";
import { viewMeta } from "./apps";
import { decideToolListing } from "./decide";
import { advertised, inputSchema, outputSchema } from "./schema";

export const SERVER_INFO = { name: "brand-operations", version: "0.1.0" };

/** How a new server gets the door's tools: `caller` is a session's opener, none for a stateless server (lib/doors/mcp.ts). */
export type RegisterTools = (server: McpServer, caller?: McpCaller) => void;
const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

type Tool = ReturnType<typeof toolOf>;
export type ServedTool = {
  capability: Capability;
  tool: Tool;
  config: Omit<Tool, "inputSchema" | "outputSchema"> & {
    inputSchema: ReturnType<typeof advertised>;
    outputSchema: ReturnType<typeof advertised>;
  };
};
let served: { list: readonly Capability[]; tools: ServedTool[] } | undefined;

/**
 * The tools of the capabilities this door serves, derived once: their JSON Schemas depend on the
 * registry only, and deriving them (zod → JSON Schema) cost 2.6 ms per call when every stateless
 * request did it (npm run bench:profile). Derived again if the list changes (tests that
 * swap the registry's rollout).
 */
export function servedTools(): ServedTool[] {
  const list = capabilities.filter((capability) => isServed(capability, "mcp"));
  if (served && served.list.length === list.length && served.list.every((capability, i) => capability === list[i]))
    return served.tools;
  const tools = list.map((capability) => {
    const tool = toolOf(capability);
    return {
      capability,
      tool,
      config: { ...tool, inputSchema: advertised(tool.inputSchema), outputSchema: advertised(tool.outputSchema) },
    };
  });
  served = { list, tools };
  return tools;
}

function toolOf(capability: Capability) {
  return {
    name: mcpToolName(capability.id),
    title: capability.title,
    description: capability.description,
    inputSchema: inputSchema(capability),
    outputSchema: outputSchema(capability),
    annotations: {
      title: capability.title,
      readOnlyHint: capability.kind === "read",
      destructiveHint: capability.kind === "write" && capability.destructive === true,
      idempotentHint: capability.kind === "read" || capability.idempotent === true,
      openWorldHint: false,
    },
  };
}

/** The scope a served tool needs, if the name is one (the door's step-up check, auth.ts). */
export function scopeOfTool(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  return servedTools().find(({ tool }) => tool.name === name)?.capability.scope ?? undefined;
}

/**
 * Authorization declared once, checked twice: tools/list shows only what the key's scopes allow;
 * every served capability stays callable, so a hidden one reaches the pipeline and gets its answer
 * (insufficient_scope) like any other call.
 */
export function listedTools(actor: Actor, views: boolean) {
  const allowed = servedTools().filter(({ capability }) => hasScope(actor, capability));
  if (!views) return allowed.map(({ tool }) => tool);
  // an MCP Apps host also sees which view renders each tool, and the confirm view's own tool
  return [
    ...allowed.map(({ capability, tool }) =>
      capability.widget ? { ...tool, _meta: viewMeta(capability.widget) } : tool,
    ),
    decideToolListing,
  ];
}

/**
 * What the client declared: in this request's envelope (2026 protocol), or in its session's
 * `initialize`. A 2026 request's envelope is the whole answer, even when it declares nothing: the
 * server serving it is pooled (server-pool.ts), and what an earlier request declared is not this one's.
 */
export function clientCapabilities(
  server: McpServer,
  ctx: ServerContext,
): { elicitation?: unknown; extensions?: unknown } | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, { elicitation?: unknown } | undefined> | undefined;
  return envelope ? envelope[CAPABILITIES_KEY] : server.server.getClientCapabilities();
}
