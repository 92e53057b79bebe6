"use client";
// Undo where a write is shown: the card a confirmed write leaves in the chat and each
// Activity row that can be taken back offer it. It proposes activity.undo like any write, so the
// person confirms what will come back in words; a refusal (changed since, too old) reads in words.
import { Propose } from "./row-actions";

export function UndoOffer({ activityId, brand, what }: { activityId: string; brand: string; what?: string }) {
  return (
    <div className="undo-offer" data-testid="undo-offer">
      <Propose
        brand={brand}
        label={what ? `Undo: ${what}` : "Undo"}
        testId="undo"
        capabilityId="activity.undo"
        input={{ activityId }}
      />
    </div>
  );
}
