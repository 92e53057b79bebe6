// The AI budget (docs/design.md, plans and the AI budget): tokens the assistant's model used, per
// brand per calendar month (UTC), against the plan's aiTokensPerMonth, and per person against their
// share of it. The chat, Voice and brand.check's judgement (lib/model/judge.ts) spend it; slash
// commands never do.
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
 * Tokens set aside for one model call before it is made, so that parallel calls of one brand
 * cannot all pass the check and overspend. The rule that keeps a brand inside its month and a
 * person inside their share, whatever a provider reports:
 * - a reservation takes at most what is left of both, min(estimate, limit − used − reserved,
 *   share − the person's used − reserved), under the two rows' locks, and is refused when less
 *   than `atLeast` is left (a call that could not finish in the rest is not made);
 * - its settle charges what the provider reported, input and output tokens together, but at most
 *   the reservation, and releases the whole reservation.
 * So used plus reserved never passes either limit. A caller that can bound the call makes it fit:
 * the judge asks the model for no more output than the reservation leaves after its prompt
 * (lib/model/judge.ts). What a provider reports past a reservation is not charged: the service,
 * not the brand, carries an estimate that fell short. A process killed in between leaves its
 * reservation counted until the month ends (at most its estimate each).
 */
export type Reservation = { brandId: string; userId: string; month: string; tokens: number; settled: boolean };
/** Why tokens were not reserved: the brand's month is spent, or this person's share of it. */
export type Refusal = "month" | "person_share";

type Counted = { tokens: number | bigint; reserved: number | bigint };

export async function reserveTokens(
  brand: Pick<BrandInfo, "id" | "plan">,
  userId: string,
  estimate: number,
  now: Date,
  atLeast = 1,
): Promise<Reservation | Refusal> {
  const month = monthOf(now);
  const limit = planOf(brand.plan).aiTokensPerMonth;
  const share = personLimitOf(limit);
  const wanted = Math.max(1, Math.round(estimate));
  const needed = Math.min(wanted, Math.max(1, Math.round(atLeast)));
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "AiUsage" ("brandId", "month", "tokens", "reserved") VALUES (${brand.id}, ${month}, 0, 0) ON CONFLICT ("brandId", "month") DO NOTHING`;
    await tx.$executeRaw`INSERT INTO "AiPersonUsage" ("brandId", "month", "userId") VALUES (${brand.id}, ${month}, ${userId}) ON CONFLICT ("brandId", "month", "userId") DO NOTHING`;
    // a no-op write locks each row to the commit (PostgreSQL; SQLite has one writer), so what is
    // left cannot change between reading it and reserving from it; the brand's row first, then the
    // person's, as every statement here takes them (no deadlock)
    const [brandRow] = await tx.$queryRaw<Counted[]>`UPDATE "AiUsage" SET "reserved" = "reserved"
      WHERE "brandId" = ${brand.id} AND "month" = ${month} RETURNING "tokens", "reserved"`;
    const [personRow] = await tx.$queryRaw<Counted[]>`UPDATE "AiPersonUsage" SET "reserved" = "reserved"
      WHERE "brandId" = ${brand.id} AND "month" = ${month} AND "userId" = ${userId} RETURNING "tokens", "reserved"`;
    const monthLeft = limit - Number(brandRow!.tokens) - Number(brandRow!.reserved);
    const shareLeft = share - Number(personRow!.tokens) - Number(personRow!.reserved);
    if (monthLeft < needed) return "month" as const;
    if (shareLeft < needed) return "person_share" as const;
    const tokens = Math.min(wanted, monthLeft, shareLeft);
    await tx.$executeRaw`UPDATE "AiUsage" SET "reserved" = "reserved" + ${tokens}
      WHERE "brandId" = ${brand.id} AND "month" = ${month}`;
    await tx.$executeRaw`UPDATE "AiPersonUsage" SET "reserved" = "reserved" + ${tokens}
      WHERE "brandId" = ${brand.id} AND "month" = ${month} AND "userId" = ${userId}`;
    return { brandId: brand.id, userId, month, tokens, settled: false };
  });
}

/**
 * Replaces the reservation with the tokens the call really used, input and output (0 to release
 * it), once: never more than was reserved, which was never more than was left.
 */
export async function settleTokens(reservation: Reservation, used: number): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  const reported = Number.isFinite(used) && used > 0 ? Math.round(used) : 0;
  const spent = Math.min(reported, reservation.tokens);
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
      // a step without a reservation of its own (none should be) is charged through one, within what is left
      const reservation = open.shift() ?? (await reserveTokens(brand, userId, tokens, new Date()));
      if (typeof reservation !== "string") await settleTokens(reservation, tokens);
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
