// MCP sessions shared between instances through Redis (REDIS_URL), so a 2025-protocol client that
// a balancer sends to another instance keeps its session. What a session needs to exist anywhere
// is small: the key it is bound to (as a hash) and the client's `initialize` request (its declared
// capabilities, elicitation among them). Another instance replays that `initialize` into a fresh
// transport under the same id (http.ts). One thing cannot move: a request the server is
// waiting on (an elicitation) lives in the instance that sent it, so the client's answers are
// published on a channel and the instance holding the session feeds them to its transport.
// Without REDIS_URL every function here does nothing and sessions stay per process.
import { createHash, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { log } from "../log";
import { redis, redisReady } from "../redis";

const PREFIX = "brandops:mcp:session:";
const CHANNEL = "brandops:mcp:client-responses";
const TTL_SECONDS = 24 * 3600;
const INSTANCE = randomUUID();

type Relayed = (sessionId: string, body: string) => void;
const globalForSessions = globalThis as unknown as { brandOpsMcpRelay?: { subscriber: Redis; handlers: Set<Relayed> } };

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");
const ready = (): Redis | undefined => {
  const client = redis();
  return client && redisReady(client) ? client : undefined;
};

export async function recordSession(sessionId: string, token: string, initialize: unknown): Promise<void> {
  await ready()
    ?.set(PREFIX + sessionId, JSON.stringify({ tokenHash: tokenHash(token), initialize }), "EX", TTL_SECONDS)
    .catch((error) => log.warn({ component: "mcp", err: error }, "recording an MCP session in Redis failed"));
}

/** The `initialize` request of a session opened elsewhere with this same key, if any. */
export async function findSession(sessionId: string, token: string): Promise<unknown | undefined> {
  const stored = await ready()
    ?.get(PREFIX + sessionId)
    .catch(() => null);
  if (!stored) return undefined;
  const record = JSON.parse(stored) as { tokenHash: string; initialize: unknown };
  return record.tokenHash === tokenHash(token) ? record.initialize : undefined;
}

export async function forgetSession(sessionId: string): Promise<void> {
  await ready()
    ?.del(PREFIX + sessionId)
    .catch(() => undefined);
}

/** A POST carrying only JSON-RPC responses (answers to the server's requests) goes to every instance. */
export function publishResponses(sessionId: string, body: string): void {
  void ready()
    ?.publish(CHANNEL, JSON.stringify({ from: INSTANCE, sessionId, body }))
    .catch(() => undefined);
}

/** Calls `handler` for answers other instances received; subscribes once per process. */
export function onPublishedResponses(handler: Relayed): void {
  const client = redis();
  if (!client) return;
  if (!globalForSessions.brandOpsMcpRelay) {
    const subscriber = client.duplicate();
    subscriber.on("error", () => {});
    subscriber.on("ready", () => void subscriber.subscribe(CHANNEL).catch(() => undefined));
    const handlers = new Set<Relayed>();
    subscriber.on("message", (_channel: string, message: string) => {
      const { from, sessionId, body } = JSON.parse(message) as { from: string; sessionId: string; body: string };
      if (from !== INSTANCE) for (const relayed of handlers) relayed(sessionId, body);
    });
    globalForSessions.brandOpsMcpRelay = { subscriber, handlers };
  }
  globalForSessions.brandOpsMcpRelay.handlers.add(handler);
}

/** Only responses, no method: the client answering the server. */
export function isOnlyResponses(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return (
    messages.length > 0 &&
    messages.every((item) => item && typeof item === "object" && !("method" in item) && "id" in item)
  );
}
