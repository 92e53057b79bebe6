// Plans, in one table (decisions §9). A brand without a plan is on free.
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
