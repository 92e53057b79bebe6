// CORS for browser MCP hosts (a page that runs the MCP client itself, as ext-apps' basic-host does):
// the MCP door and the OAuth endpoints such a client calls (the metadata documents, registration,
// token, revocation). One decision for all of them, the door's own (origin.ts): an origin the
// Origin check admits may read the answers; any other origin gets no CORS header at all, and the
// door still refuses its calls with 403. No credentials mode: the client sends a bearer token or a
// public client's form, never a cookie, so Access-Control-Allow-Credentials is never sent.
import { admittedOrigin } from "./origin";

/** What an MCP client sends: the transport's headers (2025-11-25), SEP-2243's Mcp-Method/Mcp-Name, resumption. */
const ALLOW_HEADERS =
  "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID";
/** What it must read: its session, the negotiated version, and a challenge's metadata URL and scopes. */
const EXPOSE_HEADERS = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate";
/** Chromium keeps a preflight at most two hours; a longer value would only be cut. */
const MAX_AGE = "7200";

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Response | Promise<Response>;

/**
 * `handler` with CORS for admitted origins. OPTIONS is answered here: a preflight from an admitted
 * origin gets 204 naming `methods` and the MCP headers; any other OPTIONS gets the 204 with `Allow`
 * that a route without CORS answers. Every other answer (a result, a challenge, a refusal, an error)
 * carries Allow-Origin and the exposed headers.
 */
export function withMcpCors<A extends unknown[]>(
  methods: string,
  handler: Handler<A>,
): (request: Request, ...rest: A) => Promise<Response> {
  const allow = `${methods}, OPTIONS`;
  return async (request, ...rest) => {
    const origin = admittedOrigin(request);
    if (request.method === "OPTIONS") return preflight(origin, allow);
    return withCorsHeaders(await handler(request, ...rest), origin);
  };
}

function preflight(origin: string | undefined, allow: string): Response {
  const headers: Record<string, string> = { Allow: allow, Vary: "Origin" };
  if (origin) {
    Object.assign(headers, {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": allow,
      "Access-Control-Allow-Headers": ALLOW_HEADERS,
      "Access-Control-Max-Age": MAX_AGE,
    });
  }
  return new Response(null, { status: 204, headers });
}

/** The answer with CORS for `origin`; `Vary: Origin` on every answer, so a cache never hands one origin's to another. */
function withCorsHeaders(response: Response, origin: string | undefined): Response {
  const add = (headers: Headers) => {
    headers.append("Vary", "Origin");
    if (!origin) return;
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
  };
  try {
    add(response.headers);
    return response;
  } catch {
    // a response whose headers are immutable (one from fetch()): the same answer, with its own headers
    const copy = new Response(response.body, response);
    add(copy.headers);
    return copy;
  }
}
