// What capabilities reach of the assistant's model, through ctx.judge: one question, one answer in
// text, within the brand's AI budget and the caller's share of it (the tokens reserved before the
// call and settled with what it used, as the chat does). It never throws for the budget or the
// provider: a capability that asks (brand.check) says what it could not judge instead (decisions
// §6: no capability call is blocked by the budget).
import { generateText } from "ai";
import type { JudgePort } from "../contract/context";
import { assistantModel, assistantModelName } from "./provider";
import { reserveTokens, settleTokens } from "./budget";

/** a judgement is one short answer: a slow provider must not hold the capability call */
const JUDGE_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_TOKENS = 1500;
/** the least output worth asking for (a few findings): with less left, the model is not asked */
const MIN_OUTPUT_TOKENS = 200;

/**
 * A generous guess of a prompt's tokens before it is sent: one per 3 bytes of UTF-8 (English runs
 * about 4 characters a token) and a few for each message's framing. It sizes the reservation and
 * the output the model may give within it; the charge is what the provider reports, at most the
 * reservation (lib/model/budget.ts).
 */
function promptTokensOf(...messages: string[]): number {
  return messages.reduce((sum, text) => sum + Math.ceil(Buffer.byteLength(text, "utf8") / 3) + 8, 0);
}

export const judgePort: JudgePort = {
  async ask({ brand, userId, system, prompt, now }) {
    const model = assistantModel();
    if (!model) return { refused: "no_model" };
    const prompted = promptTokensOf(system, prompt);
    // at most what is left of the brand's month and of this person's share; too little for the
    // prompt and a short answer, and the model is not asked at all
    const reservation = await reserveTokens(
      brand,
      userId,
      prompted + MAX_OUTPUT_TOKENS,
      now,
      prompted + MIN_OUTPUT_TOKENS,
    );
    if (reservation === "month") return { refused: "no_budget" };
    if (reservation === "person_share") return { refused: "person_share" };
    let used = 0;
    try {
      const result = await generateText({
        model,
        system,
        prompt,
        // the answer fits in what the prompt leaves of the reservation
        maxOutputTokens: reservation.tokens - prompted,
        abortSignal: AbortSignal.timeout(JUDGE_TIMEOUT_MS),
      });
      used = result.usage.totalTokens ?? (result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0);
      return { text: result.text, model: assistantModelName() };
    } catch {
      return { refused: "failed" };
    } finally {
      await settleTokens(reservation, used);
    }
  },
};
