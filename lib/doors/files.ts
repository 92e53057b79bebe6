// The file routes of local storage (docs/design.md, signed links): HTTP ⇄ LocalStorage, nothing
// else. A download whose signature is missing, altered or expired gets 403 and no bytes; the rules
// of an upload PUT live in lib/storage/local-receive.ts.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { storage } from "../storage";
import { isSafeKey } from "../storage/keys";
import { LocalStorage } from "../storage/local";
import { receiveUpload } from "../storage/local-receive";
import { logCall } from "../core/call-log";
import { requestIdOf } from "../http/request";

type Failure = { status: number; code: string; message: string; reason?: string; field?: string; unread?: boolean };

export const handleUpload = (request: Request, segments: string[]) =>
  logged(request, "files.upload", (requestId) => upload(request, segments, requestId));
export const handleDownload = (request: Request, segments: string[]) =>
  logged(request, "files.download", (requestId) => download(request, segments, requestId));

/** One log line per file request, like the pipeline's calls (lib/core/call-log.ts). */
async function logged(
  request: Request,
  capabilityId: string,
  handle: (requestId: string) => Promise<Response>,
): Promise<Response> {
  const requestId = requestIdOf(request);
  const started = performance.now();
  const response = await handle(requestId);
  logCall({ requestId, door: "files", capabilityId }, response.status, performance.now() - started);
  return response;
}

async function upload(request: Request, segments: string[], requestId: string): Promise<Response> {
  const signed = signedKey(request, segments, (local, key, query, now) => local.verifyUpload(key, query, now));
  if (!signed.ok) return failure(requestId, { ...signed.refusal, unread: true });
  const { local, key, allowed } = signed;
  const length = request.headers.get("content-length");
  const received = await receiveUpload(local, key, allowed, request.body, length === null ? null : Number(length));
  if (!received.ok) {
    const { ok: _failed, ...refusal } = received;
    return failure(requestId, refusal);
  }
  return Response.json({ ok: true, data: { sizeBytes: received.sizeBytes } }, { headers: baseHeaders(requestId) });
}

async function download(request: Request, segments: string[], requestId: string): Promise<Response> {
  const signed = signedKey(request, segments, (local, key, query, now) => local.verifyDownload(key, query, now));
  if (!signed.ok) return failure(requestId, signed.refusal);
  const { local, key, allowed } = signed;
  const size = await local.size(key);
  if (size === null)
    return failure(requestId, { status: 404, code: "not_found", message: "This file is no longer stored" });
  const headers = baseHeaders(requestId);
  headers.set("Content-Type", allowed.mimeType);
  headers.set("Content-Length", String(size));
  headers.set("Content-Disposition", attachment(allowed.fileName));
  // bytes people uploaded, served from the app's origin: never rendered, never sniffed
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  const body =
    request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(local.pathOf(key))) as ReadableStream);
  return new Response(body, { headers });
}

/** The storage key of a route, once local storage is in use, the key is safe and its URL signature holds. */
function signedKey<Grant>(
  request: Request,
  segments: string[],
  verify: (local: LocalStorage, key: string, query: URLSearchParams, now: Date) => Grant | null,
): { ok: true; local: LocalStorage; key: string; allowed: Grant } | { ok: false; refusal: Failure } {
  const local = storage();
  if (!(local instanceof LocalStorage)) return { ok: false, refusal: notHere() };
  const key = segments.join("/");
  const allowed = isSafeKey(key) ? verify(local, key, new URL(request.url).searchParams, new Date()) : null;
  return allowed ? { ok: true, local, key, allowed } : { ok: false, refusal: badSignature() };
}

const notHere = (): Failure => ({
  status: 404,
  code: "not_found",
  message: "Files are not served here: this service stores them in S3",
});
const badSignature = (): Failure => ({
  status: 403,
  code: "forbidden",
  message: "This link's signature is missing, altered or expired; ask for a new one",
});

function failure(requestId: string, { status, unread, ...error }: Failure): Response {
  const headers = baseHeaders(requestId);
  // a body left unread would be taken for the next request on this connection (RFC 9112 §9.6)
  if (unread) headers.set("Connection", "close");
  const body = { ok: false, error: { ...error, requestId } };
  return Response.json(body, { status, headers });
}

function baseHeaders(requestId: string): Headers {
  return new Headers({ "X-Request-Id": requestId, "Cache-Control": "private, no-store" });
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
