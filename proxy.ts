// Next.js 16's request proxy (the former middleware), for pages only: it adds the security headers
// (lib/http/security-headers.ts). It runs at request time, so HSTS follows the APP_URL the service
// was started with (next.config's headers() are fixed at build time). The API, MCP, file and
// health routes are left out: they answer JSON or bytes, never a page, and are the hot path.
import { NextResponse } from "next/server";
import { config as settings } from "./lib/config";
import { securityHeaders } from "./lib/http/security-headers";

export function proxy() {
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(securityHeaders(settings().APP_URL))) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!api/v1/|api/mcp|api/files/|api/health|_next/static/|_next/image/).*)"],
};
