"use client";
// The webhooks section's calls: each goes through the same run route as slash commands, so the
// pipeline decides (admins only, confirmation where a change alters what others receive). A call
// that needs confirmation comes back parked with its summary; the person's Confirm runs it.
import { useRef, useState } from "react";
import { decidePending, runCapability } from "@/components/widgets/run";
import { errorSentences } from "@/components/widgets/error-text";
import type { Answer, CallableId, Decision, InputOf, OutputOf } from "@/components/widgets/types";

/** Runs a webhooks.* capability; `onDone` gets its answer's data, typed by the registry's type map. */
export type Act = <Id extends string>(
  capabilityId: CallableId<Id>,
  input: InputOf<Id>,
  onDone?: (data: OutputOf<Id>) => void,
) => Promise<void>;

/** A parked call waiting for the person: the server's summary, and `send`, which decides it and settles its answer. */
export type Ask = {
  summary: string;
  pendingId: string;
  capabilityId: string;
  send: (decision: Decision) => Promise<void>;
};

export function useActions(brand: string) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // `busy` disables the buttons only once React renders again: two taps within one frame both got
  // through and one "Send test event" sent two. A ref is read at once, so the second tap is dropped.
  const inFlight = useRef(false);

  function settle<Id extends string>(
    capabilityId: CallableId<Id>,
    envelope: Answer<Id>,
    onDone: (data: OutputOf<Id>) => void,
  ) {
    if (envelope.status === "ok") return onDone(envelope.data);
    if (envelope.status === "awaiting_confirmation") {
      const { pendingId } = envelope;
      return setAsk({
        summary: envelope.summary,
        pendingId,
        capabilityId: envelope.capabilityId,
        send: async (decision) => {
          const answer = await decidePending(pendingId, decision, capabilityId);
          setAsk(null);
          settle(capabilityId, answer, onDone);
        },
      });
    }
    if (envelope.status === "error") setError(errorSentences(envelope.error).join(" "));
  }

  const act: Act = async (capabilityId, input, onDone = () => {}) => {
    const write = !capabilityId.endsWith(".list");
    if (write && inFlight.current) return;
    if (write) inFlight.current = true;
    setError(null);
    setBusy(true);
    try {
      settle(capabilityId, await runCapability(capabilityId, brand, input), onDone);
    } finally {
      if (write) inFlight.current = false;
      setBusy(false);
    }
  };

  async function decide(decision: Decision) {
    if (!ask) return;
    setBusy(true);
    try {
      await ask.send(decision);
    } finally {
      setBusy(false);
    }
  }

  return { ask, error, busy, act, decide, setError };
}
