// A membership counts until its accessUntil (a time-boxed access ends by itself): every Prisma read
// of "is this person in the brand" adds this condition, as the pipeline's raw check does
// (lib/core/access.ts).

/** The where-condition of a membership whose access has not ended at `now`. */
export const liveMembership = (now: Date) => ({ OR: [{ accessUntil: null }, { accessUntil: { gt: now } }] });
