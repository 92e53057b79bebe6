// The provider side of OAuth 2 (RFC 6749 authorization code with PKCE, RFC 7009 revocation),
// over fetch with timeouts: a provider that hangs must not hold a person's page or a disconnect.
import { z } from "zod";
import type { Provider } from "./providers";
import type { ProviderTokens } from "./tokens";

const TOKEN_TIMEOUT_MS = 10_000;
const SIDE_CALL_TIMEOUT_MS = 5_000;

/** The provider refused or could not be reached; `error` is its OAuth error code when it sent one. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly error?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export function authorizationUrl(
  provider: Provider,
  params: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(provider.authorizationUrl);
  const query: Record<string, string> = {
    ...provider.authorizationParams,
    response_type: "code",
    [provider.clientIdParam]: provider.clientId,
    redirect_uri: params.redirectUri,
    state: params.state,
    code_challenge: params.codeChallenge,
    code_challenge_method: "S256",
  };
  if (provider.scopes.length > 0) query.scope = provider.scopes.join(provider.scopeSeparator);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

export async function exchangeCode(
  provider: Provider,
  params: { code: string; codeVerifier: string; redirectUri: string },
  now: Date,
): Promise<ProviderTokens> {
  return tokenRequest(
    provider,
    {
      grant_type: "authorization_code",
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.codeVerifier,
    },
    now,
  );
}

export async function refreshTokens(provider: Provider, refreshToken: string, now: Date): Promise<ProviderTokens> {
  const tokens = await tokenRequest(provider, { grant_type: "refresh_token", refresh_token: refreshToken }, now);
  // RFC 6749 §6: the provider MAY issue a new refresh token; without one the old stays valid
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** RFC 7009: revoking the refresh token ends the whole grant; the access token when there is none. */
export async function revokeGrant(provider: Provider, tokens: ProviderTokens): Promise<void> {
  if (!provider.revocationUrl) return;
  const [token, hint] = tokens.refreshToken
    ? [tokens.refreshToken, "refresh_token"]
    : [tokens.accessToken, "access_token"];
  const response = await post(provider, provider.revocationUrl, { token, token_type_hint: hint }, SIDE_CALL_TIMEOUT_MS);
  // RFC 7009 §2.2: 200 whether or not the token was still valid; anything else is a failure
  if (!response.ok)
    throw new ProviderError(
      `${provider.name} answered ${response.status} to the revocation`,
      undefined,
      response.status,
    );
}

/** The connected account's name from the provider's userinfo endpoint, or null when it has none. */
export async function fetchAccount(provider: Provider, accessToken: string): Promise<string | null> {
  if (!provider.userinfoUrl) return null;
  const response = await fetch(provider.userinfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(SIDE_CALL_TIMEOUT_MS),
  });
  if (!response.ok)
    throw new ProviderError(`${provider.name} answered ${response.status} for the account`, undefined, response.status);
  const value = pick(await response.json(), provider.accountField ?? "name");
  if (typeof value !== "string" && typeof value !== "number") return null;
  return String(value).trim().slice(0, 200) || null;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

async function tokenRequest(provider: Provider, params: Record<string, string>, now: Date): Promise<ProviderTokens> {
  const response = await post(provider, provider.tokenUrl, params, TOKEN_TIMEOUT_MS);
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  // some providers (TikTok) answer 200 with an error member
  if (!response.ok || typeof body?.error === "string") {
    const code = typeof body?.error === "string" ? body.error : undefined;
    throw new ProviderError(
      `${provider.name} refused the token request (${response.status}${code ? ` ${code}` : ""})`,
      code,
      response.status,
    );
  }
  const answer = tokenAnswer.safeParse(body);
  if (!answer.success) throw new ProviderError(`${provider.name} answered the token request without an access token`);
  const { access_token, refresh_token, token_type, scope, expires_in } = answer.data;
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    tokenType: token_type,
    scope,
    expiresAt: expires_in ? new Date(now.getTime() + expires_in * 1000).toISOString() : undefined,
  };
}

/** A form POST authenticated as the client (RFC 6749 §2.3.1), unreachable providers as ProviderError. */
async function post(
  provider: Provider,
  url: string,
  params: Record<string, string>,
  timeoutMs: number,
): Promise<Response> {
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "application/json",
  };
  if (provider.clientAuth === "basic") {
    // the id and secret are form-encoded before base64 (RFC 6749 §2.3.1)
    const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
    headers.Authorization = `Basic ${Buffer.from(`${encode(provider.clientId)}:${encode(provider.clientSecret)}`).toString("base64")}`;
  } else {
    body.set(provider.clientIdParam, provider.clientId);
    body.set("client_secret", provider.clientSecret);
  }
  try {
    return await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderError(`${provider.name} could not be reached: ${(error as Error).message}`);
  }
}

function pick(value: unknown, dottedPath: string): unknown {
  return dottedPath
    .split(".")
    .reduce<unknown>(
      (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
}
