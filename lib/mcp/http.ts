// HTTP for the MCP door: the personal API key as bearer token, and the Streamable HTTP serving.
// The door's translation (lib/doors/mcp.ts) hands in how a server gets its tools. Every request
// that is not on a session is the SDK's own handler's (createMcpHandler): the 2026 protocol on its
// modern path, a 2025-era request on its stateless fallback. 2025-era clients (the SDK 1.x Client,
// the Inspector) can answer an elicitation only on a session: the stateless fallback never sees
// their `initialize`, so it cannot know they declared elicitation. Their `initialize` opens a
// session (held-sessions.ts), the SDK's transport of a session, as the SDK's isLegacyRequest
// documentation describes for a sessionful 2025 wiring beside its handler.
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  readRequestBody,
  type McpServer,
} from "@modelcontextprotocol/server";
import { callerOf, insufficientScope, type McpCaller } from "./auth";
import { DRAIN_LIMIT, drain, methodNotAllowed } from "../http/request";
import { scopeOfTool, type RegisterTools } from "./tools";
import { serverPool } from "./server-pool";
import { forgetSession, isOnlyResponses, publishResponses } from "./sessions";
import { heldSession, openSession, takeUp } from "./held-sessions";
import { callerKey } from "../core/auth";
import { rateLimitStore } from "../core/rate-limit";
import { config } from "../config";
import { depthProblem } from "../http/json-text";

const streamNotOffered = methodNotAllowed("POST, DELETE");

type Door = { register: RegisterTools; handler: ReturnType<typeof createMcpHandler> };

/** The MCP door's Streamable HTTP serving, its servers filled by `register`; `request.auth` is the authenticated caller. */
export function mcpHttp(register: RegisterTools): (request: Request) => Promise<Response> {
  // the SDK's handler: one per door; it holds no caller's state. The instances it asks for come
  // from a pool per era: an instance the SDK marked as serving the 2026 protocol must not serve a
  // 2025-era request
  const pools: Record<"legacy" | "modern", () => McpServer> = {
    legacy: serverPool(register),
    modern: serverPool(register),
  };
  const handler = createMcpHandler(({ era }) => pools[era](), { legacy: "stateless" });
  return (request) => handleMcp({ register, handler }, request);
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
  // the SDK answers a 2025-era stateless request on an event stream and a 2026 one as JSON unless
  // the call sends something before its result: the client accepts both (Streamable HTTP)
  return door.handler.fetch(forward, { authInfo: request.auth, parsedBody: body });
}

/** The tool a tools/call message names, if the body is one. */
function toolCalled(body: unknown): string | undefined {
  const message = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  return message?.method === "tools/call" && typeof message.params?.name === "string" ? message.params.name : undefined;
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
