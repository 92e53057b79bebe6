// The official MCP client, v2 (@modelcontextprotocol/client), signing in with OAuth as real ones do:
// its discovery (RFC 9728, with the resource check that refuses metadata for another origin), RFC
// 7591 registration, PKCE, the SEP-2352 issuer binding and the token exchange are the SDK's own. The
// person's part is whoever answers `authorizationUrl`; the redirect URI only has to be loopback.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";

/** The v2 provider interface, kept in memory, discovery state included (the SDK binds the callback to it). */
export class MemoryOAuthProviderV2 implements OAuthClientProvider {
  client?: StoredOAuthClientInformation;
  stored?: StoredOAuthTokens;
  discovery?: OAuthDiscoveryState;
  resource?: string;
  verifier = "";
  authorizationUrl?: URL;

  constructor(
    readonly redirect: string,
    readonly name = "Test MCP Client v2",
  ) {}

  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  discoveryState() {
    return this.discovery;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  saveResourceUrl(resource: string) {
    this.resource = resource;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const transport = (serverUrl: string, provider: MemoryOAuthProviderV2) =>
  new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider });

/** First connection: discovery and registration, then UnauthorizedError until the person has answered. */
export async function startAuthorizationV2(serverUrl: string, provider: MemoryOAuthProviderV2): Promise<URL> {
  const client = new Client({ name: "oauth-test-v2", version: "1.0.0" });
  await client.connect(transport(serverUrl, provider)).then(
    () => {
      throw new Error("connected without authorization");
    },
    (error) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  if (!provider.authorizationUrl) throw new Error("the client asked for no authorization");
  return provider.authorizationUrl;
}

/** After the redirect (its code and iss): the SDK exchanges the code, then connects. */
export async function finishAuthorizationV2(
  serverUrl: string,
  provider: MemoryOAuthProviderV2,
  callback: URLSearchParams,
): Promise<Client> {
  await transport(serverUrl, provider).finishAuth(callback);
  const client = new Client({ name: "oauth-test-v2", version: "1.0.0" });
  await client.connect(transport(serverUrl, provider));
  return client;
}
