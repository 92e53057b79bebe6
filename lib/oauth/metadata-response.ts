// Metadata documents are public and change only with APP_URL: JSON, cached for an hour. Browser MCP
// hosts read them too; their CORS is the MCP door's (lib/mcp/cors.ts, applied by the routes).
export function metadataResponse(body: unknown): Response {
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=3600" } });
}
