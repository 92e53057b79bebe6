// Idle MCP servers kept for the next stateless request. The SDK serves every stateless request on
// an instance of its own: createMcpHandler asks its factory per request and refuses only an
// instance still serving another one (its assertNotServing), and an instance whose transport has
// closed is idle again (Protocol clears its transport). Building one, with every tool, the views
// and their handlers, and then collecting it, was the largest cost the MCP door had over the API
// door (npm run bench:profile). A pooled instance holds nothing of a caller: each call
// reads its caller from the request (ctx.http.authInfo) and the client's capabilities from the
// request's own envelope (tools.ts), so what one request leaves in it cannot reach the next.
import { McpServer } from "@modelcontextprotocol/server";
import { SERVER_INFO, type RegisterTools } from "./tools";

// enough for every request in flight on one instance at the benchmark's 100 connections; more are
// built when needed and left to the garbage collector when they come back to a full pool
const MAX_IDLE = 128;

/** A source of idle servers with every tool registered; each goes back when its transport closes. */
export function serverPool(register: RegisterTools): () => McpServer {
  const idle: McpServer[] = [];
  const build = () => {
    const server = new McpServer(SERVER_INFO);
    register(server);
    // the SDK's modern serving wraps onclose for the exchange and calls this one after it
    server.server.onclose = () => void (idle.length < MAX_IDLE && idle.push(server));
    return server;
  };
  return () => idle.pop() ?? build();
}
