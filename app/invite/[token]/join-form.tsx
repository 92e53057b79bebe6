"use client";
// The accept page's one step: Join (signed in as the invited address), sign in as it, or sign up
// with it (name and password; the address is the invitation's). Once joined, the brand is the one
// the assistant opens with, so the person sees it in the brand switcher at once.
import { type FormEvent, useState } from "react";
import { Button, ErrorText, Field } from "@/components/ui/form";
import { rememberBrand } from "@/components/chat/brand-switcher";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";
import { authClient } from "@/lib/auth/client";

type Mode = "join" | "sign-in" | "sign-up";
type Outcome = { outcome: string; brand?: { shortId: string }; acceptedByYou?: boolean };
type Refusal = { error?: { message?: string; issues?: { message: string }[] } };

const SUBMIT: Record<Mode, [string, string]> = {
  join: ["Join", "Joining…"],
  "sign-in": ["Sign in and join", "Signing in…"],
  "sign-up": ["Create my account and join", "Creating your account…"],
};

async function post(path: string, body: unknown): Promise<{ ok: boolean; status: number; json: Outcome & Refusal }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, status: response.status, json: await response.json().catch(() => ({ outcome: "" })) };
}

function refusalWords(json: Refusal, status: number): string {
  if (status === 429) return "Too many attempts. Wait a minute, then try again.";
  return json.error?.issues?.[0]?.message ?? json.error?.message ?? "That did not work; try again in a moment.";
}

export function JoinForm({
  token,
  mode,
  email,
  brand,
}: {
  token: string;
  mode: Mode;
  email: string;
  brand: { shortId: string; name: string };
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Joined: open the assistant on the brand. Anything else: the page says what became of the link. */
  function settle(result: Outcome) {
    if (result.outcome === "ok" || (result.outcome === "used" && result.acceptedByYou)) {
      rememberBrand(result.brand?.shortId ?? brand.shortId);
      window.location.assign("/");
      return;
    }
    window.location.reload();
  }

  async function accept() {
    const answer = await post("/api/invite/accept", { token });
    if (!answer.ok) throw new Error(refusalWords(answer.json, answer.status));
    return answer.json;
  }

  async function signIn(password: string) {
    const { error: failure } = await authClient.signIn.email({ email, password });
    if (!failure) return;
    if (failure.status === 429) throw new Error("Too many attempts. Wait a minute, then try again.");
    throw new Error(`Wrong password for ${email}.`);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (mode === "sign-up" && !name) return setError("Type your name: it is how the team sees you.");
    if (mode !== "join" && password.length < 8)
      return setError(mode === "sign-up" ? "Choose a password of at least 8 characters." : "Type your password.");
    setBusy(true);
    setError(null);
    try {
      if (mode === "join") return settle(await accept());
      if (mode === "sign-in") {
        await signIn(password);
        return settle(await accept());
      }
      const created = await post("/api/invite/sign-up", { token, name, password });
      if (!created.ok) throw new Error(refusalWords(created.json, created.status));
      // joined already (or the address has an account meanwhile: the page asks to sign in)
      if (created.json.outcome === "ok") await signIn(password);
      settle(created.json);
    } catch (failure) {
      setBusy(false);
      setError((failure as Error).message || "That did not work; try again in a moment.");
    }
  }

  const [label, working] = SUBMIT[mode];
  return (
    <form
      onSubmit={submit}
      onKeyDown={ctrlEnterSubmits}
      style={{ display: "grid", gap: 14, marginTop: 8 }}
      noValidate
      data-testid={`invite-form-${mode}`}
    >
      {mode !== "join" && (
        <Field
          label="E-mail address"
          hint={mode === "sign-up" ? "The invitation is for this address." : "Sign in as the invited address."}
        >
          <input name="email" type="email" value={email} readOnly autoComplete="username" data-testid="invite-email" />
        </Field>
      )}
      {mode === "sign-up" && (
        <Field label="Your name" hint="How the team sees you.">
          {/* biome-ignore lint/a11y/noAutofocus: the page has one task, and the name is where it starts */}
          <input name="name" autoComplete="name" maxLength={100} required autoFocus data-testid="invite-name" />
        </Field>
      )}
      {mode !== "join" && (
        <Field
          label={mode === "sign-up" ? "Choose a password" : "Password"}
          hint={mode === "sign-up" ? "At least 8 characters." : undefined}
        >
          <input
            name="password"
            type="password"
            autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
            required
            // biome-ignore lint/a11y/noAutofocus: signing in, the password is the only field to fill
            autoFocus={mode === "sign-in"}
            data-testid="invite-password"
          />
        </Field>
      )}
      {error && <ErrorText testId="invite-error">{error}</ErrorText>}
      <Button type="submit" disabled={busy} data-testid="invite-submit">
        {busy ? working : `${label}${mode === "join" ? ` ${brand.name}` : ""}`}
      </Button>
    </form>
  );
}
