"use client";
// The steps a person took inside the conversation's cards (stored as messages marked with the card
// they came from: lib/conversations/slash.ts), grouped by card. A step that continues its card's
// own flow (an upload's start and completion, in the upload card) is shown by that card and not on
// its own; when that card is gone from the page (a page-only card before a reload), its first step
// stands in for it.
import { createContext, useContext } from "react";
import type { UIMessage } from "ai";
import type { Step } from "@/components/widgets/card";
import type { CatalogueEntry, ToolEnvelope } from "@/components/widgets/types";

export type StepMetadata = { slash: string; from?: string; widget?: string };

export type Cards = {
  /** steps by the key of the card they were taken in */
  steps: ReadonlyMap<string, readonly Step[]>;
  /** messages shown by their card rather than on their own */
  absorbed: ReadonlySet<string>;
  /** steps standing in for a page-only card that is gone (shown as the command that opened it) */
  standIns: ReadonlySet<string>;
  /** messages read back from storage: their read cards check themselves before offering anything */
  stored: ReadonlySet<string>;
};

const CardsContext = createContext<Cards>({
  steps: new Map(),
  absorbed: new Set(),
  standIns: new Set(),
  stored: new Set(),
});
export const CardsProvider = CardsContext.Provider;
export const useCards = () => useContext(CardsContext);

type ToolPart = { type: string; toolCallId?: string; toolName?: string; input?: unknown; output?: unknown };

export const stepMetadata = (message: UIMessage) => message.metadata as StepMetadata | undefined;

/** Every card on the page (key → capability), from the messages' tool parts and the page-only cards. */
export function cardsOnPage(
  messages: UIMessage[],
  pageOnly: { key: string; capabilityId: string }[],
  byToolName: ReadonlyMap<string, CatalogueEntry>,
) {
  const cards = new Map(pageOnly.map((card) => [card.key, card.capabilityId]));
  for (const message of messages) {
    for (const part of message.parts as ToolPart[]) {
      if (!part.toolCallId || !(part.type.startsWith("tool-") || part.type === "dynamic-tool")) continue;
      const toolName = part.type === "dynamic-tool" ? String(part.toolName) : part.type.slice("tool-".length);
      cards.set(part.toolCallId, byToolName.get(toolName)?.id ?? toolName.replaceAll("_", "."));
    }
  }
  return cards;
}

export function groupSteps(
  messages: UIMessage[],
  cards: ReadonlyMap<string, string>,
): Pick<Cards, "steps" | "absorbed" | "standIns"> {
  const steps = new Map<string, Step[]>();
  const absorbed = new Set<string>();
  const leaders = new Set<string>();
  // a card gone from the page: the key of the step standing in for it
  const standIns = new Map<string, { key: string; capabilityId: string }>();
  for (const message of messages) {
    const from = stepMetadata(message)?.from;
    const part = (message.parts as ToolPart[]).find((candidate) => candidate.toolCallId);
    if (!from || !part?.toolCallId) continue;
    const step: Step = {
      messageId: message.id,
      capabilityId: stepMetadata(message)!.slash,
      input: (part.input ?? {}) as Record<string, unknown>,
      envelope: part.output as ToolEnvelope,
    };
    const source = cards.get(from);
    let key = from;
    if (source === undefined) {
      const standIn = standIns.get(from);
      if (!standIn) {
        standIns.set(from, { key: part.toolCallId, capabilityId: step.capabilityId });
        leaders.add(message.id);
        continue;
      }
      key = standIn.key;
      if (standIn.capabilityId === step.capabilityId) absorbed.add(message.id);
    } else if (source === step.capabilityId) absorbed.add(message.id);
    steps.set(key, [...(steps.get(key) ?? []), step]);
  }
  return { steps, absorbed, standIns: leaders };
}
