"use client";
import { useRef, useState } from "react";
import type { KeyView } from "@/lib/keys/keys";
import { SCOPES } from "@/lib/contract/catalogue";
import { Button, ErrorText } from "@/components/ui/form";
import { scopeInShortWords } from "@/lib/oauth/scope-words";
import { CONFIRM_BY_WORDS } from "@/lib/keys/confirm-by";

const CONFIRMS = "Changes confirmed by";
const COLUMNS = ["Name", "Prefix", "Scopes", "Brands", "Expires", "Last used", CONFIRMS, "State", ""];
/** UTC, the same on the server and in the browser (no hydration mismatch). */
const when = (iso: string | null, none: string) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : none);

function state(key: KeyView): string {
  if (key.revokedAt) return `revoked ${when(key.revokedAt, "")}`;
  if (key.expiresAt && new Date(key.expiresAt) <= new Date()) return "expired";
  return "active";
}

export function KeyList({ keys, onChanged }: { keys: KeyView[]; onChanged: () => Promise<void> }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // focus follows the person's next step: the question's Revoke, then the revoked key's row
  const rows = useRef(new Map<string, HTMLTableRowElement>());

  async function revoke(key: KeyView) {
    setError(null);
    const response = await fetch(`/api/settings/keys/${encodeURIComponent(key.id)}`, { method: "DELETE" });
    setConfirming(null);
    if (!response.ok)
      setError(
        (await response.json().catch(() => null))?.error?.message ?? `Revoking failed (HTTP ${response.status})`,
      );
    await onChanged();
    rows.current.get(key.id)?.focus();
  }

  // the button stays where it was, saying the other choice now: focus stays on it
  async function switchConfirmBy(key: KeyView) {
    setError(null);
    const response = await fetch(`/api/settings/keys/${encodeURIComponent(key.id)}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ confirmBy: key.confirmBy === "caller" ? "person" : "caller" }),
    });
    if (!response.ok)
      setError(
        (await response.json().catch(() => null))?.error?.message ?? `The change failed (HTTP ${response.status})`,
      );
    await onChanged();
  }

  if (keys.length === 0)
    return (
      <p style={{ color: "var(--muted)" }} data-testid="key-list-empty">
        You have no API keys yet.
      </p>
    );
  const cell = { padding: "8px 10px", borderBottom: "1px solid var(--line)", verticalAlign: "top" as const };
  return (
    <>
      {error && <ErrorText testId="key-list-error">{error}</ErrorText>}
      {/* on a phone each key is a card of labelled lines (globals.css, .key-table) */}
      <table
        className="key-table"
        style={{ width: "100%", borderCollapse: "collapse", fontSize: 14 }}
        data-testid="key-list"
      >
        <thead>
          <tr style={{ textAlign: "left" }}>
            {COLUMNS.map((title) => (
              <th key={title} style={cell}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr
              key={key.id}
              data-testid={`key-row-${key.prefix}`}
              tabIndex={-1}
              ref={(row) => {
                if (row) rows.current.set(key.id, row);
                else rows.current.delete(key.id);
              }}
              style={{ color: key.revokedAt ? "var(--muted)" : undefined }}
            >
              <td data-label="Name" style={cell}>
                {key.name ?? "—"}
              </td>
              <td data-label="Prefix" style={cell}>
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Scopes" style={cell}>
                {SCOPES.every((scope) => key.scopes.includes(scope))
                  ? "all"
                  : key.scopes.map(scopeInShortWords).join(", ")}
              </td>
              <td data-label="Brands" style={cell}>
                {key.brands ? key.brands.map((brand) => brand.shortId).join(", ") : "all of yours"}
              </td>
              <td data-label="Expires" style={cell}>
                {when(key.expiresAt, "never")}
              </td>
              <td data-label="Last used" style={cell} data-testid={`key-last-used-${key.prefix}`}>
                {when(key.lastUsedAt, "never")}
              </td>
              <td data-label={CONFIRMS} style={cell}>
                <span data-testid={`key-confirm-by-${key.prefix}`}>{CONFIRM_BY_WORDS.key[key.confirmBy].short}</span>
                {!key.revokedAt && (
                  <Button
                    variant="plain"
                    style={{ display: "block", marginTop: 6, padding: "4px 10px", fontSize: 13 }}
                    data-testid={`key-confirm-by-switch-${key.prefix}`}
                    onClick={() => void switchConfirmBy(key)}
                  >
                    {CONFIRM_BY_WORDS.key[key.confirmBy === "caller" ? "person" : "caller"].switchTo}
                  </Button>
                )}
              </td>
              <td data-label="State" style={cell} data-testid={`key-state-${key.prefix}`}>
                {state(key)}
              </td>
              <td data-label="" style={cell}>
                {!key.revokedAt && confirming !== key.id && (
                  <Button
                    variant="plain"
                    data-testid={`key-revoke-${key.prefix}`}
                    onClick={() => setConfirming(key.id)}
                  >
                    Revoke
                  </Button>
                )}
                {!key.revokedAt && confirming === key.id && (
                  <span style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
                    Stop this key now?
                    <Button
                      variant="danger"
                      autoFocus
                      data-testid={`key-revoke-confirm-${key.prefix}`}
                      onClick={() => revoke(key)}
                    >
                      Revoke
                    </Button>
                    <Button
                      variant="plain"
                      data-testid={`key-revoke-cancel-${key.prefix}`}
                      onClick={() => {
                        setConfirming(null);
                        rows.current.get(key.id)?.focus();
                      }}
                    >
                      Keep
                    </Button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
