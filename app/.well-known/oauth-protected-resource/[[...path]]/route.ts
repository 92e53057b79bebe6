// RFC 9728 protected resource metadata of the MCP door, at the path the MCP authorization spec
// names (/.well-known/oauth-protected-resource/api/mcp) and at the root (clients that try it first).
// On each host the door answers, the document names that host's identifier (lib/oauth/resource.ts);
// on any other Host, the canonical one: a Host header is never written into it.
import { protectedResourceMetadata, resourceFor } from "@/lib/oauth/resource";
import { withMcpCors } from "@/lib/mcp/cors";
import { metadataResponse } from "@/lib/oauth/metadata-response";

export const dynamic = "force-dynamic";

async function metadata(request: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await params;
  if (path.length > 0 && path.join("/") !== "api/mcp") return Response.json({ error: "not_found" }, { status: 404 });
  return metadataResponse(protectedResourceMetadata(resourceFor(request)));
}

// readable by the browser hosts the MCP door admits, as the door itself is
const GET = withMcpCors("GET", metadata);
export { GET, GET as OPTIONS };
