// The MCP sessions this instance holds (2025-era clients, http.ts): in memory, bound to the key,
// and with REDIS_URL recorded in Redis so that any instance can take one up (sessions.ts). How
// many each caller and the instance may hold: session-slots.ts.
import { McpServer, WebStandardStreamableHTTPServerTransport, type AuthInfo } from "@modelcontextprotocol/server";
import { callerKey } from "../core/auth";
import type { McpCaller } from "./auth";
import { findSession, forgetSession, onPublishedResponses, recordSession } from "./sessions";
import { makeRoom, type SessionOwner } from "./session-slots";
import { SERVER_INFO, type RegisterTools } from "./tools";

export type Session = {
  transport: WebStandardStreamableHTTPServerTransport;
  token: string;
  authInfo: AuthInfo;
  owner: SessionOwner;
};
const sessions = new Map<string, Session>();

// an answer to this instance's elicitation that reached another instance
onPublishedResponses((sessionId, body) => {
  const session = sessions.get(sessionId);
  if (!session) return;
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "mcp-session-id": sessionId,
  };
  void session.transport.handleRequest(new Request("http://relay/api/mcp", { method: "POST", headers, body }), {
    authInfo: session.authInfo,
  });
});

export const heldSession = (id: string): Session | undefined => sessions.get(id);

/** A new session for `caller` under `id`, after its own oldest ones made room; "full" when the instance has none. */
export async function openSession(
  register: RegisterTools,
  caller: McpCaller,
  authInfo: AuthInfo,
  id: string,
  initialize: unknown,
): Promise<Session | "full"> {
  const room = makeRoom(owners(), ownerOf(caller));
  if (room === "full") return "full";
  for (const evicted of room) closeSession(evicted);
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    // a client that declared no elicitation is never asked anything mid-call, and no tool here
    // sends a notification before its result: its calls are answered as JSON, without an event
    // stream per call (a fifth of such a call's cost, npm run bench)
    enableJsonResponse: !declaresElicitation(initialize),
    onsessioninitialized: (id) => {
      sessions.set(id, session);
      void recordSession(id, authInfo.token, initialize);
    },
    onsessionclosed: (id) => void sessions.delete(id),
  });
  const session: Session = { transport, token: authInfo.token, authInfo, owner: ownerOf(caller) };
  transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
  const server = new McpServer(SERVER_INFO);
  register(server, caller);
  await server.connect(transport);
  return session;
}

/** A session another instance opened with this key: its `initialize` replayed under the same id. */
export async function takeUp(
  register: RegisterTools,
  request: Request,
  id: string,
  caller: McpCaller,
): Promise<Session | undefined> {
  const initialize = request.auth && (await findSession(id, request.auth.token));
  if (!initialize) return undefined;
  const session = await openSession(register, caller, request.auth!, id, initialize);
  if (session === "full") return undefined;
  const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  const replay = new Request(request.url, { method: "POST", headers, body: JSON.stringify(initialize) });
  await (await session.transport.handleRequest(replay, { authInfo: request.auth })).text();
  return session;
}

function declaresElicitation(initialize: unknown): boolean {
  const params = (initialize as { params?: { capabilities?: { elicitation?: unknown } } } | undefined)?.params;
  return params?.capabilities?.elicitation !== undefined;
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
