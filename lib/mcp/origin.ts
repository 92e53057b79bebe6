// DNS-rebinding protection of the MCP door (MCP transport spec: servers MUST validate Origin). A
// browser page of another site, even one whose name resolves to this server, is refused with 403:
// a present Origin must be APP_URL's host (or in MCP_ALLOWED_ORIGINS), and the Host must be
// APP_URL's host (or in MCP_ALLOWED_HOSTS). Loopback names are accepted when APP_URL is itself on
// loopback (a developer's machine). Desktop clients send no Origin and pass. The checks are the
// SDK's own (host names, port-agnostic). The same decision says which browser origins get CORS
// (cors.ts): a page the door would refuse is never told it may read an answer.
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  validateHostHeader,
  validateOriginHeader,
} from "@modelcontextprotocol/server";
import { config } from "../config";
import { mcpHostnames } from "../oauth/resource";

const LOOPBACK = new Set(localhostAllowedHostnames());

// per settings object (config() keeps one; tests that change the settings get a new one): the
// lists were built anew for every request, two URL parses each (npm run bench:profile)
type Lists = { hosts: string[]; origins: string[]; admitted: Set<string> };
const lists = new WeakMap<object, Lists>();

function allowed(): Lists {
  const settings = config();
  let found = lists.get(settings);
  if (!found) lists.set(settings, (found = listsOf(settings)));
  return found;
}

function listsOf(settings: ReturnType<typeof config>): Lists {
  const own = new URL(settings.APP_URL).hostname.toLowerCase();
  const local = { origins: LOOPBACK.has(own) ? localhostAllowedOrigins() : [] };
  return {
    // the same names the door's OAuth identifiers are made of (lib/oauth/resource.ts)
    hosts: mcpHostnames(settings),
    origins: [own, ...settings.MCP_ALLOWED_ORIGINS, ...local.origins],
    admitted: new Set(),
  };
}

// Host values seen admitted (a name and port): a few per deployment, and never more than this many
const REMEMBERED_HOSTS = 64;

/**
 * Whether the SDK's Host check admits this Host header. The check parses it as a URL (~8 µs of an
 * MCP call, PROFILE_CONNECTIONS=1 npm run bench:profile), so the values it admitted are
 * remembered per settings; a refused value is checked again every time and never stored.
 */
export function hostAdmitted(host: string | undefined): boolean {
  const { hosts, admitted } = allowed();
  if (host !== undefined && admitted.has(host)) return true;
  const ok = validateHostHeader(host, hosts).ok;
  if (ok && host !== undefined && admitted.size < REMEMBERED_HOSTS) admitted.add(host);
  return ok;
}

/** 403 for a foreign Host or Origin, else undefined (the request goes on). */
export function refuseForeignRequest(request: Request): Response | undefined {
  const { hosts, origins } = allowed();
  return hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, origins);
}

/** The request's Origin when it is one the door admits; undefined when absent or foreign. */
export function admittedOrigin(request: Request): string | undefined {
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  const verdict = validateOriginHeader(origin, allowed().origins);
  return verdict.ok ? origin : undefined;
}
