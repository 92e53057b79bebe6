// Step 1 of the pipeline: who is calling. Keys are `bop_` + 40 base62 characters; only their
// SHA-256 is stored, so a database leak reveals no usable key (docs/design.md, keys and roles).
import { db, sql } from "../db/client";
import { asBoolean, asDate, asJson } from "../db/sql";
import { isScope } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import { lastUseDue } from "./last-used";
import { randomBase62, sha256 } from "../crypto";
import { AppError } from "../contract/errors";
import { authenticateAppToken } from "./app-tokens";
import { authenticateParked } from "./parked-caller";

const KEY_PATTERN = /^bop_[0-9A-Za-z]{40}$/;

/**
 * `app`: an OAuth access token, accepted by the MCP door only (its audience, RFC 8707). `checked`:
 * a bearer the MCP door authenticated for this same HTTP request moments ago (lib/mcp/auth.ts):
 * looking it up again cost each tool call a second key read and hash (measured with
 * npm run bench:profile).
 */
export type Credential =
  | { kind: "key" | "app"; authorization: string | null }
  | { kind: "session"; userId: string }
  | { kind: "checked"; actor: Actor }
  /**
   * A write its person confirmed, run as the key or app that asked it (`caller`: key:<id> or
   * app:<grant id>) with at most the scopes it had then: read again, so a key revoked meanwhile
   * or a grant taken back runs nothing (lib/core/parked-caller.ts).
   */
  | { kind: "parked"; caller: string; scopes: readonly string[] };

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `bop_${randomBase62(40)}`;
  return { key, hash: sha256(key), prefix: key.slice(0, 8) };
}

const unauthenticated = (message: string) => new AppError("unauthenticated", message);

type KeyRow = {
  id: string;
  scopes: unknown;
  brandIds: unknown;
  expiresAt: unknown;
  revokedAt: unknown;
  lastUsedAt: unknown;
  userId: string;
  name: string;
  keyName: string;
  staff: unknown;
  confirmBy: string;
};

export async function authenticate(credential: Credential, now: Date): Promise<Actor> {
  if (credential.kind === "checked") return credential.actor;
  if (credential.kind === "parked") return authenticateParked(credential.caller, credential.scopes, now);
  if (credential.kind === "session") {
    const [user] = await sql()<{ id: string; name: string; staff: unknown }>(
      `SELECT "id", "name", "staff" FROM "User" WHERE "id" = ?`,
      [credential.userId],
    );
    if (!user) throw unauthenticated("Your session has ended; sign in again");
    return {
      userId: user.id,
      name: user.name,
      staff: asBoolean(user.staff),
      apiKeyId: null,
      scopes: null,
      brandIds: null,
    };
  }
  const match = /^Bearer +(\S+) *$/i.exec(credential.authorization ?? "");
  if (!match) throw unauthenticated("Send your API key as 'Authorization: Bearer bop_…'");
  const raw = match[1]!;
  if (credential.kind === "app") return authenticateAppToken(raw, now);
  if (!KEY_PATTERN.test(raw)) throw unauthenticated("This is not an API key of this service");
  // subqueries, not a JOIN: a join costs SQLite ~13 µs more per run here (lib/db/sql.ts)
  const [key] = await sql()<KeyRow>(
    `SELECT k."id", k."scopes", k."brandIds", k."expiresAt", k."revokedAt", k."lastUsedAt", k."userId", k."name" AS "keyName", k."confirmBy",
       (SELECT u."name" FROM "User" u WHERE u."id" = k."userId") AS "name", (SELECT u."staff" FROM "User" u WHERE u."id" = k."userId") AS "staff"
     FROM "ApiKey" k WHERE k."hash" = ?`,
    [sha256(raw)],
  );
  const expiresAt = asDate(key?.expiresAt);
  // one message for unknown, revoked and expired keys: nothing to learn by probing
  if (!key || key.revokedAt !== null || (expiresAt && expiresAt <= now)) {
    throw unauthenticated("This API key is unknown, revoked or expired");
  }
  if (lastUseDue(key.lastUsedAt, now)) await db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  return {
    userId: key.userId,
    name: key.name,
    staff: asBoolean(key.staff),
    apiKeyId: key.id,
    apiKeyName: key.keyName,
    scopes: asJson<string[]>(key.scopes).filter(isScope),
    brandIds: asJson<string[] | null>(key.brandIds) ?? null,
    confirmBy: key.confirmBy === "person" ? "person" : "caller",
  };
}

// the identity calls are bound to lives with the Actor it is derived from
export { callerKey } from "../contract/context";
