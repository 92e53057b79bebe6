// HTTP for the MCP door: the personal API key as bearer token, and the Streamable HTTP serving.
import {
  createMcpHandler, DEFAULT_MAX_REQUEST_BODY_SIZE, isLegacyRequest, McpServer, readRequestBody, WebStandardStreamableHTTPServerTransport, type AuthInfo,
} from "@modelcontextprotocol/server";
import { insufficientScope } from "./mcp-auth";
import { DRAIN_LIMIT, drain, methodNotAllowed } from "./http";
import { registerTools, scopeOfTool, SERVER_INFO, type McpCaller } from "./mcp";
import { findSession, forgetSession, isOnlyResponses, onPublishedResponses, publishResponses, recordSession } from "./mcp-sessions";
import { makeRoom, type SessionOwner } from "./mcp-session-slots";
import { callerKey } from "../core/auth";
import { rateLimitStore } from "../core/rate-limit";
import { config } from "../config";
import { depthProblem } from "../http/json-text";

const streamNotOffered = methodNotAllowed("POST, DELETE");

// 2025-era clients (the SDK 1.x Client, the Inspector) can answer an elicitation only on a
// session: the stateless fallback never sees their `initialize`, so it cannot know they declared
// elicitation. Their `initialize` opens a session here (in memory, bound to the key, and with
// REDIS_URL recorded in Redis so that any instance can take it up: mcp-sessions.ts); everything
// else goes to mcp-handler, stateless.
// How many each caller and the instance may hold: mcp-session-slots.ts.
type Session = { transport: WebStandardStreamableHTTPServerTransport; token: string; authInfo: AuthInfo; owner: SessionOwner };
const sessions = new Map<string, Session>();

// an answer to this instance's elicitation that reached another instance
onPublishedResponses((sessionId, body) => {
  const session = sessions.get(sessionId);
  if (!session) return;
  const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "mcp-session-id": sessionId };
  void session.transport.handleRequest(new Request("http://relay/api/mcp", { method: "POST", headers, body }), { authInfo: session.authInfo });
});

export async function handleMcp(request: Request): Promise<Response> {
  const caller = request.auth?.extra?.caller as McpCaller;
  // no standalone SSE stream: the door sends nothing outside a call's own response
  if (request.method === "GET") return streamNotOffered(request);
  const sessionId = request.headers.get("mcp-session-id");
  const read = await readMessage(request);
  if (read instanceof Response) return read;
  const { body, forward } = read;
  const needed = scopeOfTool(toolCalled(body));
  const stepUp = needed ? insufficientScope(request, caller.actor, needed) : undefined;
  if (stepUp) return stepUp;
  if (sessionId) {
    const session = sessions.get(sessionId) ?? (await takeUp(request, sessionId, caller));
    if (!session || session.token !== request.auth?.token) return noSession();
    if (request.method === "DELETE") void forgetSession(sessionId);
    if (isOnlyResponses(body)) publishResponses(sessionId, JSON.stringify(body));
    return session.transport.handleRequest(forward, { authInfo: request.auth, parsedBody: body });
  }
  if ((body as { method?: unknown } | undefined)?.method === "initialize") {
    // an initialize counts against the key's rate like any call: a burst of sessions is a burst of calls
    const limited = await refuseOverRate(caller);
    if (limited) return limited;
    const room = makeRoom(owners(), ownerOf(caller));
    if (room === "full") return instanceFull();
    for (const id of room) closeSession(id);
    const session = await newSession(caller, request.auth!, crypto.randomUUID(), body);
    return session.transport.handleRequest(forward, { authInfo: request.auth, parsedBody: body });
  }
  const calling = toolCalled(body);
  const authInfo: AuthInfo = { ...request.auth!, extra: { ...request.auth!.extra, calling } };
  // 2025-era traffic (no per-request envelope) is answered statelessly with a JSON body rather than
  // the SDK fallback's event stream: no tool of this door sends anything before its result on a
  // stateless call (elicitation needs a session, above), and the stream cost every call ~15 % more
  // (npm run bench, issue 16). The 2026 protocol goes to the SDK's own handler.
  if (await isLegacyRequest(forward, body)) return legacyStateless(forward, authInfo, body);
  return modern.fetch(forward, { authInfo, parsedBody: body });
}

/** The tool a tools/call message names, if the body is one. */
function toolCalled(body: unknown): string | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  return message?.method === "tools/call" && typeof message.params?.name === "string" ? message.params.name : undefined;
}

function serverFor(authInfo: AuthInfo | undefined): McpServer {
  const server = new McpServer(SERVER_INFO);
  const extra = authInfo?.extra as { caller: McpCaller; calling?: string };
  registerTools(server, extra.caller, extra.calling);
  return server;
}

