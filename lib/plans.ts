// Plans, in one table (docs/design.md, plans and the AI budget). A brand without a plan is on free.
const GiB = 1024 ** 3;

export const PLANS = {
  free: { storageBytes: 1 * GiB, aiTokensPerMonth: 200_000 },
  pro: { storageBytes: 50 * GiB, aiTokensPerMonth: 5_000_000 },
  enterprise: { storageBytes: 1024 * GiB, aiTokensPerMonth: 50_000_000 },
} as const;

export type PlanName = keyof typeof PLANS;

export function isPlan(name: string): name is PlanName {
  return Object.hasOwn(PLANS, name);
}

export function planOf(name: string | null): (typeof PLANS)[PlanName] {
  return name && isPlan(name) ? PLANS[name] : PLANS.free;
}

/** "YYYY-MM" of a moment, in UTC: the AI budget's month (docs/design.md, plans and the AI budget). */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * The most one person may spend of a brand's month (`percent`: AI_PERSON_SHARE_PERCENT), so one
 * person in a loop cannot lock every other member out until the month ends.
 */
export function personShareOf(limit: number, percent: number): number {
  return Math.floor((limit * percent) / 100);
}
