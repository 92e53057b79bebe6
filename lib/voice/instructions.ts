// The voice model's standing instructions: the chat's (same brand, person, order of work, rules on
// confirmation), plus what speaking changes. A spoken "yes" confirms nothing: only the person's
// press of Confirm on the card on screen runs a write (README "Voice", why).
import type { BrandInfo } from "../contract/context";
import type { Role } from "../contract/roles";
import { systemPrompt } from "../assistant/system-prompt";

export function voiceInstructions(
  brand: Pick<BrandInfo, "name" | "shortId">,
  person: { name: string; role: Role | null },
): string {
  return [
    systemPrompt(brand, person),
    "You are speaking aloud in a voice conversation: answer in one to three short spoken sentences, no lists, no markdown, no ids.",
    "Results of your tools are shown on the person's screen as cards: say what matters and point to the card.",
    "When a tool answers awaiting_confirmation, read its summary back and ask the person to press Confirm on the card on screen (or Cancel). " +
      "A spoken yes does not confirm anything and you cannot confirm for them. You will be told the outcome once they decide: then say whether it was written or not.",
  ].join("\n");
}
