"use client";
import { useState } from "react";
import { Button } from "@/components/ui/form";

/** A new signing secret, once: after this panel is closed nobody can read it again. */
export function SecretShown({ value, onDone }: { value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      role="status"
      style={{
        border: "1px solid var(--pass)",
        background: "var(--pass-soft)",
        borderRadius: 8,
        padding: 16,
        display: "grid",
        gap: 10,
      }}
    >
      <strong>Signing secret</strong>
      <code
        data-testid="webhook-secret"
        style={{
          wordBreak: "break-all",
          background: "var(--surface)",
          padding: "8px 10px",
          borderRadius: 6,
          border: "1px solid var(--line)",
        }}
      >
        {value}
      </code>
      <p style={{ margin: 0 }}>
        Copy it into your receiver now: it verifies every delivery and will not be shown again.
      </p>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button
          type="button"
          data-testid="webhook-secret-copy"
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy secret"}
        </Button>
        <Button type="button" variant="plain" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
