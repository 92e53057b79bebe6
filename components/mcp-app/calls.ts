// The widgets' calls inside an MCP host: every capability is a tool call through the host (the
// view never talks to the server itself), and Confirm / Cancel is the app-only tool
// confirmation_decide with the handle the proposal carried in its `_meta`.
import type { App } from "@modelcontextprotocol/ext-apps";
import { unkeptActs, type WidgetCalls } from "../widgets/calls";
import type { Answer, CatalogueEntry, EnvelopeError, ToolEnvelope } from "../widgets/types";
import { DECIDE_TOOL } from "@/lib/mcp/apps-meta";
import { envelopeOfDecision, envelopeOfResult, type ToolResultLike } from "./envelope";

export function hostCalls(app: App, catalogue: ReadonlyMap<string, CatalogueEntry>): WidgetCalls {
  async function call<Id extends string>(
    capabilityId: string,
    name: string,
    args: Record<string, unknown>,
    read: (result: ToolResultLike) => ToolEnvelope,
  ): Promise<Answer<Id>> {
    try {
      // the tool's answer as the registry types it, as run.ts trusts the run route's: the server
      // checked it against the capability's output schema before it left
      return read(await app.callServerTool({ name, arguments: args })) as Answer<Id>;
    } catch (error) {
      const message = error instanceof Error ? error.message : "The host could not reach the service";
      return { status: "error", capabilityId, error: { code: "unavailable", message } as EnvelopeError };
    }
  }
  const run: WidgetCalls["run"] = (capabilityId, brand, input) => {
    const entry = catalogue.get(capabilityId);
    const name = entry?.toolName ?? capabilityId.replaceAll(".", "_");
    const scoped = entry?.brandScoped !== false && brand;
    return call(capabilityId, name, { ...input, ...(scoped ? { brand } : {}) }, (result) =>
      envelopeOfResult(capabilityId, result),
    );
  };
  return {
    run,
    // an MCP host keeps no conversation of ours: a card shows its own actions' results
    act: unkeptActs(run),
    decide(pendingId, decision, capabilityId) {
      return call(capabilityId, DECIDE_TOOL, { pendingId, decision }, (result) =>
        envelopeOfDecision(capabilityId, result),
      );
    },
  };
}
