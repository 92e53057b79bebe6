"use client";
// Settings › Webhooks: a brand's endpoints for its admins. Every action is a webhooks.* capability
// run as the signed-in person; confirmations come back with the server's summary (use-actions.ts).
import { useEffect, useState } from "react";
import { ErrorText, Field } from "@/components/ui/form";
import { AddForm, type EventTypeChoice } from "./add-form";
import { ConfirmBar } from "./confirm-bar";
import { EndpointItem, type Endpoint } from "./endpoint-item";
import { SecretShown } from "./secret-shown";
import { useActions } from "./use-actions";

export function WebhooksPanel({
  brands,
  eventTypes,
}: {
  brands: { shortId: string; name: string }[];
  eventTypes: EventTypeChoice[];
}) {
  const [brand, setBrand] = useState(brands[0]?.shortId ?? "");
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  // a new form (emptied) once an endpoint was added
  const [formKey, setFormKey] = useState(0);
  const { ask, error, busy, act, decide } = useActions(brand);
  const reload = () => void act("webhooks.list", {}, (data) => setEndpoints(data.items));
  useEffect(reload, [brand]);

  return (
    <section style={{ marginTop: 32, display: "grid", gap: 12 }} aria-labelledby="webhooks" data-testid="webhooks">
      <h2 id="webhooks" style={{ fontSize: 20, marginBottom: 0 }}>
        Webhooks
      </h2>
      <p style={{ color: "var(--muted)", margin: 0 }}>
        A brand's admins can have its events sent to their systems as signed POSTs (Standard Webhooks). How to verify
        them: the integrators' guide.
      </p>
      {brands.length > 1 && (
        <Field label="Brand">
          <select value={brand} onChange={(event) => setBrand(event.target.value)} data-testid="webhook-brand">
            {brands.map((choice) => (
              <option key={choice.shortId} value={choice.shortId}>
                {choice.name} ({choice.shortId})
              </option>
            ))}
          </select>
        </Field>
      )}
      {error && <ErrorText testId="webhook-error">{error}</ErrorText>}
      {ask && <ConfirmBar ask={ask} busy={busy} onDecide={(decision) => void decide(decision)} />}
      {secret && <SecretShown value={secret} onDone={() => setSecret(null)} />}
      {endpoints && endpoints.length === 0 && <p data-testid="webhooks-empty">No endpoint yet.</p>}
      <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 12 }}>
        {endpoints?.map((endpoint) => (
          <EndpointItem
            key={endpoint.id}
            endpoint={endpoint}
            act={act}
            busy={busy}
            onChanged={reload}
            onSecret={setSecret}
            eventTypes={eventTypes}
          />
        ))}
      </ul>
      <h3 style={{ fontSize: 17, marginBottom: 0 }}>Add an endpoint</h3>
      <AddForm
        key={formKey}
        eventTypes={eventTypes}
        busy={busy}
        onSubmit={(input) =>
          void act("webhooks.create", input, (data) => {
            setSecret(data.secret);
            setFormKey((value) => value + 1);
            reload();
          })
        }
      />
    </section>
  );
}
