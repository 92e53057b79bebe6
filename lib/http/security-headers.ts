// The headers every page is sent, in one place (proxy.ts applies them): no framing by other sites
// (clickjacking the confirm buttons), no Referer at all (pages carry signed links and OAuth codes in
// their URLs, and nothing here reads the Referer; the proxy's value wins over a route's own), the
// microphone for this origin only (the Voice door) and no other powerful feature, and HSTS where the
// service is served over https.
export function securityHeaders(appUrl: string): Record<string, string> {
  return {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()",
    "X-Content-Type-Options": "nosniff",
    ...(appUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
