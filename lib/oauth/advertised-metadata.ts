// RFC 8414 metadata names only endpoints that answer. The plugin's document lists every endpoint
// the plugin could serve (introspection among them); /api/auth serves only those the MCP door needs
// (lib/auth/auth.ts), so any other is left out of the document, with the members that describe it
// (introspection_endpoint_auth_methods_supported goes with introspection_endpoint).

/** The metadata without the endpoints `served` says no, and their `<endpoint>_…` members. */
export function advertisedOnly<T extends object>(metadata: T, served: (url: string) => boolean): Partial<T> {
  const entries = Object.entries(metadata);
  const absent = entries
    .filter(([key, value]) => key.endsWith("_endpoint") && (typeof value !== "string" || !served(value)))
    .map(([key]) => key);
  return Object.fromEntries(
    entries.filter(([key]) => !absent.some((endpoint) => key === endpoint || key.startsWith(`${endpoint}_`))),
  ) as Partial<T>;
}