/** The SDK's handler for 2026-protocol requests: one per process; it holds no caller's state. */
const modern = createMcpHandler(({ authInfo }) => serverFor(authInfo), { legacy: "reject" });

/** One 2025-era request on a fresh server and transport of its own, answered as JSON, then closed. */
async function legacyStateless(request: Request, authInfo: AuthInfo, parsedBody: unknown): Promise<Response> {
  // as the SDK's stateless fallback answers: without a session only POST means anything
  if (request.method !== "POST") return Response.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }, { status: 405, headers: { Allow: "POST" } });
  const server = serverFor(authInfo);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { authInfo, parsedBody });
  } finally {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  }
}

/**
 * A POST's body read once, with the SDK's own size bound, and parsed: the SDK is handed the parsed
 * message and does not read it again (a clone of the body cost every call a second stream). A body
 * that is not JSON goes on as text, so the SDK answers it with its own parse error; a body over the
 * bound gets the SDK's 413, after the rest of it is drained (as the API door does).
 */
async function readMessage(request: Request): Promise<Response | { body: unknown; forward: Request }> {
  if (request.method !== "POST") return { body: undefined, forward: request };
  const read = await readRequestBody(request, DEFAULT_MAX_REQUEST_BODY_SIZE).catch(() => undefined);
  if (read?.tooLarge) {
    const message = `Payload Too Large: Request body must not exceed ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`;
    // the rest is read and dropped, so the sender hears the 413 and the connection stays usable
    const declared = Number(request.headers.get("content-length") ?? "0");
    const drained = declared <= DRAIN_LIMIT && request.body ? await drain(request.body.getReader(), 0) : declared <= DRAIN_LIMIT;
    return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status: 413, headers: drained ? {} : { Connection: "close" } });
  }
  // as every route reads a body (lib/http/json-text.ts): a nesting no message needs is refused
  // before anything recurses over it (the session record's JSON.stringify would overflow)
  const tooDeep = read ? depthProblem(read.text) : undefined;
  if (tooDeep) return Response.json({ jsonrpc: "2.0", error: { code: -32600, message: `Invalid Request: body ${tooDeep}` }, id: null }, { status: 400 });
  try {
    if (read && read.text.length > 0) return { body: JSON.parse(read.text), forward: request };
  } catch {
    // not JSON: below
  }
  return { body: undefined, forward: new Request(request.url, { method: "POST", headers: request.headers, body: read?.text ?? "" }) };
}

async function newSession(caller: McpCaller, authInfo: AuthInfo, id: string, initialize: unknown): Promise<Session> {
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    onsessioninitialized: (id) => {
      sessions.set(id, session);
      void recordSession(id, authInfo.token, initialize);
    },
    onsessionclosed: (id) => void sessions.delete(id),
  });
  const session: Session = { transport, token: authInfo.token, authInfo, owner: ownerOf(caller) };
  transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
  const server = new McpServer(SERVER_INFO);
  registerTools(server, caller);
  await server.connect(transport);
  return session;
}

/** A session another instance opened with this key: its `initialize` replayed under the same id. */
async function takeUp(request: Request, id: string, caller: McpCaller): Promise<Session | undefined> {
  const initialize = request.auth && (await findSession(id, request.auth.token));
  if (!initialize) return undefined;
  const room = makeRoom(owners(), ownerOf(caller));
  if (room === "full") return undefined;
  for (const evicted of room) closeSession(evicted);
  const session = await newSession(caller, request.auth!, id, initialize);
  const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  const replay = new Request(request.url, { method: "POST", headers, body: JSON.stringify(initialize) });
  await (await session.transport.handleRequest(replay, { authInfo: request.auth })).text();
  return session;
}

const ownerOf = (caller: McpCaller): SessionOwner => ({ key: callerKey(caller.actor), person: caller.actor.userId });
const owners = () => new Map([...sessions].map(([id, session]) => [id, session.owner]));

/** A session given up to make room for its own caller's newer one: gone here and in Redis. */
function closeSession(id: string): void {
  const session = sessions.get(id);
  sessions.delete(id);
  void forgetSession(id);
  void session?.transport.close().catch(() => undefined);
}

async function refuseOverRate(caller: McpCaller): Promise<Response | undefined> {
  const decision = await rateLimitStore().hit(callerKey(caller.actor), config().RATE_LIMIT_PER_MINUTE, Date.now());
  if (decision.allowed) return undefined;
  const message = `Rate limit of ${decision.limit} calls per minute reached; retry in ${decision.retryAfterSeconds} s`;
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } });
}

const instanceFull = () =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message: "This instance holds as many MCP sessions as it can; retry shortly" }, id: null }, { status: 503, headers: { "Retry-After": "30" } });

const noSession = () =>
  Response.json({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found: initialize again" }, id: null }, { status: 404 });
