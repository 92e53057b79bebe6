// RFC 8414 authorization server metadata. The issuer is APP_URL/api/auth (better-auth's base
// path), so its metadata lives at /.well-known/oauth-authorization-server/api/auth (RFC 8414 §3.1);
// the root answers the same for clients that look there. It names only the endpoints /api/auth serves.
import { auth, servesAuthEndpoint } from "@/lib/auth/auth";
import { withMcpCors } from "@/lib/mcp/cors";
import { advertisedOnly } from "@/lib/oauth/advertised-metadata";
import { metadataResponse } from "@/lib/oauth/metadata-response";

export const dynamic = "force-dynamic";

async function metadata(_request: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await params;
  if (path.length > 0 && path.join("/") !== "api/auth") return Response.json({ error: "not_found" }, { status: 404 });
  return metadataResponse(advertisedOnly(await auth().api.getOAuthServerConfig(), servesAuthEndpoint));
}

// readable by the browser hosts the MCP door admits, as the door itself is
const GET = withMcpCors("GET", metadata);
export { GET, GET as OPTIONS };
