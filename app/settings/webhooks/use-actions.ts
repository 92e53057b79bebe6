"use client";
// The webhooks section's calls: each goes through the same run route as slash commands, so the
// pipeline decides (admins only, confirmation where a change alters what others receive). A call
// that needs confirmation comes back parked with its summary; the person's Confirm runs it.
import { useState } from "react";
import { decidePending, runCapability } from "@/components/widgets/run";
import { errorSentences } from "@/components/widgets/error-text";
import type { ToolEnvelope } from "@/components/widgets/types";

// biome-ignore lint/suspicious/noExplicitAny: each capability answers its own shape; typed by the registry type map (issue 37.2)
export type Answer = any;

export type Ask = { summary: string; pendingId: string; capabilityId: string; onDone: (data: Answer) => void };

export function useActions(brand: string) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function settle(envelope: ToolEnvelope, onDone: (data: Answer) => void) {
    if (envelope.status === "ok") return onDone(envelope.data);
    if (envelope.status === "awaiting_confirmation")
      return setAsk({
        summary: envelope.summary,
        pendingId: envelope.pendingId,
        capabilityId: envelope.capabilityId,
        onDone,
      });
    if (envelope.status === "error") setError(errorSentences(envelope.error).join(" "));
  }

  async function act(capabilityId: string, input: Record<string, unknown>, onDone: (data: Answer) => void = () => {}) {
    setError(null);
    setBusy(true);
    try {
      settle(await runCapability(capabilityId, brand, input), onDone);
    } finally {
      setBusy(false);
    }
  }

  async function decide(decision: "confirm" | "cancel") {
    if (!ask) return;
    setBusy(true);
    try {
      const envelope = await decidePending(ask.pendingId, decision, ask.capabilityId);
      setAsk(null);
      settle(envelope, ask.onDone);
    } finally {
      setBusy(false);
    }
  }

  return { ask, error, busy, act, decide, setError };
}
