"use client";
// The widgets' calls on the chat page: every answer reports the record a write touched (truth.tsx),
// a decision on a pending call is written into the card that showed it (as the server writes it
// into the stored conversation), and an action taken in a card is run in the open conversation and
// kept there as a step (the run route records it, the same path as a slash command).
import { useMemo, useRef } from "react";
import { unkeptActs, type StepOrigin, type WidgetCalls } from "@/components/widgets/calls";
import { decidePending, runCapability } from "@/components/widgets/run";
import { useReportTouched } from "@/components/widgets/truth";
import type { ToolEnvelope } from "@/components/widgets/types";
import type { UIMessage } from "ai";

type Options = {
  conversationId: string;
  /** a kept step, as the server stored it */
  onStep: (
    step: { id: string; capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope } & StepOrigin,
  ) => void;
  /** a pending call's decision, for the card that shows it */
  onDecided: (pendingId: string, outcome: ToolEnvelope) => void;
};

export function useConversationCalls({ conversationId, onStep, onDecided }: Options): WidgetCalls {
  const report = useReportTouched();
  // the latest callbacks, without making every card's calls new on each render
  const latest = useRef({ conversationId, onStep, onDecided });
  latest.current = { conversationId, onStep, onDecided };
  return useMemo<WidgetCalls>(() => {
    const run: WidgetCalls["run"] = async (capabilityId, brand, input) =>
      report(await runCapability(capabilityId, brand, input));
    const plainAct = unkeptActs(run);
    return {
      run,
      async act(capabilityId, brand, input, origin = {}) {
        // a card's action without a brand (none today) is not kept: the conversation belongs to a brand
        if (!brand) return plainAct(capabilityId, brand, input);
        const id = crypto.randomUUID();
        // the server keeps where a step came from; how the page shows it is the page's own business
        const { inPlace: _shownInCard, ...kept } = origin;
        const envelope = report(
          await runCapability(capabilityId, brand, input, {
            conversationId: latest.current.conversationId,
            messageId: id,
            ...kept,
          }),
        );
        // a refusal stays in the card, to be fixed there; the server kept nothing of it
        if (envelope.status === "error") return { envelope, kept: false };
        latest.current.onStep({ id, capabilityId, input, envelope, ...origin });
        return { envelope, kept: true };
      },
      async decide(pendingId, decision, capabilityId) {
        const outcome = report(await decidePending(pendingId, decision, capabilityId));
        latest.current.onDecided(pendingId, outcome);
        return outcome;
      },
    };
  }, [report]);
}

type Part = UIMessage["parts"][number] & { output?: unknown; state?: string };

/** The messages with a decided pending call's card showing its outcome (a confirmation still running stays). */
export function withDecision(messages: UIMessage[], pendingId: string, outcome: ToolEnvelope): UIMessage[] {
  if (outcome.status === "error" && outcome.error.code === "unavailable") return messages;
  return messages.map((message) => {
    const parts = (message.parts as Part[]).map((part) =>
      (part.output as { pendingId?: unknown } | undefined)?.pendingId === pendingId
        ? ({ ...part, state: "output-available", output: outcome } as Part)
        : part,
    );
    return parts.some((part, index) => part !== message.parts[index]) ? { ...message, parts } : message;
  });
}
