// The 402 a person gets when the AI budget refuses them (docs/design.md, plans and the AI budget):
// the brand's month is spent (everyone waits for the next month), or only their own share of it
// (AI_PERSON_SHARE_PERCENT, `reason: "person_share"`), while the brand's other members can still
// use the assistant and voice.
import { AppError } from "../contract/errors";
import type { BrandInfo } from "../contract/context";
import { db } from "../db/client";
import { planOf } from "../plans";
import { budgetMessage, budgetOf, monthOf, personLimitOf, type Refusal } from "./budget";

/** The error for a refused reservation, in words for the person refused. */
export async function budgetRefusal(
  brand: Pick<BrandInfo, "id" | "plan" | "name">,
  refusal: Refusal,
  now: Date,
): Promise<AppError> {
  if (refusal === "month")
    return new AppError("budget_exceeded", budgetMessage(brand.name, await budgetOf(brand, now)));
  const share = personLimitOf(planOf(brand.plan).aiTokensPerMonth);
  return new AppError(
    "budget_exceeded",
    `You have used your share of ${brand.name}'s assistant tokens for ${monthOf(now)} ` +
      `(${share.toLocaleString("en")} tokens, the most one person may use of the brand's month). ` +
      "Your assistant and voice are paused until next month; the others in the brand can still use theirs, and slash commands keep working.",
    { reason: "person_share" },
  );
}

/** Whether a turn-by-turn start would be refused now, without reserving anything (null: it would not). */
export async function spendingRefusal(
  brand: Pick<BrandInfo, "id" | "plan">,
  userId: string,
  now: Date,
): Promise<Refusal | null> {
  const budget = await budgetOf(brand, now);
  if (budget.exhausted) return "month";
  const mine = await db().aiPersonUsage.findUnique({
    where: { brandId_month_userId: { brandId: brand.id, month: budget.month, userId } },
    select: { tokens: true },
  });
  return (mine?.tokens ?? 0) >= personLimitOf(budget.limit) ? "person_share" : null;
}
