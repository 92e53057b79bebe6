"use client";
import { eventTypeInWords } from "@/lib/words/event-words";
import { useState, type FormEvent } from "react";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";
import { Button, Field } from "@/components/ui/form";

/** URL, description and the event types, picked by name from the catalogue (or every type). */
export type EventTypeChoice = { type: string; description: string };

export function AddForm({
  eventTypes,
  busy,
  onSubmit,
}: {
  eventTypes: EventTypeChoice[];
  busy: boolean;
  onSubmit: (input: { url: string; description?: string; eventTypes: string[] }) => void;
}) {
  const [all, setAll] = useState(true);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const description = String(form.get("description") ?? "").trim();
    onSubmit({
      url: String(form.get("url") ?? "").trim(),
      ...(description ? { description } : {}),
      eventTypes: all ? ["*"] : form.getAll("eventTypes").map(String),
    });
  }
  return (
    <form onSubmit={submit} onKeyDown={ctrlEnterSubmits} data-testid="webhook-add" style={{ display: "grid", gap: 12 }}>
      <Field label="Receiver URL" hint="https:// on a public address; it gets a signed POST per event">
        <input name="url" type="url" required placeholder="https://example.com/hooks" data-testid="webhook-url" />
      </Field>
      <Field label="Description" hint="For your team, if you like: what receives it, e.g. the shop's stock sync">
        <input name="description" maxLength={500} />
      </Field>
      <fieldset style={{ border: "1px solid var(--line)", borderRadius: 6, display: "grid", gap: 4 }}>
        <legend>Events</legend>
        <label style={{ minHeight: 24, display: "flex", gap: 8, alignItems: "center" }}>
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => setAll(event.target.checked)}
            style={{ width: 24, height: 24 }}
            data-testid="webhook-all-events"
          />
          Every event
        </label>
        {!all &&
          eventTypes.map(({ type, description }) => (
            <label
              key={type}
              style={{ minHeight: 24, display: "flex", gap: 8, alignItems: "center", overflowWrap: "anywhere" }}
            >
              <input type="checkbox" name="eventTypes" value={type} style={{ width: 24, height: 24, flexShrink: 0 }} />
              {/* words for people, as in the delivery log; the type an integrator subscribes to is the title */}
              <span title={type} data-for-integrators="" data-testid={`webhook-event-${type}`}>
                {eventTypeInWords(type, description)}
              </span>
            </label>
          ))}
      </fieldset>
      <Button type="submit" disabled={busy} style={{ justifySelf: "start" }} data-testid="webhook-add-submit">
        Add endpoint
      </Button>
    </form>
  );
}
