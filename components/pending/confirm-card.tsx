"use client";
// A pending call's card on the service's own pages (the confirm page, "Waiting for you"): the chat's
// confirm widget, its decision sent to POST /api/confirm/<id> instead of the chat's route, and the
// write's result shown by the capability's own widget once it ran. A write a key or app of the
// person's parked for them (`askedBy` given) is run at their Confirm, and their optional note goes
// with the decision; an MCP client's URL-mode ask is run by the MCP call that asked.
import { CatalogueProvider } from "@/components/widgets/catalogue";
import { unkeptActs, WidgetCallsProvider, type WidgetCalls } from "@/components/widgets/calls";
import { Widget } from "@/components/widgets/registry";
import { runCapability } from "@/components/widgets/run";
import { DECIDED_EVENT } from "./decided-event";
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
  askedBy,
}: {
  pendingId: string;
  capabilityId: string;
  catalogue: CatalogueEntry[];
  brand: string;
  input: Record<string, unknown>;
  envelope: ToolEnvelope;
  /** the key or app of the person's that parked it, in words; absent for an MCP client's URL-mode ask */
  askedBy?: string;
}) {
  const calls: WidgetCalls = {
    run: (id, brandId, args) => runCapability(id, brandId, args),
    // proposing again is the caller's to do: the page cannot call it back
    act: unkeptActs(async (capabilityId) =>
      failure(
        capabilityId,
        "confirmation_required",
        askedBy ? `Only ${askedBy} can propose this change again` : "Ask your MCP client to propose the change again",
      ),
    ),
    decide: async <Id extends string>(_id: string, decision: Decision, capabilityId: string, note?: string) => {
      const outcome = await decide<Id>(pendingId, decision, capabilityId, note);
      window.dispatchEvent(new Event(DECIDED_EVENT));
      return outcome;
    },
    ...(askedBy ? { askedBy } : {}),
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
  note: string | undefined,
): Promise<Answer<Id>> {
  try {
    const response = await fetch(`/api/confirm/${encodeURIComponent(pendingId)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(note ? { decision, note } : { decision }),
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
