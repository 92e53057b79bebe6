// Step 1 of the pipeline for an MCP client signed in with OAuth: the access token (opaque `boa_…`,
// issued by lib/oauth/provider.ts) names a person and a client; the person's grant to that client
// (AppGrant, chosen on the consent page) names the brands and scopes. Everything is read on every
// call, beside the person's live role (lib/core/access.ts), so a revoked grant, a removed
// membership or a closed brand counts at the next call.
import { createHash } from "node:crypto";
import { db, sql } from "../db/client";
import { asBoolean, asDate, asJson } from "../db/sql";
import { isScope, type Scope } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import { lastUseDue } from "./last-used";
import { AppError } from "../contract/errors";
import { mcpResources } from "../oauth/resource";

export const ACCESS_TOKEN_PREFIX = "boa_";
const TOKEN_PATTERN = /^boa_[0-9A-Za-z]{16,128}$/;

export const isAppToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX);

/** How the plugin stores tokens ("hashed"): SHA-256, base64url, of the token without its prefix. */
const storedForm = (token: string) =>
  createHash("sha256").update(token.slice(ACCESS_TOKEN_PREFIX.length)).digest("base64url");

type TokenRow = {
  clientId: string;
  userId: string | null;
  scopes: unknown;
  resources: unknown;
  expiresAt: unknown;
  revoked: unknown;
  clientName: string | null;
  clientDisabled: unknown;
  name: string | null;
  staff: unknown;
};
type GrantRow = { id: string; brandIds: unknown; scopes: unknown; lastUsedAt: unknown; confirmBy: string };

/** Why a token is refused, in the words the 401 challenge carries (error_description). */
const refused = (message: string) => new AppError("unauthenticated", message);

export async function authenticateAppToken(token: string, now: Date): Promise<Actor> {
  if (!TOKEN_PATTERN.test(token)) throw refused("This is not an access token of this service");
  const [row] = await sql()<TokenRow>(
    `SELECT t."clientId", t."userId", t."scopes", t."resources", t."expiresAt", t."revoked",
       (SELECT c."name" FROM "OauthClient" c WHERE c."clientId" = t."clientId") AS "clientName",
       (SELECT c."disabled" FROM "OauthClient" c WHERE c."clientId" = t."clientId") AS "clientDisabled",
       (SELECT u."name" FROM "User" u WHERE u."id" = t."userId") AS "name", (SELECT u."staff" FROM "User" u WHERE u."id" = t."userId") AS "staff"
     FROM "OauthAccessToken" t WHERE t."token" = ?`,
    [storedForm(token)],
  );
  const expiresAt = asDate(row?.expiresAt);
  // one message for unknown, revoked and expired tokens: nothing to learn by probing
  if (
    !row?.userId ||
    row.name === null ||
    row.revoked !== null ||
    !expiresAt ||
    expiresAt <= now ||
    asBoolean(row.clientDisabled)
  ) {
    throw refused("This access token is unknown, revoked or expired");
  }
  // RFC 8707: a token is good for the resource it was issued for; this door is one resource under
  // one identifier per host it answers (resource.ts), so any of them will do, and nothing else
  const door = new Set(mcpResources());
  if (!list(row.resources).some((resource) => door.has(resource)))
    throw refused("This access token was not issued for this server");
  const [grant] = await sql()<GrantRow>(
    `SELECT "id", "brandIds", "scopes", "lastUsedAt", "confirmBy" FROM "AppGrant" WHERE "userId" = ? AND "clientId" = ?`,
    [row.userId, row.clientId],
  );
  if (!grant) throw refused("This app's access was revoked; connect it again");
  const granted = new Set(list(grant.scopes));
  if (lastUseDue(grant.lastUsedAt, now))
    await db().appGrant.update({ where: { id: grant.id }, data: { lastUsedAt: now } });
  return {
    userId: row.userId,
    name: row.name,
    staff: asBoolean(row.staff),
    apiKeyId: null,
    // the token's scopes, never more than the grant as it stands now
    scopes: list(row.scopes).filter((scope): scope is Scope => isScope(scope) && granted.has(scope)),
    brandIds: list(grant.brandIds),
    app: { clientId: row.clientId, name: row.clientName ?? row.clientId, grantId: grant.id },
    // an agent's write waits for its person unless the person chose otherwise on the consent page
    confirmBy: grant.confirmBy === "caller" ? "caller" : "person",
  };
}

/** Lists are JSON text on SQLite and arrays on PostgreSQL (lib/db/postgres-schema.ts). */
export function list(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const parsed = asJson<unknown>(value);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}
