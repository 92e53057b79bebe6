// What one reservation of the AI budget may take (lib/model/budget.ts): at most what is left of the
// brand's month and of the person's share, nothing when less is left than the call needs, and a
// settle charges at most what was reserved, so the counts never pass either limit whatever the
// provider reports. Before, a reservation took its whole estimate while the counts were under the
// limits, and its settle charged what the provider reported: the brand went over by a call's worth.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { monthOf, type Reservation, reserveTokens, settleTokens } from "../../lib/model/budget";
import { PLANS } from "../../lib/plans";
import { makeBrand } from "../support/world";

const LIMIT = PLANS.free.aiTokensPerMonth;
// AI_PERSON_SHARE_PERCENT's default, 50
const SHARE = LIMIT / 2;

async function spent(brandTokens: number, person?: { userId: string; tokens: number }) {
  const brand = await makeBrand();
  const month = monthOf(new Date());
  await db().aiUsage.create({ data: { brandId: brand.id, month, tokens: brandTokens } });
  if (person) await db().aiPersonUsage.create({ data: { brandId: brand.id, month, ...person } });
  // no plan: the free plan's month
  return { id: brand.id, plan: null };
}

const monthOfBrand = (brandId: string) =>
  db().aiUsage.findUniqueOrThrow({
    where: { brandId_month: { brandId, month: monthOf(new Date()) } },
    select: { tokens: true, reserved: true },
  });
const personOf = (brandId: string, userId: string) =>
  db().aiPersonUsage.findUniqueOrThrow({
    where: { brandId_month_userId: { brandId, month: monthOf(new Date()), userId } },
    select: { tokens: true, reserved: true },
  });

const taken = (reservation: Reservation | string): Reservation => {
  expect(typeof reservation, String(reservation)).toBe("object");
  return reservation as Reservation;
};

describe("one reservation of the AI budget", () => {
  it("takes at most what is left of the brand's month, and its settle charges at most what it took", async () => {
    const brand = await spent(LIMIT - 1000);
    const person = randomUUID();
    const reservation = taken(await reserveTokens(brand, person, 4000, new Date()));
    expect(reservation.tokens).toBe(1000);
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: LIMIT - 1000, reserved: 1000 });
    // the provider reports more than was reserved: the month is charged what was left, no more
    await settleTokens(reservation, 5000);
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: LIMIT, reserved: 0 });
    expect(await personOf(brand.id, person)).toEqual({ tokens: 1000, reserved: 0 });
    expect(await reserveTokens(brand, person, 4000, new Date())).toBe("month");
    expect(await reserveTokens(brand, randomUUID(), 1, new Date())).toBe("month");
  });

  it("takes at most what is left of the person's share; past it they are refused while another person reserves", async () => {
    const person = randomUUID();
    const brand = await spent(SHARE - 300, { userId: person, tokens: SHARE - 300 });
    const mine = taken(await reserveTokens(brand, person, 4000, new Date()));
    expect(mine.tokens).toBe(300);
    expect(await reserveTokens(brand, person, 4000, new Date())).toBe("person_share");
    const other = taken(await reserveTokens(brand, randomUUID(), 4000, new Date()));
    expect(other.tokens).toBe(4000);
    await settleTokens(mine, 1_000_000);
    await settleTokens(other, 0);
    expect(await personOf(brand.id, person)).toEqual({ tokens: SHARE, reserved: 0 });
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: SHARE, reserved: 0 });
  });

  it("takes nothing when less is left than the call needs, and says which limit", async () => {
    const person = randomUUID();
    const brand = await spent(LIMIT - 300, { userId: person, tokens: SHARE - 300 });
    expect(await reserveTokens(brand, person, 4000, new Date(), 500)).toBe("month");
    const roomy = await spent(SHARE - 300, { userId: person, tokens: SHARE - 300 });
    expect(await reserveTokens(roomy, person, 4000, new Date(), 500)).toBe("person_share");
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: LIMIT - 300, reserved: 0 });
    expect(await monthOfBrand(roomy.id)).toEqual({ tokens: SHARE - 300, reserved: 0 });
    // what is left, when it is enough
    expect(taken(await reserveTokens(roomy, person, 4000, new Date(), 300)).tokens).toBe(300);
  });

  it("parallel reservations together take at most what is left, and their settles never pass the month", async () => {
    const brand = await spent(LIMIT - 1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => reserveTokens(brand, `person-${index}`, 400, new Date())),
    );
    const reservations = answers.filter((answer): answer is Reservation => typeof answer === "object");
    expect(reservations.map((reservation) => reservation.tokens).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((answer) => answer === "month").length).toBe(7);
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: LIMIT - 1000, reserved: 1000 });
    await Promise.all(reservations.map((reservation) => settleTokens(reservation, 400)));
    expect(await monthOfBrand(brand.id)).toEqual({ tokens: LIMIT, reserved: 0 });
  });
});
