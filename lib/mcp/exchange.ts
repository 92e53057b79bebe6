// One server instance per protocol era, connected once, answering many stateless requests at a
// time, as a stdio connection carries many requests to one instance: the SDK's own serving (its
// Protocol dispatch, the tools' input and output checks, each era's encoding) over a transport of
// its public Transport interface. Serving each request on an instance and a Streamable HTTP
// transport of its own, connected and closed again, cost such a call more than the pipeline it
// runs (npm run bench:profile).
//   2025 era: the instance connected here directly; each message carries its AuthInfo.
//   2026 era: the SDK's serveStdio entry over this transport (its documented custom-transport
//   option): it binds one instance to the revision, as it does for a stdio client. That entry hands
//   the instance the message alone, so each request's AuthInfo is kept here under the request's id
//   on this transport and looked up by the tools (request-auth.ts).
//
// A stateless exchange holds nothing of a caller: each request carries its own credentials and its
// own client capabilities (the 2026 envelope; a 2025-era instance is never initialized, so it knows
// none and asks nothing, as a fresh instance). Callers' ids, which may collide, are replaced by
// this transport's own while the request is in the instance. Like the SDK's stateless JSON answers
// (enableJsonResponse), what a handler sends before its result (a progress or log notification) is
// dropped: no tool of this door sends any.
//
// An exchange never leaves a caller waiting: a call the instance has not answered within
// CALL_TIMEOUT_MS is answered with a JSON-RPC error (the instance may still finish it; that late
// answer is dropped), and when the SDK closes the transport (the instance closed, or failed) every
// waiting call is answered with an error at once and the next request builds the exchange again.
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
/** One request answered by the exchange's instance; `close` closes its transport as the SDK would. */
export type Exchange = ((request: JSONRPCRequest, authInfo: AuthInfo) => Promise<Answer>) & {
  close(): Promise<void>;
};

// longer than any call of the pipeline takes (the model judge gives up at 30 s), shorter than a
// client's patience: a call past it is lost to its caller anyway
const CALL_TIMEOUT_MS = 60_000;

// one numbering for both eras: an id names one request in flight in this process
let lastId = 0;
const inFlight = new Map<number, AuthInfo>();

/** The AuthInfo of a request in flight on an exchange, by its id there (ctx.mcpReq.id). */
export const authInfoOfExchange = (id: unknown): AuthInfo | undefined =>
  typeof id === "number" ? inFlight.get(id) : undefined;

/** A JSON-RPC error answer in the server-error range, as the door's own refusals are. */
const failed = (id: JSONRPCRequest["id"], message: string): Answer => ({
  jsonrpc: "2.0",
  id,
  error: { code: -32000, message },
});

type Waiting = { deliver: (answer: Answer) => void; timer: NodeJS.Timeout };

class ExchangeTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  closed = false;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly timeoutMs: number) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const id of [...this.waiting.keys()])
      this.settle(id, failed(id, "The server closed this exchange before it answered: send the request again"));
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // only the answer to a request this transport delivered: notifications are dropped (above)
    if (!("id" in message) || "method" in message || typeof message.id !== "number") return;
    this.settle(message.id, message as Answer);
  }

  /** The instance's answer to `request`, under the request's own id. */
  exchange(request: JSONRPCRequest, authInfo: AuthInfo): Promise<Answer> {
    const id = ++lastId;
    return new Promise((resolve) => {
      const seconds = this.timeoutMs / 1000;
      const timer = setTimeout(
        () => this.settle(id, failed(id, `The server did not answer within ${seconds} s: send the request again`)),
        this.timeoutMs,
      );
      this.waiting.set(id, { deliver: (answer) => resolve({ ...answer, id: request.id }), timer });
      inFlight.set(id, authInfo);
      this.onmessage!({ ...request, id }, { authInfo });
    });
  }

  /** Answers a waiting call once: its instance's answer, a timeout or the close, whichever comes first. */
  private settle(id: number, answer: Answer): void {
    const waiting = this.waiting.get(id);
    inFlight.delete(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.deliver(answer);
  }
}

function serverWith(register: RegisterTools): McpServer {
  const server = new McpServer(SERVER_INFO);
  register(server);
  return server;
}

type Connected = { transport: ExchangeTransport; ready: Promise<void>; close(): Promise<void> };

/** An exchange over `connect`'s transport, connected again once the SDK closed the last one. */
function rebuilt(connect: (transport: ExchangeTransport) => Connected, options: Options): Exchange {
  let current: Connected | undefined;
  const live = () => {
    if (!current || current.transport.closed)
      current = connect(new ExchangeTransport(options.timeoutMs ?? CALL_TIMEOUT_MS));
    return current;
  };
  const exchange = async (request: JSONRPCRequest, authInfo: AuthInfo) => {
    const { transport, ready } = live();
    await ready;
    return transport.exchange(request, authInfo);
  };
  return Object.assign(exchange, { close: async () => current?.close() });
}

/** How long a call may wait for its answer (tests of the exchange itself wait less). */
type Options = { timeoutMs?: number };

/** The 2025-era exchange: one instance with every tool. */
export function legacyExchange(register: RegisterTools, options: Options = {}): Exchange {
  return rebuilt((transport) => {
    const server = serverWith(register);
    return { transport, ready: server.connect(transport), close: () => server.close() };
  }, options);
}

/** The 2026 exchange: the SDK's stdio entry, modern only, pinning one instance at the first request. */
export function modernExchange(register: RegisterTools, options: Options = {}): Exchange {
  return rebuilt((transport) => {
    const serving = serveStdio(() => serverWith(register), { transport, legacy: "reject" });
    return { transport, ready: Promise.resolve(), close: () => serving.close() };
  }, options);
}
