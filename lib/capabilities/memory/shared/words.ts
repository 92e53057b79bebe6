// The memory's closed lists and its review flow: pure, so the widgets read them too
// (components/widgets/memory.tsx).
import { reviewFlow } from "../../../review/flow";

export const MEMORY_STATUSES = ["pending", "accepted", "rejected"] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

/** Where a declaration came from: an answered question, the assistant's model, or a person. */
export const MEMORY_SOURCES = ["question", "assistant", "person"] as const;

export const SUBJECT_MAX = 80;
export const STATEMENT_MAX = 2000;

/** A declaration waits as pending; an accepted one is in the brand's memory. An answered question is accepted at once. */
export const MEMORY_REVIEW = reviewFlow({
  statuses: MEMORY_STATUSES,
  waiting: "pending",
  holding: ["accepted"],
  moves: {
    accept: { from: "pending", to: "accepted" },
    reject: { from: "pending", to: "rejected" },
  },
  noun: "declaration",
});
