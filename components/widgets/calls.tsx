"use client";
// How widgets reach the server by themselves: on our page, the two routes of run.ts (as the
// signed-in person); inside an MCP host, tool calls through the host (components/mcp-app/calls.ts).
// One widget, two hosts: the widgets ask this context and never know which one they are in.
import { createContext, useContext } from "react";
import { decidePending, runCapability } from "./run";
import type { Decision, ToolEnvelope } from "./types";

export type WidgetCalls = {
  /** runs a capability in the brand (short id); every failure comes back as an error envelope */
  run(capabilityId: string, brand: string | undefined, input: Record<string, unknown>): Promise<ToolEnvelope>;
  /** the person's Confirm or Cancel on a pending call */
  decide(pendingId: string, decision: Decision, capabilityId: string): Promise<ToolEnvelope>;
};

const WidgetCallsContext = createContext<WidgetCalls>({ run: (id, brand, input) => runCapability(id, brand, input), decide: decidePending });

export const WidgetCallsProvider = WidgetCallsContext.Provider;

export function useWidgetCalls(): WidgetCalls {
  return useContext(WidgetCallsContext);
}
