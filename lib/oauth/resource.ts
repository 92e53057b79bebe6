// The MCP door as an OAuth 2.1 protected resource (RFC 9728, MCP authorization 2025-11-25): its
// identifier, where its metadata lives, and the scopes it understands. Shared by the authorization
// server's configuration (lib/oauth/provider.ts), the metadata routes and the door's challenges.
import { SCOPES } from "../capabilities/define";
import { config } from "../config";

export const MCP_PATH = "/api/mcp";
/** better-auth's base path: the authorization server's issuer is APP_URL + this. */
export const AUTH_BASE_PATH = "/api/auth";
/** Asked for on every authorization so that clients get a refresh token (lib/auth/auth.ts). */
export const OFFLINE_ACCESS = "offline_access";
export const OAUTH_SCOPES = [...SCOPES, OFFLINE_ACCESS];

/** The resource identifier tokens are issued for: `${APP_URL}/api/mcp`, the URL clients connect to. */
export function mcpResource(appUrl = config().APP_URL): string {
  return new URL(MCP_PATH, appUrl).toString();
}

export function issuer(appUrl = config().APP_URL): string {
  return new URL(AUTH_BASE_PATH, appUrl).toString();
}

/** RFC 9728 §3.1: the well-known path with the resource's path inserted after it. */
export function resourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

export function protectedResourceMetadata(appUrl = config().APP_URL) {
  return {
    resource: mcpResource(appUrl),
    authorization_servers: [issuer(appUrl)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Brand Operations (MCP)",
    resource_documentation: new URL("/docs", appUrl).toString(),
  };
}
