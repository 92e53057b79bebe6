// Confirmation tokens (decisions §5): single use, bound to caller + brand + capability + the
// canonical input, valid 10 minutes. Only the token's hash is stored.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { db as database, type Tx } from "../db/client";
import { canonicalJson, randomBase62, sha256 } from "../crypto";

export const CONFIRMATION_TTL_MS = 10 * 60_000;

export type Binding = { caller: string; brandId: string; capabilityId: string; input: unknown };

export function bindingHash(binding: Binding): string {
  return sha256(canonicalJson(binding));
}

export async function issueToken(db: PrismaClient, binding: Binding, summary: string, now: Date) {
  const token = `bct_${randomBase62(40)}`;
  const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
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
 * a sweep a minute keeps as small (issue 29).
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
 * not bound to is left untouched (decisions §9).
 */
export async function validToken(
  db: PrismaClient,
  token: string,
  binding: Binding,
  now: Date,
): Promise<string | undefined> {
  const stored = await db.confirmationToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!stored || stored.bindingHash !== bindingHash(binding) || stored.usedAt !== null || stored.expiresAt <= now)
    return undefined;
  return stored.id;
}

/**
 * Spends the token, in the transaction of the write it allows or of the refusal answered instead
 * (decisions §5): a call cut before either commits leaves it usable for its retry. One conditional
 * update: of two uses at once exactly one gets true.
 */
export async function spendToken(db: Tx, tokenId: string, now: Date): Promise<boolean> {
  const spent = await db.confirmationToken.updateMany({
    where: { id: tokenId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return spent.count === 1;
}
