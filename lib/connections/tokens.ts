// What a connection keeps of a provider grant, and how it is kept: sealed (lib/vault.ts), bound to
// the connection's id, in Connection.tokensEncrypted.
import { open, seal } from "../vault";

export type ProviderTokens = {
  accessToken: string;
  refreshToken?: string;
  tokenType?: string;
  scope?: string;
  /** ISO timestamp when the access token stops working, when the provider said */
  expiresAt?: string;
};

export function sealTokens(tokens: ProviderTokens, connectionId: string): string {
  return seal(JSON.stringify(tokens), `connection:${connectionId}`);
}

export function openTokens(sealed: string, connectionId: string): ProviderTokens {
  return JSON.parse(open(sealed, `connection:${connectionId}`)) as ProviderTokens;
}
