// Signing secrets: `whsec_` + 32 random bytes in base64, the form the standardwebhooks and svix
// libraries take as is. Kept sealed at rest like provider tokens (lib/vault.ts: the
// key derived from APP_SECRET, the ciphertext bound to its endpoint). After a rotation the previous
// secret signs too for 24 hours: a receiver still holding it keeps verifying meanwhile.
import { randomBytes } from "node:crypto";
import { open, seal } from "../vault";

export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

export const sealSecret = (secret: string, endpointId: string): string => seal(secret, `webhook:${endpointId}`);

type Sealed = {
  id: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Date | null;
};

/** The secrets a delivery is signed with now: the current one, and the previous one while it is still valid. */
export function signingSecrets(endpoint: Sealed, now: Date): string[] {
  const secrets = [open(endpoint.secretSealed, `webhook:${endpoint.id}`)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    secrets.push(open(endpoint.previousSecretSealed, `webhook:${endpoint.id}`));
  }
  return secrets;
}
