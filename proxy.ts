// Next.js 16's request proxy (the former middleware), for pages only: it adds the security headers
// (lib/http/security-headers.ts). It runs at request time, so HSTS follows the APP_URL the service
// was started with (next.config's headers() are fixed at build time). The API, MCP, file and
// health routes are left out: they answer JSON or bytes, never a page, and are the hot path; only
// their paths that do not decode come here (lib/doors/malformed-path.ts).
import { NextResponse, type NextRequest } from "next/server";
import { config as settings } from "./lib/config";
import { hasMalformedEscape, malformedPathAnswer } from "./lib/doors/malformed-path";
import { securityHeaders } from "./lib/http/security-headers";

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // under `next start`, a path that does not decode is answered as npm start does (lib/http/door-server.ts)
  if (hasMalformedEscape(pathname)) {
    const door = /^\/api\/v1\/([^/]+)$/.exec(pathname);
    // the API door's raw segment is its (unknown) capability id: the pipeline refuses it in its order
    if (door) return NextResponse.rewrite(new URL(`/api/v1/${door[1]!.replaceAll("%", "%25")}`, request.url));
    return malformedPathAnswer(request);
  }
  const response = NextResponse.next();
  // the proxy's headers replace a route's own: the connection link's pages send a stricter policy
  // (no script but the one they allow by hash, lib/doors/connection-page.ts), which must stand
  const ownPolicy = pathname.startsWith("/api/connections/");
  for (const [name, value] of Object.entries(securityHeaders(settings().APP_URL)))
    if (!(ownPolicy && name === "Content-Security-Policy")) response.headers.set(name, value);
  return response;
}

export const config = {
  // and, of the routes left out, the paths holding a `%` (a malformed escape is refused above)
  matcher: [
    {
      source: "/((?!api/v1/|api/mcp|api/files/|api/health|_next/static/|_next/image/).*)",
      // Next reads the whole body of a request its proxy sees (up to 10 MiB kept, the rest read to
      // its end) before the route starts: a route's own streaming limit (lib/http/body.ts) would
      // come too late. Requests with a body go straight to their route: pages are fetched without one.
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // every path holding a `%`, with a body or without (a malformed escape is refused above, before
    // any body is read; a well-formed one passes with its body held, which such paths seldom have)
    "/:path(.*%.*)",
  ],
};
