"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/form";
import type { OutputOf } from "@/components/widgets/types";
import type { Act } from "./use-actions";
import { dateInWords } from "@/lib/words/date-words";
import { eventTypeInWords } from "@/lib/words/event-words";
import type { EventTypeChoice } from "./add-form";

const REREAD_MS = 1000;
/** about half a minute: a receiver that does not answer by then shows its attempt after "Refresh log" */
const MAX_REREADS = 30;

type Delivery = OutputOf<"webhooks.deliveries.list">["items"][number];

/** One endpoint's deliveries, newest first, with each latest attempt and "Send again". */
export function DeliveryLog({
  endpointId,
  act,
  busy,
  version,
  eventTypes,
}: {
  endpointId: string;
  /** the catalogue's types with their descriptions: each delivery's type is shown in words */
  eventTypes: EventTypeChoice[];
  busy: boolean;
  version: number;
  act: Act;
}) {
  const [items, setItems] = useState<Delivery[] | null>(null);
  const [rereads, setRereads] = useState(0);
  const load = () => {
    setRereads(0);
    return act("webhooks.deliveries.list", { id: endpointId, limit: 20 }, (data) => setItems(data.items));
  };
  useEffect(() => void load(), [endpointId, version]);
  // a delivery just queued (a test, "Send again") is sent within seconds: the log reads itself again
  // until none is waiting for its first attempt, instead of showing "pending" until "Refresh log"
  const waiting = items?.some((item) => item.status === "pending" && item.attempts.length === 0) ?? false;
  useEffect(() => {
    if (!waiting || rereads >= MAX_REREADS) return;
    const timer = setTimeout(() => {
      setRereads((value) => value + 1);
      void act("webhooks.deliveries.list", { id: endpointId, limit: 20 }, (data) => setItems(data.items));
    }, REREAD_MS);
    return () => clearTimeout(timer);
  }, [waiting, rereads, endpointId]);
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
              {/* the type itself stays at hand for integrators, as the words' tooltip */}
              <span data-testid="webhook-delivery-event" title={item.eventType} data-for-integrators="">
                {eventTypeInWords(
                  item.eventType,
                  eventTypes.find((choice) => choice.type === item.eventType)?.description,
                )}
              </span>{" "}
              · <strong data-testid="webhook-delivery-status">{item.status}</strong> · {dateInWords(item.createdAt)}
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
            {item.nextAttemptAt && <span style={{ fontSize: 14 }}>Next attempt {dateInWords(item.nextAttemptAt)}</span>}
            <Button
              type="button"
              variant="plain"
              disabled={busy}
              style={{ justifySelf: "start" }}
              data-testid="webhook-resend"
              onClick={() =>
                void act("webhooks.deliveries.resend", { id: endpointId, deliveryId: item.id }, () => {
                  setRereads(0);
                  void load();
                })
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
