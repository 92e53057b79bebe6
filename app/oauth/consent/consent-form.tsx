"use client";
import { useEffect, useState, type FormEvent } from "react";
import { Button, ErrorText } from "@/components/ui/form";
import { isReadScope } from "@/lib/oauth/scope-words";
import { CONFIRM_BY_WORDS, type ConfirmBy } from "@/lib/keys/confirm-by";
import { ConfirmByChoice } from "@/components/ui/confirm-by-choice";

type Props = {
  oauthQuery: string;
  brands: { shortId: string; name: string; role: string }[];
  scopes: { scope: string; words: string }[];
};

export function ConsentForm({ oauthQuery, brands, scopes }: Props) {
  const readOnly = scopes.filter(({ scope }) => isReadScope(scope)).map(({ scope }) => scope);
  // least privilege by default: reading only, and the one brand when there is just one
  const [ticked, setTicked] = useState<Set<string>>(new Set(readOnly));
  const [chosenBrands, setChosenBrands] = useState<Set<string>>(
    new Set(brands.length === 1 ? [brands[0]!.shortId] : []),
  );
  // an agent proposes, its person decides: its changes wait for the person unless they choose otherwise
  const [confirmBy, setConfirmBy] = useState<ConfirmBy>("person");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the controls wait for the page's script: a click on the server-rendered form before it would
  // be lost (a preset) or undone (a box), and the person would allow what they did not choose
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const toggle = (set: Set<string>, value: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  async function answer(accept: boolean) {
    setBusy(true);
    setError(null);
    const body = { oauthQuery, accept, brands: [...chosenBrands], scopes: [...ticked], confirmBy };
    const response = await fetch("/api/oauth/consent", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const reply = await response.json().catch(() => null);
    if (!response.ok || !reply?.ok) {
      setBusy(false);
      setError(reply?.error?.message ?? `The answer could not be sent (HTTP ${response.status})`);
      return;
    }
    window.location.assign(reply.data.url);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void answer(true);
  }

  const preset = (chosen: string[]) => setTicked(new Set(chosen));
  const fieldset = {
    border: "1px solid var(--line)",
    borderRadius: 8,
    minWidth: 0,
    display: "grid",
    gap: 8,
    padding: "10px 14px",
  };
  return (
    <form onSubmit={submit} data-testid="consent-form" data-ready={ready}>
      <fieldset disabled={!ready} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: "grid", gap: 16 }}>
        <fieldset style={fieldset}>
          <legend>Brands</legend>
          {brands.length === 0 && (
            <span style={{ color: "var(--muted)" }}>
              You are not a member of any active brand, so there is nothing to connect.
            </span>
          )}
          {brands.map((brand) => (
            <label key={brand.shortId} style={{ overflowWrap: "anywhere" }}>
              <input
                type="checkbox"
                checked={chosenBrands.has(brand.shortId)}
                onChange={(event) => setChosenBrands(toggle(chosenBrands, brand.shortId, event.target.checked))}
                data-testid={`consent-brand-${brand.shortId}`}
              />{" "}
              {brand.name}{" "}
              <span style={{ color: "var(--muted)" }}>
                ({brand.shortId} · you are {brand.role})
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset style={fieldset}>
          <legend>What the app may do</legend>
          <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
            <Button type="button" variant="plain" onClick={() => preset(readOnly)} data-testid="consent-preset-read">
              Read only
            </Button>
            <Button
              type="button"
              variant="plain"
              onClick={() => preset(scopes.map(({ scope }) => scope))}
              data-testid="consent-preset-all"
            >
              Everything I can do
            </Button>
          </div>
          {scopes.map(({ scope, words }) => (
            <label
              key={scope}
              style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: 8, alignItems: "start" }}
            >
              <input
                type="checkbox"
                checked={ticked.has(scope)}
                onChange={(event) => setTicked(toggle(ticked, scope, event.target.checked))}
                data-testid={`consent-scope-${scope}`}
                style={{ marginTop: 5 }}
              />
              <span>
                {words} <code style={{ color: "var(--muted)", fontSize: 12 }}>{scope}</code>
              </span>
            </label>
          ))}
          <span style={{ color: "var(--muted)", fontSize: 14 }}>
            Your role still applies: where you are a viewer, the app cannot change anything.
          </span>
        </fieldset>
        <ConfirmByChoice
          legend="Who confirms the changes the app asks for"
          words={CONFIRM_BY_WORDS.app}
          order={["person", "caller"]}
          value={confirmBy}
          onChange={setConfirmBy}
          testId="consent-confirm-by"
        />
        {error && <ErrorText testId="consent-error">{error}</ErrorText>}
        <div style={{ display: "flex", flexWrap: "wrap", gap: 10 }}>
          <Button
            type="submit"
            disabled={busy || chosenBrands.size === 0 || ticked.size === 0}
            data-testid="consent-allow"
          >
            Allow
          </Button>
          <Button
            type="button"
            variant="plain"
            disabled={busy}
            onClick={() => void answer(false)}
            data-testid="consent-deny"
          >
            Deny
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
