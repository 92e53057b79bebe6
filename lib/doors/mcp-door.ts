// The MCP door as one `Request → Response` function: Next's route handler (app/api/mcp/route.ts)
// and the server of `npm start` (lib/http/door-server.ts) both call this.
import { withMcpAuth } from "mcp-handler";
import { handleMcp, verifyKey } from "./mcp-http";
import { refuseForeignRequest } from "./mcp-origin";

const authenticated = withMcpAuth(handleMcp, verifyKey, { required: true });

/** A foreign Host or Origin is refused before anything else, the key included (DNS rebinding). */
export const mcpDoor = (request: Request): Promise<Response> => Promise.resolve(refuseForeignRequest(request) ?? authenticated(request));
