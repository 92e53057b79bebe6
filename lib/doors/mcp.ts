// The MCP door (decisions §5, §9): one tool per capability this key may call here, each call one
// pipeline invocation. structuredContent is the API door's `data`, or its error body (isError).
import { randomUUID } from "node:crypto";
import { inputRequired, inputResponse, type CallToolResult, type McpServer, type ServerContext } from "@modelcontextprotocol/server";
import { mcpToolName, type Actor, type Capability } from "../capabilities/define";
import { capabilities } from "../capabilities/registry";
import { hasScope } from "../core/access";
import type { Credential } from "../core/auth";
import { AppError } from "../core/errors";
import { invoke, type Outcome } from "../core/invoke";
import { isServed } from "../core/rollout";
import { advertised, errorResult, inputSchema, outputSchema } from "./mcp-schema";
import { openConfirmation, sealConfirmation } from "./mcp-confirmation";
import { parkForView, rendersViews, viewMeta, viewResult } from "./mcp-apps";
import { decideToolListing, registerDecideTool } from "./mcp-decide";
import { DECIDE_TOOL } from "./mcp-apps-meta";
import { registerViews } from "./mcp-views";

export type McpCaller = { actor: Actor; credential: Credential };
type Result = Outcome["result"];

export const SERVER_INFO = { name: "brand-operations", version: "0.1.0" };
const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

/**
 * Authorization declared once, checked twice: tools/list shows only what the key's scopes allow;
 * every served capability stays callable, so a hidden one reaches the pipeline and gets its answer
 * (insufficient_scope) like any other call.
 */
export function registerTools(server: McpServer, caller: McpCaller, calling?: string): void {
  const tools = servedTools();
  // a stateless request that calls one served tool needs only that one (registering all 19 was a
  // tenth of such a call's cost); any other request, an unknown name included, gets them all
  const only = calling === undefined ? undefined : tools.find(({ tool }) => tool.name === calling);
  for (const { capability, tool, config } of only ? [only] : tools) {
    // a session's calls run as the request that carries them (an app's token is refreshed meanwhile)
    server.registerTool(tool.name, config, (args: Record<string, unknown>, ctx: ServerContext) => callTool(server, callerOf(ctx) ?? caller, capability, args, ctx));
  }
  // MCP Apps: the confirm view's tool and the views, unless this is a stateless call of another tool
  if (calling === undefined || calling === DECIDE_TOOL) registerDecideTool(server, (ctx) => callerOf(ctx) ?? caller);
  if (calling === undefined) registerViews(server);
  const allowed = tools.filter(({ capability }) => hasScope(caller.actor, capability));
  const listed = allowed.map(({ tool }) => tool);
  // an MCP Apps host also sees which view renders each tool, and the confirm view's own tool
  const withViews = () => [...allowed.map(({ capability, tool }) => (capability.widget ? { ...tool, _meta: viewMeta(capability.widget) } : tool)), decideToolListing];
  server.server.setRequestHandler("tools/list", (_request: unknown, ctx: ServerContext) => ({ tools: rendersViews(clientCapabilities(server, ctx)) ? withViews() : listed }));
}

function callerOf(ctx: ServerContext): McpCaller | undefined {
  return (ctx.http?.authInfo?.extra as { caller?: McpCaller } | undefined)?.caller;
}

/** The scope a served tool needs, if the name is one (the door's step-up check, mcp-auth.ts). */
export function scopeOfTool(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  return servedTools().find(({ tool }) => tool.name === name)?.capability.scope ?? undefined;
}

type Tool = ReturnType<typeof toolOf>;
type ServedTool = { capability: Capability; tool: Tool; config: Omit<Tool, "inputSchema" | "outputSchema"> & { inputSchema: ReturnType<typeof advertised>; outputSchema: ReturnType<typeof advertised> } };
let served: { list: readonly Capability[]; tools: ServedTool[] } | undefined;

