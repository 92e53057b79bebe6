// Metadata documents are public and read by browser-based MCP clients too: JSON, CORS open, cached
// for an hour (they change only with APP_URL).
const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, OPTIONS", "Access-Control-Allow-Headers": "*" };

export function metadataResponse(body: unknown): Response {
  return Response.json(body, { headers: { ...CORS, "Cache-Control": "public, max-age=3600" } });
}

export const metadataPreflight = () => new Response(null, { status: 204, headers: CORS });
