"use client";
// Connect, on a row of the services a brand can connect (connections.list's catalogue): starts
// connections.connect for that provider through the same route as everything else, so nobody types a
// provider's key. In a conversation the link card is its next step (kept with it, so a reload still
// shows it and where the connection stands); elsewhere it shows below the row.
import { useState } from "react";
import { ActionLinkWidget } from "./action-link";
import { useWidgetCalls } from "./calls";
import type { ToolEnvelope } from "./types";

// `another`: the brand is connected to this provider already; a second account is allowed, and the
// row says that is what the button does rather than offering the first connection again
export function ConnectButton({
  brand,
  provider,
  name,
  another,
}: {
  brand: string;
  provider: string;
  name: string;
  another: boolean;
}) {
  const { act } = useWidgetCalls();
  const [envelope, setEnvelope] = useState<ToolEnvelope | null>(null);
  const [busy, setBusy] = useState(false);
  async function connect() {
    setBusy(true);
    const answer = await act("connections.connect", brand, { provider });
    // a refusal stays with the row, to be read there
    setEnvelope(answer.kept ? null : answer.envelope);
    setBusy(false);
  }
  if (envelope) {
    return (
      <div className="row-action-result">
        <ActionLinkWidget capabilityId="connections.connect" input={{ provider }} envelope={envelope} brand={brand} />
      </div>
    );
  }
  return (
    <span className="row-actions">
      <button
        type="button"
        className="link-button"
        data-testid="row-connect"
        aria-label={another ? `Connect another ${name} account` : `Connect ${name}`}
        disabled={busy}
        onClick={() => void connect()}
      >
        {another ? "Connect another account" : "Connect"}
      </button>
    </span>
  );
}
