// Refusals answered before a caller is let through (no valid key or session, or the key past its
// rate limit) cost the sender nothing, so they are not recorded one entry each: anyone who can
// reach the server could grow the trail without bound. Each is tallied instead, in one entry per
// hour, door, capability, outcome and caller (none for an unauthenticated attempt): `count` says
// how many, `at` when the first came, `requestId` and `detail` are the latest's (its log line).
import type { Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { canonicalJson, sha256 } from "../crypto";
import type { ErrorCode } from "../contract/errors";
import { auditRow, type AuditTrail } from "./audit";

const HOUR_MS = 3_600_000;
const TALLIED: readonly ErrorCode[] = ["unauthenticated", "rate_limited"];

/** True for a refusal tallied rather than recorded: steps 1 and 2, before the brand is known. */
export const isTallied = (trail: AuditTrail, code: ErrorCode) => trail.brandId === undefined && TALLIED.includes(code);

export async function tallyRefusal(db: Tx, trail: AuditTrail, outcome: string, now: Date, detail?: string) {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const id = `tally_${sha256(
    canonicalJson({
      hour,
      door: trail.door,
      capabilityId: trail.capabilityId,
      outcome,
      userId: trail.userId ?? null,
      apiKeyId: trail.apiKeyId ?? null,
      app: trail.app?.clientId ?? null,
    }),
  )}`;
  const row = auditRow(id, trail, outcome, now, detail);
  const bump = () =>
    db.auditEntry.updateMany({
      where: { id },
      data: { count: { increment: 1 }, requestId: row.requestId, detail: row.detail },
    });
  if ((await bump()).count === 1) return;
  try {
    await db.auditEntry.create({ data: { ...row, count: 1 } });
  } catch (error) {
    // the hour's first two attempts raced: the loser counts itself in the winner's entry
    if (!isUniqueViolation(error)) throw error;
    await bump();
  }
}
