// The OAuth `state` and PKCE (RFC 7636, S256). The state is signed with APP_SECRET and names an
// OAuthState row; the row holds the code_verifier, the expiry and the single use. The provider
// travels in the signed state (docs/design.md, connections), so a state cannot be replayed at
// another provider.
import { createHash, randomBytes } from "node:crypto";
import { config } from "../config";
import { hmac, safeEqual } from "../crypto";

export const STATE_LIFETIME_MS = 10 * 60 * 1000;

export type StatePayload = { id: string; provider: string };

export function signState(payload: StatePayload, secret = config().APP_SECRET): string {
  const body = Buffer.from(JSON.stringify({ i: payload.id, p: payload.provider })).toString("base64url");
  return `${body}.${hmac(secret, "oauth-state", body)}`;
}

/** The payload of a state this service signed, or undefined for anything else. */
export function verifyState(state: string, secret = config().APP_SECRET): StatePayload | undefined {
  const [body, signature, extra] = state.split(".");
  if (!body || !signature || extra !== undefined || !safeEqual(signature, hmac(secret, "oauth-state", body)))
    return undefined;
  try {
    const { i, p } = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { i?: unknown; p?: unknown };
    return typeof i === "string" && typeof p === "string" ? { id: i, provider: p } : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh code_verifier (43 characters of base64url, 256 bits) and its S256 challenge. */
export function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: challengeOf(verifier) };
}

/** The S256 code_challenge of a code_verifier (RFC 7636 §4.2). */
export function challengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
