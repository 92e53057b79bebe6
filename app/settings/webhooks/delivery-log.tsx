"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/form";
import type { OutputOf } from "@/components/widgets/types";
import type { Act } from "./use-actions";

type Delivery = OutputOf<"webhooks.deliveries.list">["items"][number];

/** One endpoint's deliveries, newest first, with each latest attempt and "Send again". */
export function DeliveryLog({
  endpointId,
  act,
  busy,
  version,
}: {
  endpointId: string;
  busy: boolean;
  version: number;
  act: Act;
}) {
  const [items, setItems] = useState<Delivery[] | null>(null);
  const load = () => act("webhooks.deliveries.list", { id: endpointId, limit: 20 }, (data) => setItems(data.items));
  useEffect(() => void load(), [endpointId, version]);
  if (!items) return <p>Loading the log…</p>;
  if (items.length === 0) return <p data-testid="webhook-log-empty">Nothing sent yet.</p>;
  return (
    <ul data-testid="webhook-log" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 8 }}>
      {items.map((item) => {
        const last = item.attempts[0];
        return (
          <li
            key={item.id}
            data-testid="webhook-delivery"
            style={{
              borderTop: "1px solid var(--line)",
              paddingTop: 8,
              display: "grid",
              gap: 4,
              overflowWrap: "anywhere",
            }}
          >
            <span>
              <code>{item.eventType}</code> · <strong data-testid="webhook-delivery-status">{item.status}</strong> ·{" "}
              {new Date(item.createdAt).toLocaleString()}
            </span>
            {last && (
              <span style={{ color: "var(--muted)", fontSize: 14 }}>
                Attempt {last.attempt}: {last.responseCode ?? "no answer"}
                {last.error ? ` (${last.error})` : ""} in {last.durationMs} ms
                {last.responseBody ? (
                  <>
                    {" "}
                    · <code>{last.responseBody.slice(0, 120)}</code>
                  </>
                ) : null}
              </span>
            )}
            {item.nextAttemptAt && (
              <span style={{ fontSize: 14 }}>Next attempt {new Date(item.nextAttemptAt).toLocaleString()}</span>
            )}
            <Button
              type="button"
              variant="plain"
              disabled={busy}
              style={{ justifySelf: "start" }}
              data-testid="webhook-resend"
              onClick={() =>
                void act("webhooks.deliveries.resend", { id: endpointId, deliveryId: item.id }, () => void load())
              }
            >
              Send again
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
