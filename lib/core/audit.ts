// An audit record for every write attempt: who, with which key, through which door, on which
// brand, and how it ended. Successful writes record it in their own transaction.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import type { Touched } from "../contract/define";

export type AuditTrail = {
  requestId: string;
  door: string;
  capabilityId: string;
  userId?: string;
  apiKeyId?: string | null;
  /** the OAuth client acting for the person (MCP door): named in the record */
  app?: { clientId: string; name: string };
  brandId?: string;
};

/**
 * Text of the record that may echo what a caller sent (a refusal names a field as it was sent) or
 * was cut mid-character: U+0000 (PostgreSQL refuses it: the attempt's record was lost) and lone
 * surrogates become U+FFFD. The answer to the caller keeps the message as it was.
 */
const storable = (text: string) => text.replaceAll("\u0000", "\uFFFD").replace(/\p{Cs}/gu, "\uFFFD");

export async function recordAudit(
  db: Tx,
  trail: AuditTrail,
  outcome: string,
  now: Date,
  detail?: string,
  summary?: string,
  target?: Touched,
  id: string = randomUUID(),
): Promise<void> {
  await db.auditEntry.create({ data: auditRow(id, trail, outcome, now, detail, summary, target) });
}

/** One entry's columns (lib/core/audit-tally.ts writes its tallies with them too). */
export function auditRow(
  id: string,
  trail: AuditTrail,
  outcome: string,
  now: Date,
  detail?: string,
  summary?: string,
  target?: Touched,
) {
  return {
    id,
    at: now,
    requestId: trail.requestId,
    door: trail.door,
    capabilityId: trail.capabilityId,
    userId: trail.userId ?? null,
    apiKeyId: trail.apiKeyId ?? null,
    appClientId: trail.app?.clientId ?? null,
    appName: trail.app ? storable(trail.app.name.slice(0, 200)) : null,
    brandId: trail.brandId ?? null,
    outcome,
    detail: detail === undefined ? null : storable(detail),
    summary: summary === undefined ? null : storable(summary.slice(0, 1000)),
    target: target ? `${target.kind}:${target.id}` : null,
  };
}
