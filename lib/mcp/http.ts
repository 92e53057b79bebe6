// HTTP for the MCP door: the personal API key as bearer token, and the Streamable HTTP serving, the
// SDK's own: its `createMcpHandler` for 2026-protocol requests, and for 2025-era traffic routed in
// front of it with the SDK's `isLegacyRequest`, as its documentation shows. Every request is served
// by a fresh server from one factory, filled by the door's translation (lib/doors/mcp.ts).
// 2025-era clients (the SDK 1.x Client, the Inspector) can answer an elicitation only on a session:
// the stateless fallback never sees their `initialize`, so it cannot know they declared
// elicitation. Their `initialize` opens a session (held-sessions.ts); everything else is stateless.
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isLegacyRequest,
  McpServer,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
  type LegacyHttpHandler,
  type McpRequestContext,
  type McpServerFactory,
} from "@modelcontextprotocol/server";
import { callerOf, insufficientScope, type McpCaller } from "./auth";
import { DRAIN_LIMIT, drain, methodNotAllowed } from "../http/request";
import { SERVER_INFO, scopeOfTool, type RegisterTools } from "./tools";
import { forgetSession, isOnlyResponses, publishResponses } from "./sessions";
import { heldSession, openSession, takeUp } from "./held-sessions";
import { callerKey } from "../core/auth";
import { rateLimitStore } from "../core/rate-limit";
import { config } from "../config";
import { depthProblem } from "../http/json-text";

const streamNotOffered = methodNotAllowed("POST, DELETE");

type Stateless = { modern: LegacyHttpHandler; legacy: LegacyHttpHandler };
type Door = Stateless & { register: RegisterTools };

/** The MCP door's Streamable HTTP serving, its servers filled by `register`; `request.auth` is the authenticated caller. */
export function mcpHttp(register: RegisterTools): (request: Request) => Promise<Response> {
  const door = { register, ...statelessServing(register) };
  return (request) => handleMcp(door, request);
}

/**
 * Sessionless serving, each request on a fresh server from one factory (the SDK's factory contract):
 * the 2026 protocol by the SDK's handler, one per door, which holds no caller's state; 2025-era
 * requests by the SDK's stateless transport answering JSON (jsonLegacy). A tools/call's server gets
 * the tool it calls alone: registering every tool cost such a call ~80 µs of ~560 (npm run
 * bench:profile, issue 37).
 */
export function statelessServing(register: RegisterTools): Stateless {
  // the tool each request in flight calls: the SDK hands the factory the request, not its parsed body
  const calling = new WeakMap<Request, string>();
  const fresh = ({ requestInfo }: McpRequestContext) => {
    const server = new McpServer(SERVER_INFO);
    register(server, undefined, requestInfo && calling.get(requestInfo));
    return server;
  };
  const naming =
    (leg: LegacyHttpHandler): LegacyHttpHandler =>
    (request, options) => {
      const tool = toolCalled(options?.parsedBody);
      if (tool !== undefined) calling.set(request, tool);
      return leg(request, options);
    };
  return { modern: naming(createMcpHandler(fresh, { legacy: "reject" }).fetch), legacy: naming(jsonLegacy(fresh)) };
}

async function handleMcp(door: Door, request: Request): Promise<Response> {
  const caller = callerOf(request.auth);
  if (!caller) throw new Error("the MCP door serves authenticated requests only (request.auth)");
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
    const session = heldSession(sessionId) ?? (await takeUp(door.register, request, sessionId, caller));
    if (!session || session.token !== request.auth?.token) return noSession();
    if (request.method === "DELETE") void forgetSession(sessionId);
    if (isOnlyResponses(body)) publishResponses(sessionId, JSON.stringify(body));
    return session.transport.handleRequest(forward, { authInfo: request.auth, parsedBody: body });
  }
  if ((body as { method?: unknown } | undefined)?.method === "initialize") {
    // an initialize counts against the key's rate like any call: a burst of sessions is a burst of calls
    const limited = await refuseOverRate(caller);
    if (limited) return limited;
    const session = await openSession(door.register, caller, request.auth!, crypto.randomUUID(), body);
    if (session === "full") return instanceFull();
    return session.transport.handleRequest(forward, { authInfo: request.auth, parsedBody: body });
  }
  const leg = (await isLegacyRequest(forward, body)) ? door.legacy : door.modern;
  return leg(forward, { authInfo: request.auth!, parsedBody: body });
}

/** The tool a tools/call message names, if the body is one. */
function toolCalled(body: unknown): string | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  return message?.method === "tools/call" && typeof message.params?.name === "string" ? message.params.name : undefined;
}

/**
 * 2025-era requests without a session, each on a fresh server and the SDK's stateless transport,
 * answered with one JSON body (docs/mcp.md) rather than the SDK fallback's event stream: no tool of
 * this door sends anything before its result on a stateless call (elicitation needs a session).
 */
function jsonLegacy(fresh: McpServerFactory): LegacyHttpHandler {
  return async (request, options) => {
    // as the SDK's stateless fallback answers: without a session only POST means anything
    if (request.method !== "POST")
      return Response.json(
        { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
        { status: 405, headers: { Allow: "POST" } },
      );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = await fresh({ era: "legacy", authInfo: options?.authInfo, requestInfo: request });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, options);
    } finally {
      void transport.close().catch(() => undefined);
    }
  };
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
    const drained =
      declared <= DRAIN_LIMIT && request.body ? await drain(request.body.getReader(), 0) : declared <= DRAIN_LIMIT;
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
      { status: 413, headers: drained ? {} : { Connection: "close" } },
    );
  }
  // as every route reads a body (lib/http/json-text.ts): a nesting no message needs is refused
  // before anything recurses over it (the session record's JSON.stringify would overflow)
  const tooDeep = read ? depthProblem(read.text) : undefined;
  if (tooDeep)
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32600, message: `Invalid Request: body ${tooDeep}` }, id: null },
      { status: 400 },
    );
  try {
    if (read && read.text.length > 0) return { body: JSON.parse(read.text), forward: request };
  } catch {
    // not JSON: below
  }
  return {
    body: undefined,
    forward: new Request(request.url, { method: "POST", headers: request.headers, body: read?.text ?? "" }),
  };
}

async function refuseOverRate(caller: McpCaller): Promise<Response | undefined> {
  const decision = await rateLimitStore().hit(callerKey(caller.actor), config().RATE_LIMIT_PER_MINUTE, Date.now());
  if (decision.allowed) return undefined;
  const message = `Rate limit of ${decision.limit} calls per minute reached; retry in ${decision.retryAfterSeconds} s`;
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds) } },
  );
}

const instanceFull = () =>
  Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32000, message: "This instance holds as many MCP sessions as it can; retry shortly" },
      id: null,
    },
    { status: 503, headers: { "Retry-After": "30" } },
  );

const noSession = () =>
  Response.json(
    { jsonrpc: "2.0", error: { code: -32001, message: "Session not found: initialize again" }, id: null },
    { status: 404 },
  );
