// node:http ⇄ the Web `Request → Response` functions the doors are written as. `npm start` serves
// the API and MCP doors through this in front of Next's handler (lib/doors/server.ts), so the
// doors keep one definition that Next's route handlers call too, without Next's per-request cost.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ChunkReader } from "./request";

/**
 * A node:http request's header as a Web Headers object reads it: names in any case, repeated
 * headers joined with ", " (node itself keeps only the first Authorization or Content-Type, which
 * would answer a request the Web face refuses). The table is built on the first read.
 */
export function headerOf(request: IncomingMessage): (name: string) => string | null {
  let table: Map<string, string> | undefined;
  return (name) => {
    if (!table) {
      table = new Map();
      const raw = request.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        const key = raw[i]!.toLowerCase();
        const seen = table.get(key);
        table.set(key, seen === undefined ? raw[i + 1]! : `${seen}, ${raw[i + 1]!}`);
      }
    }
    return table.get(name.toLowerCase()) ?? null;
  };
}

/**
 * A node:http request's body as chunks, read as a Web stream's reader reads them (its events, not
 * its async iterator: that cost a call ~20 µs, npm run bench:profile); cancel stops the upload.
 */
export function nodeReader(request: IncomingMessage): ChunkReader {
  const queued: Buffer[] = [];
  let ended = false;
  let failed: Error | undefined;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  request.on("data", (chunk: Buffer) => {
    queued.push(chunk);
    // back-pressure: at most one chunk waits for the reader
    request.pause();
    woken();
  });
  request.once("end", () => ((ended = true), woken()));
  request.once("error", (error) => ((failed = error), woken()));
  // a client gone before the end of its body: nothing more will come
  request.once(
    "close",
    () => ((failed ??= ended ? undefined : new Error("the request closed before its body ended")), woken()),
  );
  const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    for (;;) {
      const chunk = queued.shift();
      if (chunk) return { done: false, value: chunk };
      if (failed) throw failed;
      if (ended) return { done: true, value: undefined };
      request.resume();
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  // the door stopped reading (a body past its limit): the rest is not wanted
  return { read, cancel: async () => void request.destroy() };
}

/** The whole body of a request whose length is declared, as read off the socket. */
export function readWhole(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => ((ended = true), resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
    request.once("error", reject);
    // every request closes once answered: an Error (its stack captured) made then for nothing cost
    // an MCP call ~30 µs (PROFILE_CONNECTIONS=1 npm run bench:profile)
    request.once("close", () => ended || reject(new Error("the request closed before its body ended")));
  });
}

/** A JSON answer written whole, with its length. */
export function sendJson(to: ServerResponse, status: number, headers: Record<string, string>, payload: unknown): void {
  // encoded once: its length is then the buffer's (Buffer.byteLength and end(text) each encoded it)
  const body = Buffer.from(JSON.stringify(payload));
  to.writeHead(status, { ...headers, "content-type": "application/json", "content-length": String(body.length) }).end(
    body,
  );
}

/**
 * The Web Request for a Node request. The body streams with back-pressure: nothing is buffered
 * here; or it is `read`, the body already read off the request.
 */
export function toWebRequest(request: IncomingMessage, read?: Uint8Array): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  // as Next does: the scheme a TLS-terminating proxy says it received, else this socket's
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const scheme =
    forwarded === "https" || forwarded === "http" ? forwarded : "encrypted" in request.socket ? "https" : "http";
  const url = `${scheme}://${headers.get("host") ?? "localhost"}${request.url ?? "/"}`;
  const method = request.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    ...(read ? { body: read } : hasBody ? { body: bodyStream(request), duplex: "half" } : {}),
  } as RequestInit);
}

function bodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      request.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) request.pause();
      });
      request.once("end", () => controller.close());
      request.once("error", (error) => controller.error(error));
    },
    pull: () => void request.resume(),
    // the door stopped reading (a body past its limit): the rest is not wanted
    cancel: () => void request.destroy(),
  });
}

/** Writes a Web Response to Node, streaming its body (an MCP answer may be an event stream). */
export async function sendWebResponse(
  response: Response,
  to: ServerResponse,
  method: string | undefined,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!response.body || method === "HEAD") {
    await response.body?.cancel();
    to.writeHead(response.status, response.statusText || undefined, headers).end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  // a JSON answer is one chunk: sent whole with its length, not chunked
  const streaming = headers["content-type"]?.includes("text/event-stream") ?? false;
  const second = first.done || streaming ? undefined : await reader.read();
  if (first.done || second?.done) {
    const body = first.done ? Buffer.alloc(0) : first.value;
    headers["content-length"] = String(body.byteLength);
    to.writeHead(response.status, response.statusText || undefined, headers).end(body);
    return;
  }
  to.writeHead(response.status, response.statusText || undefined, headers);
  // the client went away: stop producing (an event stream would otherwise run on)
  const onClose = () => void reader.cancel().catch(() => undefined);
  to.once("close", onClose);
  const write = async (chunk: Uint8Array) => {
    if (to.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => (to.off("drain", done), to.off("close", done), resolve());
      to.on("drain", done).on("close", done);
    });
  };
  try {
    await write(first.value);
    if (second) await write(second.value!);
    for (let next = await reader.read(); !next.done; next = await reader.read()) await write(next.value);
    to.end();
  } catch {
    to.destroy();
  } finally {
    to.off("close", onClose);
  }
}
