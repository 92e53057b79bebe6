// RFC 9728 protected resource metadata of the MCP door, at the path the MCP authorization spec
// names (/.well-known/oauth-protected-resource/api/mcp) and at the root (clients that try it first).
import { protectedResourceMetadata } from "@/lib/oauth/resource";
import { metadataResponse, metadataPreflight } from "@/lib/oauth/metadata-response";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await params;
  if (path.length > 0 && path.join("/") !== "api/mcp") return Response.json({ error: "not_found" }, { status: 404 });
  return metadataResponse(protectedResourceMetadata());
}

export const OPTIONS = metadataPreflight;
