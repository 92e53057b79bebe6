// One HTTP POST to a receiver, bounded so a slow or hostile receiver cannot hold a worker: the
// connection must open within 5 s and the whole exchange end within WEBHOOKS_TIMEOUT_SECONDS; at
// most 64 KiB of the answer is read (the first 1 KiB is kept for the log) and then the socket is
// dropped; a redirect is an answer like any other, never followed. The address is checked where
// the socket connects (lib/http/public-lookup.ts), so a name resolving to a private address at
// delivery time is refused even if it was public when the endpoint was saved.
import { lookup } from "node:dns";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { isPublicAddress } from "../http/public-address";
import { isLoopbackAddress, publicOnlyLookup } from "../http/public-lookup";

const CONNECT_MS = 5_000;
const READ_CAP = 64 * 1024;
export const KEPT_BYTES = 1024;
const NON_PUBLIC = "ERR_WEBHOOK_NON_PUBLIC";

// Connections are kept open per receiver (a few sockets, closed after 30 s idle): under a stream
// of events, a new TCP and TLS handshake per delivery would cost more than the delivery. A kept
// socket was checked when it connected; an oversized, cut or timed-out answer destroys it.
const agents = new Map<string, HttpAgent>();
function agentFor(url: URL): HttpAgent {
  const key = `${url.protocol}//${url.host}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= 1000) agents.clear(); // their sockets close by themselves once idle
    const options = { keepAlive: true, maxSockets: 2, maxFreeSockets: 2, timeout: 30_000 };
    agent = url.protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

export type SendResult = { status: number | null; body: string | null; error: string | null; durationMs: number };
export type SendOptions = { timeoutMs: number; allowLoopback: boolean; resolve?: typeof lookup };

export function send(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, kept: string | null, error: string | null): SendResult => ({
    status,
    body: kept,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(target);
  const allowed = (address: string) =>
    isPublicAddress(address) || (options.allowLoopback && isLoopbackAddress(address));
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !allowed(literal))
    return Promise.resolve(done(null, null, `refused: ${literal} is not a public address`));
  const guarded = publicOnlyLookup(options.resolve ?? lookup, {
    code: NON_PUBLIC,
    alsoAllowed: (address) => options.allowLoopback && isLoopbackAddress(address),
  });
  const post = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      resolve(result);
    };
    const outgoing = post(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "brand-operations-webhooks",
        },
        lookup: guarded,
        signal: AbortSignal.timeout(options.timeoutMs),
        agent: agentFor(url),
      },
      (incoming) => collect(incoming, (kept, error) => finish(done(incoming.statusCode ?? null, kept, error))),
    );
    const connectTimer = setTimeout(
      () => outgoing.destroy(Object.assign(new Error("connect timeout"), { code: "ECONNECTTIMEOUT" })),
      Math.min(CONNECT_MS, options.timeoutMs),
    );
    outgoing.on("socket", (socket) => {
      if (!socket.connecting) return clearTimeout(connectTimer); // a kept connection, already open
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      finish(done(null, null, describe(error, options.timeoutMs))),
    );
    outgoing.end(body);
  });
}

/** Reads at most READ_CAP bytes, keeps the first KEPT_BYTES; the rest is not waited for. */
function collect(incoming: IncomingMessage, settle: (kept: string, error: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  incoming.on("data", (chunk: Buffer) => {
    size += chunk.byteLength;
    if (chunks.reduce((sum, part) => sum + part.byteLength, 0) < KEPT_BYTES) chunks.push(chunk);
    if (size > READ_CAP) {
      incoming.destroy();
      settle(keep(chunks), null);
    }
  });
  incoming.on("end", () => settle(keep(chunks), null));
  incoming.on("close", () => settle(keep(chunks), incoming.complete ? null : "the answer was cut off"));
  incoming.on("error", (error: NodeJS.ErrnoException) =>
    settle(
      keep(chunks),
      error.name === "AbortError" || error.name === "TimeoutError"
        ? "timed out reading the answer"
        : `answer cut: ${error.message}`,
    ),
  );
}

const keep = (chunks: Buffer[]) => Buffer.concat(chunks).subarray(0, KEPT_BYTES).toString("utf8");

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.code === NON_PUBLIC) return "refused: the receiver's host resolves to a non-public address";
  if (error.code === "ECONNECTTIMEOUT") return "timed out connecting";
  if (error.name === "AbortError" || error.name === "TimeoutError" || error.code === "ABORT_ERR")
    return `timed out after ${timeoutMs} ms`;
  if (error.code === "ENOTFOUND") return "the receiver's host does not resolve";
  if (error.code === "ECONNREFUSED") return "connection refused";
  return `${error.code ?? "error"}: ${error.message}`.slice(0, 300);
}
