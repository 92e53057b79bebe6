// The MCP door as one `Request → Response` function: Next's route handler (app/api/mcp/route.ts)
// and the server of `npm start` (lib/http/door-server.ts) both call this.
import { authenticateMcp } from "./mcp-auth";
import { handleMcp } from "./mcp-http";
import { refuseForeignRequest } from "./mcp-origin";

/** A foreign Host or Origin is refused before anything else, the key included (DNS rebinding). */
export async function mcpDoor(request: Request): Promise<Response> {
  const foreign = refuseForeignRequest(request);
  if (foreign) return foreign;
  const authenticated = await authenticateMcp(request);
  if (authenticated instanceof Response) return authenticated;
  return handleMcp(Object.assign(request, { auth: authenticated.authInfo }));
}
