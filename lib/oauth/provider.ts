// The authorization server for MCP clients: better-auth's OAuth provider plugin
// (@better-auth/oauth-provider), on the same better-auth instance that signs people in. Chosen over
// hand-written OAuth because it already does what the MCP authorization spec asks and is easy to get
// subtly wrong: authorization code with PKCE (S256 only), RFC 7591 registration, exact redirect URI
// matching (RFC 8252 loopback ports), RFC 8707 resources with per-client links, opaque tokens stored
// as SHA-256, rotating refresh tokens whose reuse revokes the family, RFC 7009 revocation, RFC 8414
// metadata. What it does not do is ours: which brands a grant covers (lib/keys/connected-apps.ts), the
// consent page (app/oauth/consent), fetching Client ID Metadata Documents (client-metadata-documents.ts).
import { oauthProvider, type OAuthOptions, type Scope } from "@better-auth/oauth-provider";
import { config } from "../config";
import { clientMetadataDocuments } from "./client-metadata-documents";
import { mcpResources, OAUTH_SCOPES } from "./resource";

const REFRESH_TOKEN_DAYS = 30;

export function oauthProviderPlugin() {
  const settings = config();
  const identifiers = mcpResources(settings);
  const options: OAuthOptions<Scope[]> = {
    scopes: OAUTH_SCOPES,
    grantTypes: ["authorization_code", "refresh_token"],
    // the sign-in page continues the authorization after signing in (the plugin's signed query)
    loginPage: "/sign-in",
    consentPage: "/oauth/consent",
    // opaque access tokens the MCP door looks up (and can cut at once), not JWTs it cannot revoke
    disableJwtPlugin: true,
    storeTokens: "hashed",
    prefix: { opaqueAccessToken: "boa_", refreshToken: "bor_" },
    accessTokenExpiresIn: settings.OAUTH_ACCESS_TOKEN_SECONDS,
    refreshTokenExpiresIn: REFRESH_TOKEN_DAYS * 86_400,
    // any reuse of a rotated refresh token is a replay: the family is revoked
    refreshTokenReuseInterval: 0,
    codeExpiresIn: 600,
    // MCP clients register themselves (RFC 7591) without an initial access token, as the spec expects
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    clientRegistrationDefaultScopes: OAUTH_SCOPES,
    // one protected resource, the MCP door, under one identifier per host it answers (resource.ts):
    // a token's audience is the identifier its client asked for, on the host it connected to
    resources: identifiers.map((identifier) => ({
      identifier,
      name: "Brand Operations MCP",
      accessTokenTtl: settings.OAUTH_ACCESS_TOKEN_SECONDS,
      allowedScopes: OAUTH_SCOPES,
    })),
    resourceSeedMode: "merge",
    clientRegistrationDefaultResources: identifiers,
    // every client may ask for every identifier: they are one door, and a client registered before
    // a host was added (MCP_ALLOWED_HOSTS) has no link to it. An identifier never configured is still
    // refused (invalid_target), and the door accepts only the identifiers configured now.
    enforcePerClientResources: false,
    // the plugin's own defaults are filled in inside it; the document seam gets the same values
    extensions: [
      {
        clientDiscovery: clientMetadataDocuments(() => ({
          ...options,
          clientRegistrationAllowedScopes: OAUTH_SCOPES,
          storeClientSecret: "encrypted",
        })),
      },
    ],
    // open registration is the one unauthenticated write: bounded per client address, as are the
    // authorization, token and revocation endpoints (settable: one address runs the whole test
    // suite's clients; the plugin's fixed 30 revocations a minute were spent by its fuzzer alone)
    rateLimit: {
      register: { window: 60, max: settings.OAUTH_REGISTRATIONS_PER_MINUTE },
      authorize: { window: 60, max: settings.OAUTH_AUTHORIZATIONS_PER_MINUTE },
      token: { window: 60, max: settings.OAUTH_TOKENS_PER_MINUTE },
      revoke: { window: 60, max: settings.OAUTH_TOKENS_PER_MINUTE },
    },
    advertisedMetadata: { scopes_supported: OAUTH_SCOPES },
  };
  return oauthProvider(options);
}
