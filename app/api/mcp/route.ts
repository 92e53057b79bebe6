import { withMcpAuth } from "mcp-handler";
import { handleMcp, verifyKey } from "@/lib/doors/mcp-http";
import { refuseForeignRequest } from "@/lib/doors/mcp-origin";

export const dynamic = "force-dynamic";

const authenticated = withMcpAuth(handleMcp, verifyKey, { required: true });

// a foreign Host or Origin is refused before anything else, the key included (DNS rebinding)
const handler = (request: Request) => refuseForeignRequest(request) ?? authenticated(request);

export { handler as GET, handler as POST, handler as DELETE };
