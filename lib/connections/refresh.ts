// A usable access token for a connected account, refreshed when it has expired. This is what the
// publishing area will call before posting. A refresh the provider refuses with invalid_grant
// means the grant stopped working (revoked at the provider, expired, password changed): the
// connection becomes needs_attention and a person has to connect again. Other failures (provider
// down, our client misconfigured) change nothing and are thrown: the grant may still be fine.
import type { PrismaClient } from "../db/generated/client";
import { providerCatalog } from "./catalog";
import { ProviderError, refreshTokens } from "./oauth-client";
import { openTokens, sealTokens, type ProviderTokens } from "./tokens";

/** Refresh this long before the provider's expiry, so a token does not die mid-request. */
const MARGIN_MS = 60_000;

export class GrantNotUsable extends Error {
  constructor(
    readonly connectionId: string,
    readonly status: string,
  ) {
    super(`connection ${connectionId} is ${status}: a person has to connect it again`);
    this.name = "GrantNotUsable";
  }
}

export async function usableAccessToken(db: PrismaClient, connectionId: string, now = new Date()): Promise<string> {
  return (await refreshConnection(db, connectionId, { now })).accessToken;
}

/**
 * The connection's tokens, refreshed and stored when the access token has expired (or `force`:
 * an API answered 401 with it).
 */
export async function refreshConnection(
  db: PrismaClient,
  connectionId: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<ProviderTokens> {
  const now = options.now ?? new Date();
  const connection = await db.connection.findUnique({ where: { id: connectionId } });
  if (connection?.status !== "connected" || !connection.tokensEncrypted) {
    throw new GrantNotUsable(connectionId, connection?.status ?? "missing");
  }
  const sealed = connection.tokensEncrypted;
  const tokens = openTokens(sealed, connectionId);
  if (!options.force && tokens.expiresAt && Date.parse(tokens.expiresAt) - MARGIN_MS > now.getTime()) return tokens;
  const provider = providerCatalog().available(connection.provider);
  if (!provider)
    throw new Error(`connection ${connectionId}: ${connection.provider} is not configured; cannot refresh`);
  if (!tokens.refreshToken) return markNeedsAttention(db, connectionId, sealed, now);

  let fresh: ProviderTokens;
  try {
    fresh = await refreshTokens(provider, tokens.refreshToken, now);
  } catch (error) {
    if (error instanceof ProviderError && error.error === "invalid_grant")
      return markNeedsAttention(db, connectionId, sealed, now);
    throw error;
  }
  // only over the tokens we read: a concurrent refresh that already rotated them wins
  const stored = await db.connection.updateMany({
    where: { id: connectionId, status: "connected", tokensEncrypted: sealed },
    data: { tokensEncrypted: sealTokens(fresh, connectionId), updatedAt: now },
  });
  if (stored.count === 1) return fresh;
  return readCurrent(db, connectionId);
}

async function markNeedsAttention(
  db: PrismaClient,
  connectionId: string,
  sealed: string,
  now: Date,
): Promise<ProviderTokens> {
  // the grant is dead: its tokens are worth nothing and are not kept
  const marked = await db.connection.updateMany({
    where: { id: connectionId, status: "connected", tokensEncrypted: sealed },
    data: { status: "needs_attention", tokensEncrypted: null, updatedAt: now },
  });
  if (marked.count === 1) throw new GrantNotUsable(connectionId, "needs_attention");
  // another refresh stored new tokens meanwhile (a rotated refresh token is refused once used)
  return readCurrent(db, connectionId);
}

async function readCurrent(db: PrismaClient, connectionId: string): Promise<ProviderTokens> {
  const current = await db.connection.findUnique({ where: { id: connectionId } });
  if (current?.status !== "connected" || !current.tokensEncrypted)
    throw new GrantNotUsable(connectionId, current?.status ?? "missing");
  return openTokens(current.tokensEncrypted, connectionId);
}
