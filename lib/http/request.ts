// HTTP details every door and file route shares: the request id they echo, the 405 answer, and
// what is done with a body refused for its size.
import { randomUUID } from "node:crypto";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The caller's X-Request-Id when it is 1–128 characters of [A-Za-z0-9._-], else a new one
 * (docs/design.md, calls).
 */
export function requestIdOf(request: Request): string {
  return requestIdFrom(request.headers.get("x-request-id"));
}

/** requestIdOf for a header value read elsewhere (a node:http request: lib/http/node-bridge.ts). */
export function requestIdFrom(sent: string | null | undefined): string {
  return sent && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** What reading a body needs of a stream: a Web stream's reader, or a node:http request's (node-bridge.ts). */
export type ChunkReader = { read(): Promise<ReadableStreamReadResult<Uint8Array>>; cancel(): Promise<void> };

/** A route handler answering 405 with the methods the route does allow, and no body. */
export function methodNotAllowed(allow: string) {
  return (request: Request) =>
    new Response(null, { status: 405, headers: { Allow: allow, "X-Request-Id": requestIdOf(request) } });
}

/** How much of a too-large body is still read (and dropped) so its sender hears the answer. */
export const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, up to DRAIN_LIMIT in all (`size`: bytes already
 * read). A connection closed while the client is still sending resets, and the client (undici
 * here) then reports EPIPE instead of the answer (the body fuzzer met it with 3 and 8 MiB bodies);
 * a body left unread would be taken for the next request on a kept-alive connection. Past the
 * limit we stop reading: false, and the answer must close the connection.
 */
export async function drain(reader: ChunkReader, size: number): Promise<boolean> {
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > DRAIN_LIMIT) {
      await reader.cancel();
      return false;
    }
  }
  return true;
}

/** A JSON object (not an array, not null): what every door's input is. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
