"use client";
// How widgets reach the server by themselves: on our page, the two routes of run.ts (as the
// signed-in person); inside an MCP host, tool calls through the host (components/mcp-app/calls.ts).
// One widget, two hosts: the widgets ask this context and never know which one they are in.
import { createContext, useContext } from "react";
import { decidePending, runCapability } from "./run";
import type { Answer, CallableId, Decision, InputOf, WidgetName } from "./types";

/**
 * A person's action taken in a card: which card (its tool call id) and the widget its step opens;
 * `inPlace` when the card itself shows the outcome, so the conversation keeps the person's view
 */
export type StepOrigin = { from?: string; widget?: WidgetName; inPlace?: boolean };

export type WidgetCalls = {
  /** a read the card makes for itself (a preview, the next page); every failure comes back as an error envelope */
  run<Id extends string>(
    capabilityId: CallableId<Id>,
    brand: string | undefined,
    input: InputOf<Id>,
  ): Promise<Answer<Id>>;
  /**
   * the person's own action in a card (Approve, Answer, Edit…): in a stored conversation it becomes
   * a step of it (`kept`, shown by the conversation, not by the card); elsewhere a plain run whose
   * result the card shows itself
   */
  act<Id extends string>(
    capabilityId: CallableId<Id>,
    brand: string | undefined,
    input: InputOf<Id>,
    origin?: StepOrigin,
  ): Promise<{ envelope: Answer<Id>; kept: boolean }>;
  /** the person's Confirm or Cancel on a pending call; `note`: their word with it, where `askedBy` is given */
  decide<Id extends string>(
    pendingId: string,
    decision: Decision,
    capabilityId: CallableId<Id>,
    note?: string,
  ): Promise<Answer<Id>>;
  /**
   * on the person's own pages, the key or app that asked for the pending call, in words: the card
   * offers a note to it with the decision (the caller reads it with confirmations.get) and says
   * Decline, since the person turns down someone else's request rather than their own
   */
  askedBy?: string;
};

/** Actions that are plain runs: the card shows what they gave (an MCP host, a page with no conversation). */
export const unkeptActs =
  (run: WidgetCalls["run"]): WidgetCalls["act"] =>
  async (capabilityId, brand, input) => ({ envelope: await run(capabilityId, brand, input), kept: false });

const WidgetCallsContext = createContext<WidgetCalls>({
  run: (id, brand, input) => runCapability(id, brand, input),
  act: unkeptActs((id, brand, input) => runCapability(id, brand, input)),
  decide: decidePending,
});

export const WidgetCallsProvider = WidgetCallsContext.Provider;

export function useWidgetCalls(): WidgetCalls {
  return useContext(WidgetCallsContext);
}
