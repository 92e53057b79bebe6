// The MCP door as one `Request → Response` function: Next's route handler (app/api/mcp/route.ts)
// and the server of `npm start` (lib/http/door-server.ts) both call this, CORS included.
import { authenticateMcp } from "./mcp-auth";
import { withMcpCors } from "./mcp-cors";
import { handleMcp } from "./mcp-http";
import { refuseForeignRequest } from "./mcp-origin";

/** A foreign Host or Origin is refused before anything else, the key included (DNS rebinding). */
async function door(request: Request): Promise<Response> {
  const foreign = refuseForeignRequest(request);
  if (foreign) return foreign;
  const authenticated = await authenticateMcp(request);
  if (authenticated instanceof Response) return authenticated;
  return handleMcp(Object.assign(request, { auth: authenticated.authInfo }));
}

/** The door for browser hosts too: preflights answered, every answer readable by admitted origins. */
export const mcpDoor = withMcpCors("GET, POST, DELETE", door);
