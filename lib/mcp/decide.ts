// The app-only tool behind the confirm view's buttons (MCP Apps): decides a call parked by
// parkForView (apps.ts). `_meta.ui.visibility: ["app"]` asks hosts to keep it from the model,
// but visibility is the host's declaration, not authorization; what holds here is the server's:
// the handle reaches only the view (result `_meta`), decides only for the caller it is bound to,
// runs the write at most once (a conditional claim), and is useless once expired or decided.
import type { CallToolResult, McpServer, ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import { findCapability } from "../capabilities/registry";
import { callerKey } from "../core/auth";
import { personCaller } from "../core/person-confirmation";
import { decideForPerson, findPersonCall } from "../pending/person-decision";
import { AppError } from "../contract/errors";
import { describe, invalidIssues } from "../core/input";
import { invoke } from "../core/invoke";
import { decide as decidePending, type ConfirmedRun } from "../assistant/decide";
import { errorEnvelope, type ToolEnvelope } from "../pending/envelope";
import { advertised, errorResult } from "./schema";
import { portableInput } from "../advertise/audiences";
import { credentialOf, type McpCaller } from "./auth";
import { DECIDE_TOOL } from "./apps-meta";

const INPUT = z
  .object({
    pendingId: z.string().min(1).max(64).describe("The handle the confirm view received with the proposal"),
    decision: z.enum(["confirm", "cancel"]).describe("The person's answer"),
  })
  .strict();

export const decideToolListing = {
  name: DECIDE_TOOL,
  title: "Confirm or cancel a proposed change",
  description: "Called by the confirm view when the person presses Confirm or Cancel. Not for the model.",
  inputSchema: portableInput(INPUT),
  _meta: { ui: { visibility: ["app"] } },
};

export function registerDecideTool(server: McpServer, callerFor: (ctx: ServerContext) => McpCaller): void {
  const { name, inputSchema, ...config } = decideToolListing;
  server.registerTool(
    name,
    { ...config, inputSchema: advertised(inputSchema) },
    async (args: Record<string, unknown>, ctx: ServerContext) => decide(callerFor(ctx), args),
  );
}

async function decide(caller: McpCaller, args: Record<string, unknown>): Promise<CallToolResult> {
  const requestId = crypto.randomUUID();
  try {
    const parsed = INPUT.safeParse(args, { reportInput: true });
    if (!parsed.success) throw invalidIssues(parsed.error.issues.flatMap(describe));
    const { pendingId, decision } = parsed.data;
    // a write this credential parked for its person is decided as on the person's page (it runs now)
    const parkedForPerson = await findPersonCall(caller.actor.userId, pendingId);
    const outcome =
      parkedForPerson?.caller === personCaller(caller.actor)
        ? await decideForPerson(caller.actor.userId, pendingId, { decision }, requestId)
        : await decidePending(caller.actor.userId, pendingId, decision, requestId, {
            caller: callerKey(caller.actor),
            run: runAs(caller),
          });
    if (!outcome) throw new AppError("not_found", "pendingId: no call waiting with this id", { field: "pendingId" });
    return { structuredContent: { outcome }, content: [{ type: "text", text: sentence(outcome) }] };
  } catch (thrown) {
    if (thrown instanceof AppError) return errorResult(thrown.toBody(requestId));
    throw thrown;
  }
}

/** Confirm runs the parked call as the MCP caller that proposed it: its key's (or app's) scopes, its audit. */
function runAs(caller: McpCaller): ConfirmedRun {
  return async (call, token, requestId) => {
    const brandScoped = findCapability(call.capabilityId)?.brandScoped ?? true;
    const value = { ...call.input, ...(brandScoped ? { brand: call.brandId } : {}), confirmationToken: token };
    const { result } = await invoke({
      door: "mcp",
      credential: credentialOf(caller),
      capabilityId: call.capabilityId,
      body: { ok: true, value },
      requestId,
    });
    return result.ok
      ? { status: "ok", capabilityId: call.capabilityId, data: result.data }
      : errorEnvelope(call.capabilityId, result.error, requestId);
  };
}

function sentence(outcome: ToolEnvelope): string {
  if (outcome.status === "ok") return "Confirmed and done.";
  if (outcome.status === "declined") return `Cancelled; nothing was changed (${outcome.summary}).`;
  if (outcome.status === "error") return `${outcome.error.code}: ${outcome.error.message}`;
  return "Still waiting for the person.";
}
