"use client";
import { useState } from "react";
import { Button } from "@/components/ui/form";
import { DeliveryLog } from "./delivery-log";
import type { OutputOf } from "@/components/widgets/types";
import type { Act } from "./use-actions";
import type { EventTypeChoice } from "./add-form";

export type Endpoint = OutputOf<"webhooks.list">["items"][number];

/** One endpoint: where, what, its state (and why it is off), its controls and its log. */
export function EndpointItem({
  endpoint,
  act,
  busy,
  onChanged,
  onSecret,
  eventTypes,
}: {
  endpoint: Endpoint;
  eventTypes: EventTypeChoice[];
  act: Act;
  busy: boolean;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const refreshLog = () => setVersion((value) => value + 1);
  const tap = { minHeight: 36 };
  return (
    <li
      data-testid="webhook-endpoint"
      style={{
        border: "1px solid var(--line)",
        borderRadius: 8,
        padding: "10px 14px",
        display: "grid",
        gap: 6,
        overflowWrap: "anywhere",
      }}
    >
      <strong data-testid="webhook-endpoint-url">{endpoint.url}</strong>
      {endpoint.description && <span>{endpoint.description}</span>}
      <span>
        Events: <code>{endpoint.eventTypes.includes("*") ? "every event" : endpoint.eventTypes.join(", ")}</code>
      </span>
      <span data-testid="webhook-endpoint-state" style={{ color: endpoint.enabled ? "var(--pass)" : "var(--fail)" }}>
        {endpoint.enabled ? "Enabled" : (endpoint.disabledReason ?? "Disabled.")}
      </span>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
        <Button
          type="button"
          variant="plain"
          style={tap}
          disabled={busy}
          data-testid="webhook-toggle"
          onClick={() => void act("webhooks.update", { id: endpoint.id, enabled: !endpoint.enabled }, onChanged)}
        >
          {endpoint.enabled ? "Disable" : "Enable"}
        </Button>
        <Button
          type="button"
          variant="plain"
          style={tap}
          disabled={busy}
          data-testid="webhook-test"
          onClick={() =>
            void act("webhooks.test", { id: endpoint.id }, () => {
              setOpen(true);
              refreshLog();
            })
          }
        >
          Send test event
        </Button>
        <Button
          type="button"
          variant="plain"
          style={tap}
          disabled={busy}
          data-testid="webhook-rotate"
          onClick={() =>
            void act("webhooks.secret.rotate", { id: endpoint.id }, (data) => {
              onSecret(data.secret);
              onChanged();
            })
          }
        >
          Rotate secret
        </Button>
        <Button
          type="button"
          variant="plain"
          style={tap}
          aria-expanded={open}
          data-testid="webhook-log-toggle"
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide log" : "Delivery log"}
        </Button>
        <Button
          type="button"
          variant="danger"
          style={tap}
          disabled={busy}
          data-testid="webhook-delete"
          onClick={() => void act("webhooks.delete", { id: endpoint.id }, onChanged)}
        >
          Delete
        </Button>
      </div>
      {open && (
        <>
          <Button
            type="button"
            variant="plain"
            style={{ ...tap, justifySelf: "start" }}
            onClick={refreshLog}
            data-testid="webhook-log-refresh"
          >
            Refresh log
          </Button>
          <DeliveryLog endpointId={endpoint.id} act={act} busy={busy} version={version} eventTypes={eventTypes} />
        </>
      )}
    </li>
  );
}
