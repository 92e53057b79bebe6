// One server instance per protocol era, connected once, answering many stateless requests at a
// time, as a stdio connection carries many requests to one instance: the SDK's own serving (its
// Protocol dispatch, the tools' input and output checks, each era's encoding) over a transport of
// its public Transport interface. Serving each request on an instance and a Streamable HTTP
// transport of its own, connected and closed again, cost such a call more than the pipeline it
// runs (npm run bench:profile, issue 29).
//   2025 era: the instance connected here directly; each message carries its AuthInfo.
//   2026 era: the SDK's serveStdio entry over this transport (its documented custom-transport
//   option): it binds one instance to the revision, as it does for a stdio client. That entry hands
//   the instance the message alone, so each request's AuthInfo is kept here under the request's id
//   on this transport and looked up by the tools (authInfoOfExchange, lib/doors/mcp.ts).
//
// A stateless exchange holds nothing of a caller: each request carries its own credentials and its
// own client capabilities (the 2026 envelope; a 2025-era instance is never initialized, so it knows
// none and asks nothing, as a fresh instance). Callers' ids, which may collide, are replaced by
// this transport's own while the request is in the instance. Like the SDK's stateless JSON answers
// (enableJsonResponse), what a handler sends before its result (a progress or log notification) is
// dropped: no tool of this door sends any.
import {
  McpServer,
  type AuthInfo,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type Transport,
} from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { SERVER_INFO, type RegisterTools } from "./tools";

type Answer = JSONRPCMessage & { id: JSONRPCRequest["id"] };
export type Exchange = (request: JSONRPCRequest, authInfo: AuthInfo) => Promise<Answer>;

// one numbering for both eras: an id names one request in flight in this process
let lastId = 0;
const inFlight = new Map<number, AuthInfo>();

/** The AuthInfo of a request in flight on an exchange, by its id there (ctx.mcpReq.id). */
export const authInfoOfExchange = (id: unknown): AuthInfo | undefined =>
  typeof id === "number" ? inFlight.get(id) : undefined;

class ExchangeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly waiting = new Map<number, (answer: Answer) => void>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // only the answer to a request this transport delivered: notifications are dropped (above)
    if (!("id" in message) || "method" in message || typeof message.id !== "number") return;
    const deliver = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    inFlight.delete(message.id);
    deliver?.(message as Answer);
  }

  /** The instance's answer to `request`, under the request's own id. */
  exchange(request: JSONRPCRequest, authInfo: AuthInfo): Promise<Answer> {
    const id = ++lastId;
    return new Promise((resolve) => {
      this.waiting.set(id, (answer) => resolve({ ...answer, id: request.id }));
      inFlight.set(id, authInfo);
      this.onmessage!({ ...request, id }, { authInfo });
    });
  }
}

function serverWith(register: RegisterTools): McpServer {
  const server = new McpServer(SERVER_INFO);
  register(server);
  return server;
}

/** The 2025-era exchange: one instance with every tool. */
export function legacyExchange(register: RegisterTools): Exchange {
  const transport = new ExchangeTransport();
  const connected = serverWith(register).connect(transport);
  return async (request, authInfo) => {
    await connected;
    return transport.exchange(request, authInfo);
  };
}

/** The 2026 exchange: the SDK's stdio entry, modern only, pinning one instance at the first request. */
export function modernExchange(register: RegisterTools): Exchange {
  const transport = new ExchangeTransport();
  serveStdio(() => serverWith(register), { transport, legacy: "reject" });
  return (request, authInfo) => transport.exchange(request, authInfo);
}
