"use client";
// Connect, on a row of the services a brand can connect (connections.list's catalogue): starts
// connections.connect for that provider through the same route as everything else, and shows its
// link card below the row, so nobody types a provider's key.
import { useState } from "react";
import { ActionLinkWidget } from "./action-link";
import { useWidgetCalls } from "./calls";
import type { ToolEnvelope } from "./types";

export function ConnectButton({ brand, provider, name }: { brand: string; provider: string; name: string }) {
  const { run } = useWidgetCalls();
  const [envelope, setEnvelope] = useState<ToolEnvelope | null>(null);
  const [busy, setBusy] = useState(false);
  async function connect() {
    setBusy(true);
    setEnvelope(await run("connections.connect", brand, { provider }));
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
        aria-label={`Connect ${name}`}
        disabled={busy}
        onClick={() => void connect()}
      >
        Connect
      </button>
    </span>
  );
}
