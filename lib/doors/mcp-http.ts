// HTTP for the MCP door: the personal API key as bearer token, and the Streamable HTTP serving.
import { createMcpHandler } from "mcp-handler";
import { McpServer, WebStandardStreamableHTTPServerTransport, type AuthInfo } from "@modelcontextprotocol/server";
import { authenticate } from "../core/auth";
import { AppError } from "../core/errors";
import { methodNotAllowed } from "./http";
import { registerTools, SERVER_INFO, type McpCaller } from "./mcp";

const streamNotOffered = methodNotAllowed("POST, DELETE");

/** withMcpAuth's verifier: an unknown, revoked or expired key is no identity (401 + WWW-Authenticate). */
export async function verifyKey(_request: Request, bearer?: string): Promise<AuthInfo | undefined> {
  if (!bearer) return undefined;
  const authorization = `Bearer ${bearer}`;
  try {
    const actor = await authenticate({ kind: "key", authorization }, new Date());
    const caller: McpCaller = { actor, authorization };
    return { token: bearer, clientId: actor.apiKeyId ?? actor.userId, scopes: [...(actor.scopes ?? [])], extra: { caller } };
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthenticated") return undefined;
    throw error;
  }
}

// 2025-era clients (the SDK 1.x Client, the Inspector) can answer an elicitation only on a
// session: the stateless fallback never sees their `initialize`, so it cannot know they declared
// elicitation, and their answer would reach another instance. Their `initialize` opens a session
// here (in memory, bound to the key); everything else goes to mcp-handler, stateless.
const MAX_SESSIONS = 1000;
const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; token: string }>();

export async function handleMcp(request: Request): Promise<Response> {
  const caller = request.auth?.extra?.caller as McpCaller;
  // no standalone SSE stream: the door sends nothing outside a call's own response
  if (request.method === "GET") return streamNotOffered(request);
  const sessionId = request.headers.get("mcp-session-id");
  if (sessionId) {
    const session = sessions.get(sessionId);
    if (!session || session.token !== request.auth?.token) return noSession();
    return session.transport.handleRequest(request, { authInfo: request.auth });
  }
  const body = request.method === "POST" ? await request.clone().json().catch(() => undefined) : undefined;
  if ((body as { method?: unknown } | undefined)?.method === "initialize") return openSession(request, caller);
  return createMcpHandler((server) => registerTools(server, caller), { serverInfo: SERVER_INFO })(request);
}

async function openSession(request: Request, caller: McpCaller): Promise<Response> {
  const token = request.auth!.token;
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (id) => {
      if (sessions.size >= MAX_SESSIONS) void sessions.values().next().value?.transport.close();
      sessions.set(id, { transport, token });
    },
    onsessionclosed: (id) => void sessions.delete(id),
  });
  transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
  const server = new McpServer(SERVER_INFO);
  registerTools(server, caller);
  await server.connect(transport);
  return transport.handleRequest(request, { authInfo: request.auth });
}

const noSession = () =>
  Response.json({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found: initialize again" }, id: null }, { status: 404 });
