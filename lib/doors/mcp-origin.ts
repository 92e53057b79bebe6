// DNS-rebinding protection of the MCP door (MCP transport spec: servers MUST validate Origin). A
// browser page of another site, even one whose name resolves to this server, is refused with 403:
// a present Origin must be APP_URL's host (or in MCP_ALLOWED_ORIGINS), and the Host must be
// APP_URL's host (or in MCP_ALLOWED_HOSTS). Loopback names are accepted when APP_URL is itself on
// loopback (a developer's machine). Desktop clients send no Origin and pass. The checks are the
// SDK's own (host names, port-agnostic).
import { hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from "@modelcontextprotocol/server";
import { config } from "../config";
import { mcpHostnames } from "../oauth/resource";

const LOOPBACK = new Set(localhostAllowedHostnames());

function allowed(): { hosts: string[]; origins: string[] } {
  const settings = config();
  const own = new URL(settings.APP_URL).hostname.toLowerCase();
  const local = { origins: LOOPBACK.has(own) ? localhostAllowedOrigins() : [] };
  return {
    // the same names the door's OAuth identifiers are made of (lib/oauth/resource.ts)
    hosts: mcpHostnames(settings),
    origins: [own, ...settings.MCP_ALLOWED_ORIGINS, ...local.origins],
  };
}

/** 403 for a foreign Host or Origin, else undefined (the request goes on). */
export function refuseForeignRequest(request: Request): Response | undefined {
  const { hosts, origins } = allowed();
  return hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, origins);
}