/**
 * The tools of the capabilities this door serves, derived once: their JSON Schemas depend on the
 * registry only, and deriving them (zod → JSON Schema) cost 2.6 ms per call when every stateless
 * request did it (npm run bench:profile, issue 16). Derived again if the list changes (tests that
 * swap the registry's rollout).
 */
function servedTools(): ServedTool[] {
  const list = capabilities.filter((capability) => isServed(capability, "mcp"));
  if (served && served.list.length === list.length && served.list.every((capability, i) => capability === list[i])) return served.tools;
  const tools = list.map((capability) => {
    const tool = toolOf(capability);
    return { capability, tool, config: { ...tool, inputSchema: advertised(tool.inputSchema), outputSchema: advertised(tool.outputSchema) } };
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

async function callTool(server: McpServer, caller: McpCaller, capability: Capability, args: Record<string, unknown>, ctx: ServerContext) {
  const requestId = randomUUID();
  const run = async (value: Record<string, unknown>) =>
    (await invoke({ door: "mcp", credential: caller.credential, capabilityId: capability.id, body: { ok: true, value }, requestId })).result;
  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  // only this server's own sealed state for exactly this call counts (mcp-confirmation.ts)
  const state = answer.kind === "elicit" ? openConfirmation(ctx.mcpReq.requestState(), caller.actor, capability.id, args) : undefined;
  if (answer.kind === "elicit" && answer.action !== "accept") return declined(requestId, state?.summary);
  // accepted what the person saw: the door presents the sealed token itself, so it never leaves
  // the server; a replayed state's token is spent, so that call is asked again like any other
  const result = await run(state ? { ...args, confirmationToken: state.token } : args);
  if (rendersViews(clientCapabilities(server, ctx))) {
    // the view shows the data and asks the person itself (mcp-apps.ts); elicitation is not needed
    if (result.ok) return viewResult(capability, result.data as Record<string, unknown>);
    if (result.error.code === "confirmation_required") {
      // access may have ended since the call (the pipeline's answer then); a call that cannot be
      // parked (no brand) goes on as for any client
      const parked = await parkForView(caller, capability, args, result.error, requestId).catch((thrown: unknown) => {
        if (thrown instanceof AppError) return errorResult(thrown.toBody(requestId));
        throw thrown;
      });
      if (parked) return parked;
    }
  }
  if (result.ok || result.error.code !== "confirmation_required" || !canElicit(server, ctx)) return toolResult(result, requestId);
  const { summary = "", confirmationToken = "", expiresAt } = result.error.details;
  const exp = expiresAt ? Date.parse(expiresAt) : Date.now();
  return inputRequired({
    inputRequests: { confirm: inputRequired.elicit({ mode: "form", message: summary, requestedSchema: { type: "object", properties: {} } }) },
    requestState: sealConfirmation(caller.actor, capability.id, args, { token: confirmationToken, summary, exp }),
  });
}

/** What the client declared: in this request's envelope (2026 protocol), or in its `initialize`. */
function clientCapabilities(server: McpServer, ctx: ServerContext): { elicitation?: unknown; extensions?: unknown } | undefined {
  const perRequest = (ctx.mcpReq.envelope as Record<string, { elicitation?: unknown } | undefined> | undefined)?.[CAPABILITIES_KEY];
  return perRequest ?? server.server.getClientCapabilities();
}

const canElicit = (server: McpServer, ctx: ServerContext) => Boolean(clientCapabilities(server, ctx)?.elicitation);

function toolResult(result: Result, requestId: string): CallToolResult {
  if (result.ok) {
    const data = result.data as Record<string, unknown>;
    return { structuredContent: data, content: [{ type: "text", text: JSON.stringify(data, null, 2) }] };
  }
  const body = result.error.toBody(requestId);
  return errorResult(body);
}

/** The person said no: nothing ran, and no token is shown to the model. */
function declined(requestId: string, summary: string | undefined): CallToolResult {
  const message = "The person declined the confirmation: nothing was written";
  return errorResult({ ok: false, error: { code: "confirmation_required", message, ...(summary ? { summary } : {}), requestId } });
}

