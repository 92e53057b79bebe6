// better-auth's endpoints (sign-in/email, sign-out, get-session, …) under /api/auth; only those
// the service uses are served (lib/auth/auth.ts). The endpoints an MCP client calls itself
// (registration, token, revocation) answer browser MCP hosts too, with the MCP door's CORS; the
// people's endpoints get none.
import { handleAuthRequest, isOAuthClientEndpoint } from "@/lib/auth/auth";
import { withMcpCors } from "@/lib/mcp/cors";

export const dynamic = "force-dynamic";

const forClients = withMcpCors("POST", handleAuthRequest);
const POST = (request: Request) => (isOAuthClientEndpoint(request) ? forClients(request) : handleAuthRequest(request));
// elsewhere the answer Next gives a route without an OPTIONS handler
const OPTIONS = (request: Request) =>
  isOAuthClientEndpoint(request) ? forClients(request) : new Response(null, { status: 204, headers: { Allow: "GET, HEAD, OPTIONS, POST" } });

export { handleAuthRequest as GET, POST, OPTIONS };
