// How the chat page groups the steps a person took inside cards (components/chat/steps.tsx) and
// which records a card shows (components/widgets/truth.tsx): pure functions, no browser.
import type { UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { groupSteps } from "../../components/chat/steps";
import { idsShown } from "../../components/widgets/truth";

const step = (id: string, capabilityId: string, from: string, input: Record<string, unknown> = {}): UIMessage => ({
  id,
  role: "assistant",
  metadata: { slash: capabilityId, from },
  parts: [
    {
      type: `tool-${capabilityId.replaceAll(".", "_")}`,
      toolCallId: `slash-${id}`,
      state: "output-available",
      input,
      output: { status: "ok", capabilityId, data: {} },
    } as UIMessage["parts"][number],
  ],
});

describe("steps of the conversation's cards", () => {
  it("a step continuing its card's own flow is shown by the card; another capability's is shown on its own", () => {
    const cards = new Map([
      ["upload-card", "library.upload.create"],
      ["list-card", "brand.contacts.list"],
    ]);
    const messages = [
      step("a", "library.upload.create", "upload-card", { step: "start" }),
      step("b", "library.upload.create", "upload-card", { step: "complete" }),
      step("c", "brand.contacts.save", "list-card", { id: "x" }),
    ];
    const { steps, absorbed, standIns } = groupSteps(messages, cards);
    expect([...absorbed]).toEqual(["a", "b"]);
    expect(standIns.size).toBe(0);
    expect(steps.get("upload-card")!.map((s) => s.input.step)).toEqual(["start", "complete"]);
    expect(steps.get("list-card")!.map((s) => s.capabilityId)).toEqual(["brand.contacts.save"]);
  });

  it("when the card is gone (a page-only card before a reload), its first step stands in for it", () => {
    const messages = [
      step("a", "library.upload.create", "gone", { step: "start" }),
      step("b", "library.upload.create", "gone", { step: "complete" }),
      step("c", "library.asset.get", "gone"),
    ];
    const { steps, absorbed, standIns } = groupSteps(messages, new Map());
    expect([...standIns]).toEqual(["a"]);
    expect([...absorbed]).toEqual(["b"]); // the review it opened stays a step of its own
    expect(steps.get("slash-a")!.map((s) => s.messageId)).toEqual(["b", "c"]);
  });
});

describe("the records a card shows", () => {
  it("every id field of its input and data, rows included, lower-cased, once", () => {
    const ids = idsShown(
      { assetId: "AB-1" },
      {
        items: [
          { id: "c1", label: "x" },
          { id: "c2", nested: { questionId: "q1" } },
        ],
        id: "c1",
      },
    );
    expect(ids).toEqual(["ab-1", "c1", "c2", "q1"]);
    expect(idsShown(undefined, "text", 3)).toEqual([]);
  });
});
