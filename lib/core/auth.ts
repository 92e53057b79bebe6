// Step 1 of the pipeline: who is calling. Keys are `bop_` + 40 base62 characters; only their
// SHA-256 is stored, so a database leak reveals no usable key (decisions §4).
import type { PrismaClient } from "../db/generated/client";
import { SCOPES, type Actor, type Scope } from "../capabilities/define";
import { randomBase62, sha256 } from "./crypto";
import { AppError } from "./errors";

const KEY_PATTERN = /^bop_[0-9A-Za-z]{40}$/;
/** lastUsedAt is informational: write it at most once a minute per key, not on every call */
const LAST_USED_GRANULARITY_MS = 60_000;

export type Credential = { kind: "key"; authorization: string | null } | { kind: "session"; userId: string };

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `bop_${randomBase62(40)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, 8) };
}

const unauthenticated = (message: string) => new AppError("unauthenticated", message);

export async function authenticate(db: PrismaClient, credential: Credential, now: Date): Promise<Actor> {
  if (credential.kind === "session") {
    const user = await db.user.findUnique({ where: { id: credential.userId } });
    if (!user) throw unauthenticated("Your session has ended; sign in again");
    return { userId: user.id, name: user.name, staff: user.staff, apiKeyId: null, scopes: null, brandIds: null };
  }
  const match = /^Bearer +(\S+) *$/i.exec(credential.authorization ?? "");
  if (!match) throw unauthenticated("Send your API key as 'Authorization: Bearer bop_…'");
  const raw = match[1]!;
  if (!KEY_PATTERN.test(raw)) throw unauthenticated("This is not an API key of this service");
  const key = await db.apiKey.findUnique({ where: { hash: sha256(raw) }, include: { user: true } });
  // one message for unknown, revoked and expired keys: nothing to learn by probing
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) {
    throw unauthenticated("This API key is unknown, revoked or expired");
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  return {
    userId: key.user.id,
    name: key.user.name,
    staff: key.user.staff,
    apiKeyId: key.id,
    scopes: (key.scopes as string[]).filter((scope): scope is Scope => (SCOPES as readonly string[]).includes(scope)),
    brandIds: (key.brandIds as string[] | null) ?? null,
  };
}

/** Identity a confirmation token or an idempotency key is bound to: the key, or the person. */
export function callerKey(actor: Actor): string {
  return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
}
