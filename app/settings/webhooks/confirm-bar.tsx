"use client";
import { Button } from "@/components/ui/form";
import type { Ask } from "./use-actions";

/** What will change, in the server's words, and the person's Confirm or Cancel. */
export function ConfirmBar({
  ask,
  busy,
  onDecide,
}: {
  ask: Ask;
  busy: boolean;
  onDecide: (decision: "confirm" | "cancel") => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label="Confirm this change"
      data-testid="webhook-confirm"
      style={{ border: "1px solid var(--line-strong)", borderRadius: 8, padding: 12, display: "grid", gap: 8 }}
    >
      <span>{ask.summary}</span>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button type="button" disabled={busy} onClick={() => onDecide("confirm")} data-testid="webhook-confirm-yes">
          Confirm
        </Button>
        <Button type="button" variant="plain" disabled={busy} onClick={() => onDecide("cancel")}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
