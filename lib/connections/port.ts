// What capabilities reach of the connections machinery, through ctx.connections: the catalog and
// the provider calls. Lazy, so a call that never touches connections never reads the catalog.
import { config } from "../config";
import { providerCatalog, type CatalogEntry } from "./catalog";
import { revokeGrant } from "./oauth-client";
import type { Provider } from "./providers";
import type { ProviderTokens } from "./tokens";

export const CALLBACK_PATH = "/api/connections/callback";
/** Where a connection link leads first (lib/connections/start.ts): this service checks who opened it. */
export const START_PATH = "/api/connections/start";

export type ConnectionsPort = {
  catalog(): readonly CatalogEntry[];
  /** a provider a brand may connect now (in the catalog and configured), or undefined */
  available(provider: string): Provider | undefined;
  /** the link a person opens: to this service, which sends them on to the provider */
  linkUrl(state: string): string;
  /** RFC 7009 revocation at the provider; resolves at once when the provider offers none */
  revoke(provider: Provider, tokens: ProviderTokens): Promise<void>;
};

/** APP_URL + the callback route (docs/design.md, signed links). */
export function redirectUri(): string {
  return `${config().APP_URL}${CALLBACK_PATH}`;
}

export const connectionsPort: ConnectionsPort = {
  catalog: () => providerCatalog().entries,
  available: (provider) => providerCatalog().available(provider),
  linkUrl: (state) => `${config().APP_URL}${START_PATH}?${new URLSearchParams({ state })}`,
  revoke: revokeGrant,
};
