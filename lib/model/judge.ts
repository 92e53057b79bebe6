// What capabilities reach of the assistant's model, through ctx.judge: one question, one answer in
// text, within the brand's AI budget (the tokens reserved before the call and settled with what it
// used, as the chat does). It never throws for the budget or the provider: a capability that asks
// (brand.check) says what it could not judge instead (decisions §6: no capability call is blocked
// by the budget).
import { generateText } from "ai";
import type { JudgePort } from "../contract/context";
import { config } from "../config";
import { assistantModel, assistantModelName } from "./provider";
import { reserveTokens, settleTokens } from "./budget";

/** a judgement is one short answer: a slow provider must not hold the capability call */
const JUDGE_TIMEOUT_MS = 30_000;
const MAX_OUTPUT_TOKENS = 1500;

export const judgePort: JudgePort = {
  async ask({ brand, userId, system, prompt, now }) {
    const model = assistantModel();
    if (!model) return { refused: "no_model" };
    const reservation = await reserveTokens(brand, userId, config().AI_RESERVE_TOKENS, now);
    if (typeof reservation === "string") return { refused: "no_budget" };
    let used = 0;
    try {
      const result = await generateText({
        model,
        system,
        prompt,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
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
