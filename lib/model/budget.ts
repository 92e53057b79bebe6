// The AI budget (decisions §6, §9): tokens the assistant's model used, per brand per calendar month
// (UTC), against the plan's aiTokensPerMonth. The chat and Voice spend it; slash commands never do.
import { db, type Tx } from "../db/client";
import { config } from "../config";
import { monthOf, personShareOf, planOf } from "../plans";
import type { BrandInfo } from "../contract/context";

export { monthOf };

export type Budget = { month: string; used: number; limit: number; exhausted: boolean };

export async function budgetOf(brand: Pick<BrandInfo, "id" | "plan">, now: Date): Promise<Budget> {
  const month = monthOf(now);
  const row = await db().aiUsage.findUnique({ where: { brandId_month: { brandId: brand.id, month } } });
  const used = row?.tokens ?? 0;
  const limit = planOf(brand.plan).aiTokensPerMonth;
  return { month, used, limit, exhausted: used >= limit };
}

/** The most one person may spend of a brand's month: AI_PERSON_SHARE_PERCENT of its limit. */
export function personLimitOf(limit: number): number {
  return personShareOf(limit, config().AI_PERSON_SHARE_PERCENT);
}

/**
 * Adds tokens to this month's count of the brand and of the person, each in one statement (no
 * read-modify-write), so concurrent chats of one brand never lose an increment. Portable SQL:
 * SQLite and PostgreSQL both upsert this way.
 */
export async function recordUsage(brandId: string, userId: string, tokens: number, now: Date): Promise<void> {
  if (!Number.isFinite(tokens) || tokens <= 0) return;
  const month = monthOf(now);
  const amount = Math.round(tokens);
  await db().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "AiUsage" ("brandId", "month", "tokens") VALUES (${brandId}, ${month}, ${amount})
      ON CONFLICT ("brandId", "month") DO UPDATE SET "tokens" = "AiUsage"."tokens" + excluded."tokens"`;
    await tx.$executeRaw`INSERT INTO "AiPersonUsage" ("brandId", "month", "userId", "tokens") VALUES (${brandId}, ${month}, ${userId}, ${amount})
      ON CONFLICT ("brandId", "month", "userId") DO UPDATE SET "tokens" = "AiPersonUsage"."tokens" + excluded."tokens"`;
  });
}

/**
 * Tokens set aside for one model call before it is made, so that parallel calls of one brand
 * cannot all pass the check and overspend: one conditional statement takes the reservation only
 * while the month's used and reserved tokens together are below the limit (so the brand can go
 * over by at most one reservation's worth of calls in flight), and another, in the same
 * transaction, while the person's are below their share. Settled with what the provider
 * reported once the call is done, or released. A process killed in between leaves its
 * reservation counted until the month ends (at most AI_RESERVE_TOKENS each).
 */
export type Reservation = { brandId: string; userId: string; month: string; tokens: number; settled: boolean };
/** Why tokens were not reserved: the brand's month is spent, or this person's share of it. */
export type Refusal = "month" | "person_share";

class ShareSpent extends Error {}

export async function reserveTokens(
  brand: Pick<BrandInfo, "id" | "plan">,
  userId: string,
  estimate: number,
  now: Date,
): Promise<Reservation | Refusal> {
  const month = monthOf(now);
  const limit = planOf(brand.plan).aiTokensPerMonth;
  const share = personLimitOf(limit);
  const amount = Math.max(1, Math.round(estimate));
  try {
    return await db().$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "AiUsage" ("brandId", "month", "tokens", "reserved") VALUES (${brand.id}, ${month}, 0, 0) ON CONFLICT ("brandId", "month") DO NOTHING`;
      await tx.$executeRaw`INSERT INTO "AiPersonUsage" ("brandId", "month", "userId") VALUES (${brand.id}, ${month}, ${userId}) ON CONFLICT ("brandId", "month", "userId") DO NOTHING`;
      // the brand's row first, then the person's, as every statement here takes them (no deadlock)
      const taken = await tx.$executeRaw`UPDATE "AiUsage" SET "reserved" = "reserved" + ${amount}
        WHERE "brandId" = ${brand.id} AND "month" = ${month} AND "tokens" + "reserved" < ${limit}`;
      if (taken !== 1) return "month" as const;
      const mine = await tx.$executeRaw`UPDATE "AiPersonUsage" SET "reserved" = "reserved" + ${amount}
        WHERE "brandId" = ${brand.id} AND "month" = ${month} AND "userId" = ${userId} AND "tokens" + "reserved" < ${share}`;
      // undoes the brand's reservation with the transaction
      if (mine !== 1) throw new ShareSpent();
      return { brandId: brand.id, userId, month, tokens: amount, settled: false };
    });
  } catch (error) {
    if (error instanceof ShareSpent) return "person_share";
    throw error;
  }
}

/** Replaces the reservation with the tokens the call really used (0 to release it), once. */
export async function settleTokens(reservation: Reservation, used: number): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  const spent = Number.isFinite(used) && used > 0 ? Math.round(used) : 0;
  await db().$transaction((tx) => drawReserved(tx, reservation, spent, reservation.tokens));
}

/**
 * One step of a reservation that is spent piece by piece (a realtime voice session,
 * lib/voice/reservation.ts): `spent` tokens join the month's used count and `released` leave its
 * reserved count, the brand's and the person's, inside the caller's transaction.
 */
export async function drawReserved(
  database: Tx,
  where: { brandId: string; userId: string; month: string },
  spent: number,
  released: number,
): Promise<void> {
  await database.$executeRaw`UPDATE "AiUsage" SET "tokens" = "tokens" + ${spent},
    "reserved" = CASE WHEN "reserved" > ${released} THEN "reserved" - ${released} ELSE 0 END
    WHERE "brandId" = ${where.brandId} AND "month" = ${where.month}`;
  await database.$executeRaw`UPDATE "AiPersonUsage" SET "tokens" = "tokens" + ${spent},
    "reserved" = CASE WHEN "reserved" > ${released} THEN "reserved" - ${released} ELSE 0 END
    WHERE "brandId" = ${where.brandId} AND "month" = ${where.month} AND "userId" = ${where.userId}`;
}

/**
 * A model loop's reservations (AI SDK `stopWhen` / `onStepEnd`): the first is taken before the
 * loop, each next one before the loop continues (a refused one stops it), each settled in order
 * with its step's usage; whatever is left is released when the loop ends.
 */
export function meteredSteps(brand: Pick<BrandInfo, "id" | "plan">, userId: string, estimate: number) {
  const open: Reservation[] = [];
  const take = async (now: Date): Promise<Refusal | null> => {
    const reservation = await reserveTokens(brand, userId, estimate, now);
    if (typeof reservation === "string") return reservation;
    open.push(reservation);
    return null;
  };
  return {
    /** the first model call's reservation: null once taken, else why it was refused */
    first: take,
    /** a stop condition: reserve for the next model call, or stop */
    async next(): Promise<boolean> {
      return (await take(new Date())) !== null;
    },
    async stepDone(tokens: number): Promise<void> {
      const reservation = open.shift();
      if (reservation) await settleTokens(reservation, tokens);
      else await recordUsage(brand.id, userId, tokens, new Date());
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
