// The AI budget (decisions §6, §9): tokens the assistant's model used, per brand per calendar month
// (UTC), against the plan's aiTokensPerMonth. The chat and Voice spend it; slash commands never do.
import { db, type Tx } from "../db/client";
import { planOf } from "../plans";
import type { BrandInfo } from "../contract/context";

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

/**
 * Tokens set aside for one model call before it is made, so that parallel calls of one brand
 * cannot all pass the check and overspend: one conditional statement takes the reservation only
 * while the month's used and reserved tokens together are below the limit (so the brand can go
 * over by at most one reservation's worth of calls in flight). Settled with what the provider
 * reported once the call is done, or released. A process killed in between leaves its
 * reservation counted until the month ends (at most AI_RESERVE_TOKENS each).
 */
export type Reservation = { brandId: string; month: string; tokens: number; settled: boolean };

export async function reserveTokens(
  brand: Pick<BrandInfo, "id" | "plan">,
  estimate: number,
  now: Date,
): Promise<Reservation | null> {
  const month = monthOf(now);
  const limit = planOf(brand.plan).aiTokensPerMonth;
  const amount = Math.max(1, Math.round(estimate));
  await db()
    .$executeRaw`INSERT INTO "AiUsage" ("brandId", "month", "tokens", "reserved") VALUES (${brand.id}, ${month}, 0, 0) ON CONFLICT ("brandId", "month") DO NOTHING`;
  const taken = await db().$executeRaw`UPDATE "AiUsage" SET "reserved" = "reserved" + ${amount}
    WHERE "brandId" = ${brand.id} AND "month" = ${month} AND "tokens" + "reserved" < ${limit}`;
  return taken === 1 ? { brandId: brand.id, month, tokens: amount, settled: false } : null;
}

/** Replaces the reservation with the tokens the call really used (0 to release it), once. */
export async function settleTokens(reservation: Reservation, used: number): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  await drawReserved(db(), reservation, Number.isFinite(used) && used > 0 ? Math.round(used) : 0, reservation.tokens);
}

/**
 * One step of a reservation that is spent piece by piece (a realtime voice session,
 * lib/voice/reservation.ts): `spent` tokens join the month's used count and `released` leave its
 * reserved count, in one statement, inside the caller's transaction when it passes one.
 */
export async function drawReserved(
  database: Tx,
  where: { brandId: string; month: string },
  spent: number,
  released: number,
): Promise<void> {
  await database.$executeRaw`UPDATE "AiUsage" SET "tokens" = "tokens" + ${spent},
    "reserved" = CASE WHEN "reserved" > ${released} THEN "reserved" - ${released} ELSE 0 END
    WHERE "brandId" = ${where.brandId} AND "month" = ${where.month}`;
}

/**
 * A model loop's reservations (AI SDK `stopWhen` / `onStepEnd`): the first is taken before the
 * loop, each next one before the loop continues (a refused one stops it), each settled in order
 * with its step's usage; whatever is left is released when the loop ends.
 */
export function meteredSteps(brand: Pick<BrandInfo, "id" | "plan">, estimate: number) {
  const open: Reservation[] = [];
  return {
    async first(now: Date): Promise<boolean> {
      const reservation = await reserveTokens(brand, estimate, now);
      if (reservation) open.push(reservation);
      return reservation !== null;
    },
    /** a stop condition: reserve for the next model call, or stop */
    async next(): Promise<boolean> {
      const reservation = await reserveTokens(brand, estimate, new Date());
      if (reservation) open.push(reservation);
      return reservation === null;
    },
    async stepDone(tokens: number): Promise<void> {
      const reservation = open.shift();
      if (reservation) await settleTokens(reservation, tokens);
      else await recordUsage(brand.id, tokens, new Date());
    },
    async releaseAll(): Promise<void> {
      for (const reservation of open.splice(0)) await settleTokens(reservation, 0);
    },
  };
}

/** The sentence the chat shows when the month's tokens are spent. */
export function budgetMessage(brandName: string, budget: Budget): string {
  return (
    `${brandName} has used its ${budget.limit.toLocaleString("en")} assistant tokens for ${budget.month}. ` +
    "The assistant's model is paused until next month (or a larger plan); slash commands keep working."
  );
}
