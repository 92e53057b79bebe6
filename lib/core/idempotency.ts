// Idempotency keys (docs/design.md, idempotency): scoped to brand + caller + capability, kept 24
// hours. A repeat with the same input replays the first response; the same key with other input is
// refused.
import type { Tx } from "../db/client";
import { lockKey } from "../db/locks";
import { canonicalJson, sha256 } from "../crypto";
import { invalidInput } from "../contract/errors";

const KEEP_MS = 24 * 60 * 60_000;

export type IdempotencyScope = { brandId: string; caller: string; capabilityId: string; key: string };

const scopeKey = (scope: IdempotencyScope) => sha256(canonicalJson(scope));

/**
 * The stored response of an earlier call with this key, or undefined for a first call. Called
 * first in the write's transaction: concurrent calls with one key queue on the key's lock until
 * the first commits (then they replay it) or rolls back (then the next one runs).
 */
export async function replay(
  db: Tx,
  scope: IdempotencyScope,
  input: unknown,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  await lockKey(db, `idempotency:${scopeKey(scope)}`);
  const record = await db.idempotencyRecord.findUnique({ where: { scopeKey: scopeKey(scope) } });
  if (!record || record.expiresAt <= now) return undefined;
  if (record.requestHash !== sha256(canonicalJson(input))) {
    throw invalidInput("idempotencyKey", "already used for a different request; choose a new key", {
      reason: "reused",
    });
  }
  const { response } = record;
  // what remember() stored: a capability's output, always a JSON object
  if (typeof response !== "object" || response === null || Array.isArray(response))
    throw new Error("a stored idempotent response is not a JSON object");
  return response;
}

/** Stored in the write's own transaction: the response is kept exactly when the write commits. */
export async function remember(
  db: Tx,
  scope: IdempotencyScope,
  input: unknown,
  response: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const data = {
    requestHash: sha256(canonicalJson(input)),
    response: response as object,
    expiresAt: new Date(now.getTime() + KEEP_MS),
    createdAt: now,
  };
  await db.idempotencyRecord.upsert({
    where: { scopeKey: scopeKey(scope) },
    create: { scopeKey: scopeKey(scope), ...data },
    update: data,
  });
}
