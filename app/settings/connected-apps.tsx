"use client";
// Connected apps: the MCP clients the person allowed (OAuth grants), with what each may do and who
// confirms its changes (changeable), and Revoke; each change counts from the app's next call.
import { useState } from "react";
import { Button, ErrorText } from "@/components/ui/form";
import type { ConnectedApp } from "@/lib/keys/connected-apps";
import { CONFIRM_BY_WORDS } from "@/lib/keys/confirm-by";
import { dateInWords } from "@/lib/words/date-words";

const when = (iso: string | null) => (iso ? dateInWords(iso) : "never");

export function ConnectedApps({ initialApps }: { initialApps: ConnectedApp[] }) {
  const [apps, setApps] = useState(initialApps);
  const [error, setError] = useState<string | null>(null);

  async function revoke(app: ConnectedApp) {
    setError(null);
    const response = await fetch(`/api/settings/apps/${encodeURIComponent(app.id)}`, { method: "DELETE" });
    const reply = await response.json().catch(() => null);
    if (!response.ok || !reply?.ok) {
      setError(reply?.error?.message ?? `Revoking failed (HTTP ${response.status})`);
      return;
    }
    setApps((current) => current.filter((candidate) => candidate.id !== app.id));
  }

  async function switchConfirmBy(app: ConnectedApp) {
    setError(null);
    const confirmBy = app.confirmBy === "person" ? "caller" : "person";
    const response = await fetch(`/api/settings/apps/${encodeURIComponent(app.id)}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirmBy }),
    });
    const reply = await response.json().catch(() => null);
    if (!response.ok || !reply?.ok) {
      setError(reply?.error?.message ?? `The change failed (HTTP ${response.status})`);
      return;
    }
    setApps((current) =>
      current.map((candidate) => (candidate.id === app.id ? { ...candidate, confirmBy } : candidate)),
    );
  }

  return (
    <section style={{ marginTop: 32 }} data-testid="connected-apps">
      <h2 style={{ fontSize: 20, marginBottom: 4 }}>Connected apps</h2>
      <p style={{ color: "var(--muted)", marginTop: 0 }}>
        MCP clients you signed in to with your account (OAuth). Each acts as you only in the brands and for what you
        allowed, and its changes wait for you unless you let the app confirm them. Revoking takes effect on the app’s
        next call.
      </p>
      {error && <ErrorText testId="connected-apps-error">{error}</ErrorText>}
      {apps.length === 0 && <p data-testid="connected-apps-empty">No app is connected.</p>}
      <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: 12 }}>
        {apps.map((app) => (
          <li
            key={app.id}
            data-testid="connected-app"
            style={{
              border: "1px solid var(--line)",
              borderRadius: 8,
              padding: "10px 14px",
              display: "grid",
              gap: 4,
              overflowWrap: "anywhere",
            }}
          >
            <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" }}>
              <strong data-testid="connected-app-name">{app.name}</strong>
              <span style={{ color: "var(--muted)", fontSize: 13 }}>
                {app.verified ? `identified by ${new URL(app.clientId).host}` : "unverified (registered itself)"}
              </span>
              <Button
                variant="danger"
                style={{ marginLeft: "auto" }}
                onClick={() => void revoke(app)}
                data-testid="connected-app-revoke"
              >
                Revoke
              </Button>
            </div>
            <span>
              Brands: {app.brands.map((brand) => `${brand.name} (${brand.shortId})`).join(", ") || "none left"}
            </span>
            <span>
              May: <code data-testid="connected-app-scopes">{app.scopes.join(" ")}</code>
            </span>
            <span style={{ display: "flex", flexWrap: "wrap", gap: "4px 10px", alignItems: "center" }}>
              <span>
                Changes confirmed by:{" "}
                <span data-testid="connected-app-confirm-by">{CONFIRM_BY_WORDS.app[app.confirmBy].short}</span>
              </span>
              <Button
                variant="plain"
                style={{ padding: "4px 10px", fontSize: 13 }}
                onClick={() => void switchConfirmBy(app)}
                data-testid="connected-app-confirm-by-switch"
              >
                {CONFIRM_BY_WORDS.app[app.confirmBy === "person" ? "caller" : "person"].switchTo}
              </Button>
            </span>
            <span style={{ color: "var(--muted)", fontSize: 13 }}>
              Connected {when(app.createdAt)} · last used {when(app.lastUsedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
