// The MCP door (docs/design.md, doors): one tool per capability this key may call here, each call one
// pipeline invocation. structuredContent is the API door's `data`, or its error body (isError).
// The protocol machinery (serving, sessions, OAuth, Origin and CORS, MCP Apps) is lib/mcp/.
import { randomUUID } from "node:crypto";
import {
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { Capability } from "../contract/define";
import { AppError } from "../contract/errors";
import { invoke, type Outcome } from "../core/invoke";
import { parkForView, rendersViews, viewForPerson, viewResult } from "../mcp/apps";
import { authenticateMcp, callerOf, credentialOf, type McpCaller } from "../mcp/auth";
import { openConfirmation, sealConfirmation } from "../mcp/confirmation";
import { askOnPage, askPersonOnPage, elicitationModes, resumeOnPage } from "../mcp/confirm-page";
import { errorEnvelope, type ToolEnvelope } from "../pending/envelope";
import { withMcpCors } from "../mcp/cors";
import { idempotencyKeyOf, markReplay } from "../mcp/idempotency-meta";
import { registerDecideTool } from "../mcp/decide";
import { requestAuthInfo } from "../mcp/request-auth";
import { mcpHttp } from "../mcp/http";
import { quickMcp } from "../mcp/quick";
import { refuseForeignRequest } from "../mcp/origin";
import { errorResult } from "../mcp/schema";
import { clientCapabilities, listedTools, servedTools } from "../mcp/tools";
import { registerViews } from "../mcp/views";
import { changesBrandResources, registerBrandResources } from "../mcp/brand-resources";
import { registerBrandPrompts } from "../mcp/brand-prompts";

type Result = Outcome["result"];

const serve = mcpHttp(registerTools);

/** A foreign Host or Origin is refused before anything else, the key included (DNS rebinding). */
async function door(request: Request): Promise<Response> {
  const foreign = refuseForeignRequest(request);
  if (foreign) return foreign;
  const authenticated = await authenticateMcp(request);
  if (authenticated instanceof Response) return authenticated;
  return serve(Object.assign(request, { auth: authenticated.authInfo }));
}

/**
 * The door as one `Request → Response` function, for browser hosts too (preflights answered, every
 * answer readable by admitted origins): Next's route (app/api/mcp/route.ts) and `npm start`'s
 * server (lib/doors/server.ts) both call it.
 */
export const mcpDoor = withMcpCors("GET, POST, DELETE", door);

/** The common stateless requests answered without Web objects on node:http (lib/mcp/quick.ts). */
export const mcpQuick = quickMcp(registerTools);

/**
 * A server's tools: every served capability callable, tools/list as the caller's scopes allow
 * (lib/mcp/tools.ts). Each call runs as the request that carries it (its authInfo: a session's
 * app token is refreshed meanwhile, and a stateless server serves many callers, server-pool.ts);
 * `caller`, a session's opener, only stands in where a request carries none.
 */
function registerTools(server: McpServer, caller?: McpCaller): void {
  const callerFor = (ctx: ServerContext) => {
    const current = callerOf(requestAuthInfo(ctx)) ?? caller;
    if (!current) throw new Error("the MCP door serves authenticated requests only (authInfo)");
    return current;
  };
  for (const { capability, tool, config } of servedTools()) {
    server.registerTool(tool.name, config, (args: Record<string, unknown>, ctx: ServerContext) =>
      callTool(server, callerFor(ctx), capability, args, ctx),
    );
  }
  // MCP Apps: the confirm view's tool and the views
  registerDecideTool(server, callerFor);
  registerViews(server);
  // the brand as resources and prompts, read as the request's caller
  registerBrandResources(server, callerFor);
  registerBrandPrompts(server, callerFor);
  server.server.setRequestHandler("tools/list", (_request: unknown, ctx: ServerContext) => ({
    tools: listedTools(callerFor(ctx).actor, rendersViews(clientCapabilities(server, ctx))),
  }));
}

async function callTool(
  server: McpServer,
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  ctx: ServerContext,
) {
  const ownId = randomUUID();
  const idempotencyKey = idempotencyKeyOf(ctx.mcpReq._meta);
  const outcome = async (value: Record<string, unknown>) =>
    invoke({
      door: "mcp",
      credential: credentialOf(caller),
      capabilityId: capability.id,
      body: { ok: true, value },
      requestId: ownId,
      idempotencyKey,
    });
  const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
  // only this server's own sealed state for exactly this call counts (lib/mcp/confirmation.ts)
  const sealed = openConfirmation(ctx.mcpReq.requestState(), caller.actor, capability.id, args);
  if (sealed && "pendingId" in sealed) {
    const declinedLink = answer.kind === "elicit" && answer.action !== "accept";
    return resumeOnPage(server, caller, capability, args, sealed, declinedLink, ctx, async (token) => {
      const { result, replayed } = await outcome({ ...args, confirmationToken: token });
      const requestId = replayed?.requestId ?? ownId;
      const envelope: ToolEnvelope = result.ok
        ? { status: "ok", capabilityId: capability.id, data: result.data }
        : errorEnvelope(capability.id, result.error, requestId);
      return { result: markReplay(toolResult(result, requestId), replayed !== undefined), envelope };
    });
  }
  const state = answer.kind === "elicit" ? sealed : undefined;
  if (answer.kind === "elicit" && answer.action !== "accept") return declined(ownId, state?.summary);
  // accepted what the person saw: the door presents the sealed token itself, so it never leaves
  // the server; a replayed state's token is spent, so that call is asked again like any other
  const { result, replayed } = await outcome(state ? { ...args, confirmationToken: state.token } : args);
  // a replay is the first call's answer, its request id included
  const requestId = replayed?.requestId ?? ownId;
  // only a session's streamed answer can carry it: the door keeps no standalone stream (docs/mcp.md)
  if (result.ok && ctx.sessionId && changesBrandResources(capability.id))
    void ctx.mcpReq.notify({ method: "notifications/resources/list_changed" }).catch(() => undefined);
  // a credential whose writes wait for its person: the pipeline parked the call and gave no token
  const waiting = !result.ok ? result.error.details.confirmation : undefined;
  if (!result.ok && waiting)
    return waitForPerson(server, caller, capability, args, result.error, waiting, requestId, ctx);
  if (rendersViews(clientCapabilities(server, ctx))) {
    // the view shows the data and asks the person itself (lib/mcp/apps.ts); elicitation is not needed
    if (result.ok) return markReplay(viewResult(capability, result.data), replayed !== undefined);
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
  const modes = elicitationModes(clientCapabilities(server, ctx));
  if (!result.ok && result.error.code === "confirmation_required" && modes.url) {
    // URL mode: the person confirms on our own page, signed in (lib/mcp/confirm-page.ts)
    const asked = await askOnPage(caller, capability, args, result.error, ctx).catch((thrown: unknown) => {
      if (thrown instanceof AppError) return errorResult(thrown.toBody(requestId));
      throw thrown;
    });
    if (asked) return asked;
  }
  if (result.ok || result.error.code !== "confirmation_required" || !modes.form)
    return markReplay(toolResult(result, requestId), replayed !== undefined);
  const { summary = "", confirmationToken = "", expiresAt } = result.error.details;
  const exp = expiresAt ? Date.parse(expiresAt) : Date.now();
  return inputRequired({
    inputRequests: {
      confirm: inputRequired.elicit({
        mode: "form",
        message: summary,
        requestedSchema: { type: "object", properties: {} },
      }),
    },
    requestState: sealConfirmation(caller.actor, capability.id, args, { token: confirmationToken, summary, exp }),
  });
}

/**
 * A write parked for the caller's person (lib/core/person-confirmation.ts): an MCP Apps host's view
 * shows it with Confirm (its app-only tool decides it as the person's page would); a client with
 * URL-mode elicitation sends the person to the page and its call completes with the outcome;
 * any other client is told, in a tool error, what waits, where its person decides and how to learn
 * the outcome (confirmations_get). No answer carries a token: the server holds it.
 */
async function waitForPerson(
  server: McpServer,
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  error: AppError,
  confirmation: { id: string; url: string },
  requestId: string,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const { summary = "", expiresAt = new Date().toISOString() } = error.details;
  const declared = clientCapabilities(server, ctx);
  if (rendersViews(declared) && !error.details.reason)
    return viewForPerson(capability, error, confirmation.id, requestId);
  if (elicitationModes(declared).url && !error.details.reason)
    return askPersonOnPage(
      caller,
      capability,
      args,
      { pendingId: confirmation.id, summary, exp: Date.parse(expiresAt) },
      confirmation.url,
      ctx,
    );
  const body = error.toBody(requestId);
  const told = `${body.error.message} Ask the tool confirmations_get with confirmationId "${confirmation.id}" for the outcome.`;
  return { isError: true, structuredContent: body, content: [{ type: "text", text: `${body.error.code}: ${told}` }] };
}

function toolResult(result: Result, requestId: string): CallToolResult {
  if (result.ok)
    return { structuredContent: result.data, content: [{ type: "text", text: JSON.stringify(result.data) }] };
  const body = result.error.toBody(requestId);
  return errorResult(body);
}

/** The person said no: nothing ran, and no token is shown to the model. */
function declined(requestId: string, summary: string | undefined): CallToolResult {
  const message = "The person declined the confirmation: nothing was written";
  return errorResult({
    ok: false,
    error: { code: "confirmation_required", message, ...(summary ? { summary } : {}), requestId },
  });
}
