// The AI budget (decisions §6, §9): tokens the assistant's model used, per brand per calendar month
// (UTC), against the plan's aiTokensPerMonth. Only the chat spends it; slash commands never do.
import { db } from "../db/client";
import { planOf } from "../plans";
import type { BrandInfo } from "../capabilities/define";

/** "YYYY-MM" of a moment, in UTC. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export type Budget = { month: string; used: number; limit: number; exhausted: boolean };

export async function budgetOf(brand: Pick<BrandInfo, "id" | "plan">, now: Date): Promise<Budget> {
  const month = monthOf(now);
  const row = await db().aiUsage.findUnique({ where: { brandId_month: { brandId: brand.id, month } } });
  const used = row?.tokens ?? 0;
  const limit = planOf(brand.plan).aiTokensPerMonth;
  return { month, used, limit, exhausted: used >= limit };
}

/**
 * Adds tokens to this month's count in one statement (no read-modify-write), so concurrent chats
 * of one brand never lose an increment. Portable SQL: SQLite and PostgreSQL both upsert this way.
 */
export async function recordUsage(brandId: string, tokens: number, now: Date): Promise<void> {
  if (!Number.isFinite(tokens) || tokens <= 0) return;
  const month = monthOf(now);
  const amount = Math.round(tokens);
  await db().$executeRaw`INSERT INTO "AiUsage" ("brandId", "month", "tokens") VALUES (${brandId}, ${month}, ${amount})
    ON CONFLICT ("brandId", "month") DO UPDATE SET "tokens" = "AiUsage"."tokens" + excluded."tokens"`;
}

/** The sentence the chat shows when the month's tokens are spent. */
export function budgetMessage(brandName: string, budget: Budget): string {
  return `${brandName} has used its ${budget.limit.toLocaleString("en")} assistant tokens for ${budget.month}. ` +
    "The assistant's model is paused until next month (or a larger plan); slash commands keep working.";
}
