"use client";
import { useRef, useState, type FormEvent } from "react";
import { authClient } from "@/lib/auth/client";
import { Button, Field, ErrorText } from "@/components/ui/form";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";

/** One sentence for every refusal: it must not tell whether the e-mail address exists. */
function messageFor(status: number): string {
  if (status === 429) return "Too many attempts. Wait a minute, then try again.";
  // better-auth refuses a sign-in from a page not served at APP_URL (its trusted origin)
  if (status === 403) return "Sign-in is refused from this address: open the service at its own URL (APP_URL).";
  if (status === 401 || status === 400) return "Wrong e-mail address or password.";
  return "Signing in failed; try again in a moment.";
}

export function SignInForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const { data, error: failure } = await authClient.signIn.email({
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
    });
    if (failure) {
      setBusy(false);
      setError(messageFor(failure.status));
      // the next step is typing the password again (the disabled button had dropped focus to the page)
      requestAnimationFrame(() => password.current?.select());
      return;
    }
    // an MCP client's authorization goes on where the authorization server says (the consent page,
    // or straight back to the app when it was consented before); otherwise a full navigation, so
    // server components read the new cookie
    const continued = (data as { redirect?: boolean; url?: string } | null)?.url;
    window.location.assign(continued && (data as { redirect?: boolean }).redirect ? continued : next);
  }

  return (
    <form onSubmit={submit} onKeyDown={ctrlEnterSubmits} style={{ display: "grid", gap: 14 }} noValidate>
      <Field label="E-mail address">
        {/* biome-ignore lint/a11y/noAutofocus: the sign-in page has one task, and the e-mail field is where it starts */}
        <input name="email" type="email" autoComplete="username" required data-testid="sign-in-email" autoFocus />
      </Field>
      <Field label="Password">
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          ref={password}
          data-testid="sign-in-password"
        />
      </Field>
      {error && <ErrorText testId="sign-in-error">{error}</ErrorText>}
      <Button type="submit" disabled={busy} data-testid="sign-in-submit">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
