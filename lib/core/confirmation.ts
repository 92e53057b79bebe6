// Confirmation tokens (docs/design.md, confirmation): single use, bound to caller + brand +
// capability + the canonical input (and the rows the write names, as the person saw them), valid 10
// minutes. Only the token's hash is stored.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { db as database, type Tx } from "../db/client";
import { canonicalJson, randomBase62, sha256 } from "../crypto";

export const CONFIRMATION_TTL_MS = 10 * 60_000;

/**
 * What a token allows: this caller's call of this capability with this input in this brand, and
 * (`seen`, when the write names rows: lib/contract/define.ts `undo.records`) on those rows as they
 * were when the person was asked. A token presented once they changed is not valid for the call:
 * the person is asked again, about the rows as they are now (or told why the call fails now).
 */
export type Binding = { caller: string; brandId: string; capabilityId: string; input: unknown; seen?: string };

/**
 * The stored binding: the call's hash, then (after a colon) the rows' fingerprint when the write
 * names rows, so a check can tell a token of another call from one of this call on changed rows.
 * A token without the second part (none named) is bound to the call alone.
 */
export function bindingHash({ seen, ...call }: Binding): string {
  const hash = sha256(canonicalJson(call));
  return seen ? `${hash}:${seen}` : hash;
}

/** `expiresAt`: a call parked for its person waits longer than a caller's 10 minutes (person-confirmation.ts). */
export async function issueToken(
  db: PrismaClient,
  binding: Binding,
  summary: string,
  now: Date,
  expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS),
) {
  const token = `bct_${randomBase62(40)}`;
  await db.confirmationToken.create({
    data: {
      id: randomUUID(),
      tokenHash: sha256(token),
      bindingHash: bindingHash(binding),
      summary,
      expiresAt,
      createdAt: now,
    },
  });
  return { token, expiresAt };
}

/**
 * Retention, in the background loop (lib/ops/background.ts): tokens are useless a day after they
 * expire. Not on every proposal, as it was: one more statement and round trip per 409 for a table
 * a sweep a minute keeps as small (the benchmarks counted that round trip on every proposal).
 */
export async function sweepConfirmationTokens(now: Date): Promise<number> {
  const { count } = await database().confirmationToken.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } },
  });
  return count;
}

/**
 * The stored token's id when it is valid for exactly this call (unused, unexpired, bound to it); it
 * is not spent here but by spendToken, with the write it allows. A token presented with a call it is
 * not bound to is left untouched (docs/design.md, confirmation). `{ changedSince }`: a token of
 * this very call whose rows changed after its person was asked (its id, to be spent with the new
 * question).
 */
export async function validToken(
  db: PrismaClient,
  token: string,
  binding: Binding,
  now: Date,
): Promise<string | { changedSince: string } | undefined> {
  const stored = await db.confirmationToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!stored || stored.usedAt !== null || stored.expiresAt <= now) return undefined;
  const wanted = bindingHash(binding);
  if (stored.bindingHash === wanted) return stored.id;
  const call = (hash: string) => hash.split(":")[0];
  return call(stored.bindingHash) === call(wanted) ? { changedSince: stored.id } : undefined;
}

/**
 * Spends the token, in the transaction of the write it allows or of the refusal answered instead
 * (docs/design.md, confirmation): a call cut before either commits leaves it usable for its retry.
 * One conditional update: of two uses at once exactly one gets true.
 */
export async function spendToken(db: Tx, tokenId: string, now: Date): Promise<boolean> {
  const spent = await db.confirmationToken.updateMany({
    where: { id: tokenId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return spent.count === 1;
}
