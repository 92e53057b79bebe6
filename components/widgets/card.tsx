"use client";
// A card of the conversation: its key (the tool call id of its part, or a page-only card's key),
// the steps the person took in it (stored as steps of the conversation, lib/conversations/slash.ts)
// and whether it was read back from storage (then it may be stale: fresh.tsx reads it again).
// Actions taken inside it are sent with its key, so the conversation knows where each came from.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useWidgetCalls, WidgetCallsProvider, type WidgetCalls } from "./calls";
import type { ToolEnvelope } from "./types";

/** One action the person took in a card, as the conversation keeps it. */
export type Step = { messageId: string; capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope };

type Card = { key: string | null; steps: readonly Step[] };
const CardContext = createContext<Card>({ key: null, steps: [] });

export function CardScope({
  cardKey,
  steps,
  children,
}: {
  cardKey: string;
  steps: readonly Step[];
  children: ReactNode;
}) {
  const parent = useWidgetCalls();
  const calls = useMemo<WidgetCalls>(
    () => ({
      ...parent,
      act: (id, brand, input, origin) => parent.act(id, brand, input, { ...origin, from: cardKey }),
    }),
    [parent, cardKey],
  );
  const card = useMemo(() => ({ key: cardKey, steps }), [cardKey, steps]);
  return (
    <CardContext.Provider value={card}>
      <WidgetCallsProvider value={calls}>{children}</WidgetCallsProvider>
    </CardContext.Provider>
  );
}

/** The steps taken in the card around this widget (none outside a conversation). */
export const useCardSteps = () => useContext(CardContext).steps;

/** Whether one of these steps still waits for the person's Confirm (the card's own buttons wait too). */
export const awaiting = (steps: readonly Step[], about: (step: Step) => boolean = () => true) =>
  steps.some((step) => step.envelope.status === "awaiting_confirmation" && about(step));
