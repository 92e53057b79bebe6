// The MCP door as an OAuth 2.1 protected resource (RFC 9728, MCP authorization 2025-11-25): its
// identifiers, where its metadata lives, and the scopes it understands. Shared by the authorization
// server's configuration (lib/oauth/provider.ts), the metadata routes, the door's challenges and its
// token check (lib/core/app-tokens.ts).
//
// The door answers on more than one host name (APP_URL's, MCP_ALLOWED_HOSTS, the loopback names when
// APP_URL is loopback), and RFC 9728 clients (the MCP SDKs, mcp-remote) refuse metadata whose
// `resource` is not on the origin they connected to. So each admitted host is a resource identifier
// of its own, APP_URL with only the host name changed; all of them name this one door, and one
// authorization server (APP_URL's issuer) issues tokens for any of them.
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { SCOPES } from "../contract/catalogue";
import { config } from "../config";

export const MCP_PATH = "/api/mcp";
/** better-auth's base path: the authorization server's issuer is APP_URL + this. */
export const AUTH_BASE_PATH = "/api/auth";
/** Asked for on every authorization so that clients get a refresh token (lib/auth/auth.ts). */
export const OFFLINE_ACCESS = "offline_access";
export const OAUTH_SCOPES = [...SCOPES, OFFLINE_ACCESS];

const LOOPBACK = new Set(localhostAllowedHostnames());

/**
 * The host names the MCP door answers on: APP_URL's, MCP_ALLOWED_HOSTS, and the loopback names when
 * APP_URL is itself on loopback (a developer's machine). Its DNS-rebinding check
 * (lib/mcp/origin.ts) refuses every other Host.
 */
export function mcpHostnames(settings = config()): string[] {
  const own = new URL(settings.APP_URL).hostname.toLowerCase();
  return [...new Set([own, ...settings.MCP_ALLOWED_HOSTS, ...(LOOPBACK.has(own) ? LOOPBACK : [])])];
}

/** The canonical resource identifier, `${APP_URL}/api/mcp`: the URL clients are told to connect to. */
export function mcpResource(appUrl = config().APP_URL): string {
  return new URL(MCP_PATH, appUrl).toString();
}

/** Every identifier of the door, the canonical one first: one per host name, APP_URL's scheme and port. */
export function mcpResources(settings = config()): string[] {
  return mcpHostnames(settings).map((hostname) => {
    const url = new URL(MCP_PATH, settings.APP_URL);
    url.hostname = hostname;
    return url.toString();
  });
}

export function issuer(appUrl = config().APP_URL): string {
  return new URL(AUTH_BASE_PATH, appUrl).toString();
}

/**
 * The origin the client reached: its Host (Next's route handler rewrites the URL's host to
 * localhost) and a TLS proxy's X-Forwarded-Proto, normalized to an origin. Client input: resourceFor
 * only matches it against the door's own identifiers, never reflects it into a document.
 */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const reached = `${proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1)}://${request.headers.get("host") ?? url.host}`;
  return URL.canParse(reached) ? new URL(reached).origin : url.origin;
}

/** The identifier on the origin this request reached when that is one of the door's, else the canonical one. */
export function resourceFor(request: Request): string {
  const origin = publicOrigin(request);
  return mcpResources().find((resource) => new URL(resource).origin === origin) ?? mcpResource();
}

/** RFC 9728 §3.1: the well-known path with the resource's path inserted after it. */
export function resourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

/** The document for one of the door's identifiers; the authorization server is always APP_URL's. */
export function protectedResourceMetadata(resource = mcpResource()) {
  const appUrl = config().APP_URL;
  return {
    resource,
    authorization_servers: [issuer(appUrl)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Brand Operations (MCP)",
    resource_documentation: new URL("/docs", appUrl).toString(),
  };
}
