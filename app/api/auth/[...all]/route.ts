// better-auth's endpoints (sign-in/email, sign-out, get-session, …) under /api/auth; only those
// the service uses are served (lib/auth/auth.ts), with registrations bounded and browsers sent on
// only to trusted addresses (lib/auth/authorization-server.ts). The endpoints an MCP client calls
// itself (registration, token, revocation) answer browser MCP hosts too, with the MCP door's CORS;
// the people's endpoints get none.
import { isOAuthClientEndpoint } from "@/lib/auth/auth";
import { withMcpCors } from "@/lib/mcp/cors";
import { answerAuthRequest } from "@/lib/auth/authorization-server";

export const dynamic = "force-dynamic";

const forClients = withMcpCors("POST", answerAuthRequest);
const POST = (request: Request) => (isOAuthClientEndpoint(request) ? forClients(request) : answerAuthRequest(request));
// elsewhere the answer Next gives a route without an OPTIONS handler
const OPTIONS = (request: Request) =>
  isOAuthClientEndpoint(request)
    ? forClients(request)
    : new Response(null, { status: 204, headers: { Allow: "GET, HEAD, OPTIONS, POST" } });

export { answerAuthRequest as GET, POST, OPTIONS };
