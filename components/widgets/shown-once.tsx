"use client";
// A value shown once (a webhook's signing secret): in the live answer to the person who confirmed,
// with a copy button; in every card read back later, the marker the server keeps in its place.
import { useState } from "react";
import { SHOWN_ONCE_GONE } from "@/lib/contract/shown-once";
import { copyBySelection } from "./copy";
import { labelOf } from "./readable";

export function ShownOnce({ field, value }: { field: string; value: unknown }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const label = labelOf(field);
  if (typeof value !== "string" || value === SHOWN_ONCE_GONE)
    return (
      <p className="muted" data-testid="shown-once-gone">
        {label}: shown once, when it was made; it is no longer available here.
      </p>
    );
  async function copy(text: string) {
    const ok =
      (await navigator.clipboard?.writeText(text).then(
        () => true,
        () => false,
      )) || copyBySelection(text);
    setState(ok ? "copied" : "failed");
  }
  return (
    <div className="readable-block" role="status" data-testid="shown-once">
      <h4>{label}</h4>
      <p>
        <code data-testid="shown-once-value" style={{ wordBreak: "break-all" }}>
          {value}
        </code>
      </p>
      <p className="muted">Copy it now: it is shown only this once, and this conversation does not keep it.</p>
      <button type="button" className="button small" data-testid="shown-once-copy" onClick={() => void copy(value)}>
        {state === "copied" ? "Copied" : state === "failed" ? "Select it" : "Copy"}
      </button>
    </div>
  );
}
