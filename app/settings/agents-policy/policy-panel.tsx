"use client";
// Settings › Apps' changes, for a brand's admins: who confirms the changes that apps signed in with
// OAuth (MCP hosts, connected apps) ask for in the brand. The policy is read from brand.overview and
// changed by brand.policy.update, run as the signed-in person like the other settings' calls
// (webhooks/use-actions.ts): the server's summary comes back with Confirm and Cancel.
import { useEffect, useRef, useState } from "react";
import { Button, ErrorText, Field } from "@/components/ui/form";
import type { OutputOf } from "@/components/widgets/types";
import { valueInWords } from "@/components/widgets/value-words";
import { ConfirmBar } from "../webhooks/confirm-bar";
import { useActions } from "../webhooks/use-actions";

type Policy = OutputOf<"brand.overview">["policy"]["agentsConfirmBy"];

/** Each choice, said as what it does for the brand's people (its name is the one cards use). */
const CHOICES: { value: Policy; detail: string }[] = [
  {
    value: "person",
    detail:
      "Every change an app asks for in this brand waits until the person it acts for confirms it here, whatever " +
      "that person let the app do.",
  },
  {
    value: "either",
    detail: "Each person decides, for each app they connect, whether it may confirm its changes itself.",
  },
];

export function AgentsPolicyPanel({ brands }: { brands: { shortId: string; name: string }[] }) {
  const [brand, setBrand] = useState(brands[0]?.shortId ?? "");
  const [current, setCurrent] = useState<Policy | null>(null);
  const [choice, setChoice] = useState<Policy | null>(null);
  const { ask, error, busy, act, decide } = useActions(brand);
  const confirm = useRef<HTMLDivElement>(null);

  const reload = () =>
    void act("brand.overview", {}, (data) => {
      setCurrent(data.policy.agentsConfirmBy);
      setChoice(data.policy.agentsConfirmBy);
    });
  useEffect(() => {
    setCurrent(null);
    reload();
  }, [brand]);
  // the confirmation is the person's next step: in view, Confirm focused
  useEffect(() => {
    if (!ask) return;
    confirm.current?.scrollIntoView({ block: "nearest" });
    confirm.current?.querySelector<HTMLButtonElement>("[data-testid=agents-policy-confirm-yes]")?.focus();
  }, [ask]);

  return (
    <section
      style={{ marginTop: 32, display: "grid", gap: 12 }}
      aria-labelledby="agents-policy"
      data-testid="agents-policy"
    >
      <h2 id="agents-policy" style={{ fontSize: 20, marginBottom: 0 }}>
        Changes asked for by apps
      </h2>
      <p style={{ color: "var(--muted)", margin: 0 }}>
        A brand's admins decide who confirms the changes that AI apps and MCP hosts, connected by signing in, ask for in
        the brand. Personal API keys always keep their owner's choice.
      </p>
      {brands.length > 1 && (
        <Field label="Brand">
          <select value={brand} onChange={(event) => setBrand(event.target.value)} data-testid="agents-policy-brand">
            {brands.map((item) => (
              <option key={item.shortId} value={item.shortId}>
                {item.name} ({item.shortId})
              </option>
            ))}
          </select>
        </Field>
      )}
      {error && <ErrorText testId="agents-policy-error">{error}</ErrorText>}
      {!current && !error && <p>Loading…</p>}
      {current && (
        <>
          <p style={{ margin: 0 }} data-testid="agents-policy-current">
            Now: <strong>{valueInWords(current, "agentsConfirmBy")}</strong>
          </p>
          <fieldset style={{ border: "none", padding: 0, margin: 0, display: "grid", gap: 8 }}>
            <legend style={{ fontWeight: 500, padding: 0, marginBottom: 4 }}>Who confirms what apps ask for</legend>
            {CHOICES.map(({ value, detail }) => (
              <label
                key={value}
                style={{ display: "flex", gap: 8, alignItems: "baseline", minHeight: 24, cursor: "pointer" }}
              >
                <input
                  type="radio"
                  name="agents-policy"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  data-testid={`agents-policy-${value}`}
                />
                <span>
                  <strong>{valueInWords(value, "agentsConfirmBy")}</strong>{" "}
                  <span style={{ color: "var(--muted)" }}>{detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button
              type="button"
              disabled={busy || !!ask || choice === current}
              onClick={() => choice && void act("brand.policy.update", { agentsConfirmBy: choice }, reload)}
              data-testid="agents-policy-save"
            >
              Save
            </Button>
          </div>
        </>
      )}
      {ask && (
        <div ref={confirm}>
          <ConfirmBar
            ask={ask}
            busy={busy}
            onDecide={(decision) => void decide(decision)}
            testId="agents-policy-confirm"
          />
        </div>
      )}
    </section>
  );
}
