"use client";
import { useState } from "react";
import { Button } from "@/components/ui/form";

/** The whole key, once: after this panel is closed nobody can read it again. */
export function KeyShown({ value, onDone }: { value: string; onDone: () => void }) {
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
      <strong>Your new key</strong>
      <code
        data-testid="key-shown"
        style={{
          fontSize: 15,
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
        Copy it now and keep it somewhere safe: it will not be shown again. Use it as{" "}
        <code>Authorization: Bearer …</code>.
      </p>
      <div style={{ display: "flex", gap: 8 }}>
        <Button
          type="button"
          data-testid="key-copy"
          onClick={async () => {
            await navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copied" : "Copy key"}
        </Button>
        <Button type="button" variant="plain" data-testid="key-shown-done" onClick={onDone}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
