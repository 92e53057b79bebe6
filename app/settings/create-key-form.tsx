"use client";
import { useState, type FormEvent } from "react";
import { Button, ErrorText, Field } from "@/components/ui/form";
import { errorSentences } from "@/components/widgets/error-text";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";
import type { EnvelopeError } from "@/components/widgets/types";
import { CONFIRM_BY_WORDS, type ConfirmBy } from "@/lib/keys/confirm-by";
import { ConfirmByChoice } from "@/components/ui/confirm-by-choice";

/** A brand the key may be limited to. */
export type BrandChoice = { shortId: string; name: string };

type Props = {
  brands: BrandChoice[];
  scopes: string[];
  onCreated: (created: { key: string; prefix: string }) => Promise<void>;
};

export function CreateKeyForm({ brands, scopes, onCreated }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a key is most often a script's: by default it confirms its own changes, as the API always let it
  const [confirmBy, setConfirmBy] = useState<ConfirmBy>("caller");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get("expiresAt") ?? "");
    const body = {
      name: String(form.get("name") ?? "").trim() || undefined,
      scopes: form.getAll("scopes").map(String),
      brands: form.getAll("brands").map(String),
      // the picker gives local time without a zone; the browser knows the zone
      expiresAt: expires ? new Date(expires).toISOString() : undefined,
      confirmBy,
    };
    setBusy(true);
    setError(null);
    const response = await fetch("/api/settings/keys", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    setBusy(false);
    if (!response.ok || !answer?.ok) {
      setError(answer?.error ? inWords(answer.error) : `Creating the key failed (HTTP ${response.status})`);
      return;
    }
    await onCreated({ key: answer.data.key, prefix: answer.data.prefix });
  }

  const box = { display: "flex", flexWrap: "wrap" as const, gap: "6px 18px" };
  return (
    <form
      onSubmit={submit}
      onKeyDown={ctrlEnterSubmits}
      style={{ display: "grid", gap: 14 }}
      data-testid="key-create-form"
    >
      <Field label="Name" hint="To tell your keys apart, e.g. “Newsletter sync”.">
        <input name="name" maxLength={100} data-testid="key-create-name" />
      </Field>
      <fieldset style={{ border: "1px solid var(--line)", borderRadius: 8, minWidth: 0 }}>
        <legend>Scopes</legend>
        <div style={box}>
          <label style={{ whiteSpace: "nowrap", fontWeight: 600 }}>
            <input type="checkbox" name="scopes" value="all" data-testid="key-create-scope-all" /> all
          </label>
          {scopes.map((scope) => (
            <label key={scope} style={{ whiteSpace: "nowrap" }}>
              <input type="checkbox" name="scopes" value={scope} data-testid={`key-create-scope-${scope}`} /> {scope}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset style={{ border: "1px solid var(--line)", borderRadius: 8, minWidth: 0 }}>
        <legend>Brands (optional; none ticked means every brand of yours)</legend>
        <div style={box}>
          {brands.length === 0 && <span style={{ color: "var(--muted)" }}>You are not a member of any brand yet.</span>}
          {brands.map((brand) => (
            <label key={brand.shortId} style={{ overflowWrap: "anywhere" }}>
              <input
                type="checkbox"
                name="brands"
                value={brand.shortId}
                data-testid={`key-create-brand-${brand.shortId}`}
              />{" "}
              {brand.shortId} · {brand.name}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Expires (optional)" hint="Leave empty for a key that works until you revoke it.">
        <input type="datetime-local" name="expiresAt" data-testid="key-create-expires" />
      </Field>
      <ConfirmByChoice
        legend="Who confirms the changes this key asks for"
        words={CONFIRM_BY_WORDS.key}
        order={["caller", "person"]}
        value={confirmBy}
        onChange={setConfirmBy}
        testId="key-create-confirm-by"
      />
      {error && <ErrorText testId="key-create-error">{error}</ErrorText>}
      <div>
        <Button type="submit" disabled={busy} data-testid="key-create-submit">
          {busy ? "Creating…" : "Create key"}
        </Button>
      </div>
    </form>
  );
}

/** The refusal in words: the form's own fields by what they ask, anything else as the widgets say it. */
function inWords(error: EnvelopeError): string {
  const field = (error as { field?: unknown }).field;
  if (field === "scopes") return "Tick at least one scope: what the key may do (or all).";
  if (field === "expiresAt") return "The expiry must be a date and time in the future, or left empty.";
  if (field === "brands") return "Tick only brands you are a member of, or none for all of yours.";
  if (field === "confirmBy") return "Choose who confirms the key's changes.";
  return errorSentences(error).join(" ");
}
