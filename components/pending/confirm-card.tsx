"use client";
// The page's confirm card: the chat's confirm widget, its decision sent to this page's route
// (app/api/confirm/[id]) instead of the chat's, and the write's result shown by the capability's
// own widget once the MCP call that asked has run it.
import { CatalogueProvider } from "@/components/widgets/catalogue";
import { unkeptActs, WidgetCallsProvider, type WidgetCalls } from "@/components/widgets/calls";
import { Widget } from "@/components/widgets/registry";
import { runCapability } from "@/components/widgets/run";
import type {
  Answer,
  CatalogueEntry,
  Decision,
  EnvelopeError,
  ErrorEnvelope,
  ToolEnvelope,
} from "@/components/widgets/types";

export function ConfirmCard({
  pendingId,
  capabilityId,
  catalogue,
  brand,
  input,
  envelope,
}: {
  pendingId: string;
  capabilityId: string;
  catalogue: CatalogueEntry[];
  brand: string;
  input: Record<string, unknown>;
  envelope: ToolEnvelope;
}) {
  const calls: WidgetCalls = {
    run: (id, brandId, args) => runCapability(id, brandId, args),
    // proposing again is the MCP client's to do: the page cannot call it back
    act: unkeptActs(async (capabilityId) =>
      failure(capabilityId, "confirmation_required", "Ask your MCP client to propose the change again"),
    ),
    decide: (_id, decision, capabilityId) => decide(pendingId, decision, capabilityId),
  };
  return (
    <CatalogueProvider entries={catalogue}>
      <WidgetCallsProvider value={calls}>
        {/* the widths the cards reflow at are their container's (globals.css), as in the chat */}
        <div style={{ containerType: "inline-size" }}>
          <Widget
            widget={catalogue.find((entry) => entry.id === capabilityId)?.widget}
            capabilityId={capabilityId}
            input={input}
            envelope={envelope}
            brand={brand}
          />
        </div>
      </WidgetCallsProvider>
    </CatalogueProvider>
  );
}

async function decide<Id extends string>(
  pendingId: string,
  decision: Decision,
  capabilityId: string,
): Promise<Answer<Id>> {
  try {
    const response = await fetch(`/api/confirm/${encodeURIComponent(pendingId)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ decision }),
    });
    const json = (await response.json().catch(() => ({}))) as Answer<Id> | { error?: EnvelopeError };
    if (response.ok && "status" in json) return json;
    if ("error" in json && json.error) return { status: "error", capabilityId, error: json.error };
    return failure(
      capabilityId,
      response.status === 401 ? "unauthenticated" : "unavailable",
      `HTTP ${response.status}`,
    );
  } catch {
    return failure(capabilityId, "unavailable", "The service could not be reached");
  }
}

function failure(capabilityId: string, code: string, message: string): ErrorEnvelope {
  return { status: "error", capabilityId, error: { code, message } as EnvelopeError };
}
