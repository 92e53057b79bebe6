"use client";
import { Button } from "@/components/ui/form";
import type { Ask } from "./use-actions";

/** What will change, in the server's words, and the person's Confirm or Cancel. */
export function ConfirmBar({
  ask,
  busy,
  onDecide,
  testId = "webhook-confirm",
}: {
  ask: Ask;
  busy: boolean;
  onDecide: (decision: "confirm" | "cancel") => void;
  /** its data-testid, and `${testId}-yes` on Confirm (Settings › People has its own) */
  testId?: string;
}) {
  return (
    <div
      role="alertdialog"
      aria-label="Confirm this change"
      data-testid={testId}
      style={{ border: "1px solid var(--line-strong)", borderRadius: 8, padding: 12, display: "grid", gap: 8 }}
    >
      <span>{ask.summary}</span>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button type="button" disabled={busy} onClick={() => onDecide("confirm")} data-testid={`${testId}-yes`}>
          Confirm
        </Button>
        <Button type="button" variant="plain" disabled={busy} onClick={() => onDecide("cancel")}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
