// Real file bytes of a few formats (file-type recognises them by these signatures), and the
// two-step upload as a client does it: start, PUT the bytes to the signed URL, complete.
import { request } from "node:http";
import { expect } from "vitest";
import { db } from "../../lib/db/client";
import { call, confirmAndCall, expectOk } from "./world";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const bytes = {
  png: () => new Uint8Array(Buffer.from(PNG_1X1, "base64")),
  jpeg: () =>
    new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
      0x00, 0xff, 0xd9,
    ]),
  pdf: () => new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  text: (text = "Roasted this week. Brewed today.\n") => new TextEncoder().encode(text),
  /** `size` bytes of text */
  sized: (size: number) => new TextEncoder().encode("x".repeat(size)),
};

export type Uploader = { key: string; brand: string };

export async function startUpload(
  who: Uploader,
  input: { fileName: string; mimeType: string; sizeBytes: number; category?: string },
) {
  return call("library.upload.create", who.key, { brand: who.brand, step: "start", ...input });
}

export async function completeUpload(who: Uploader, uploadId: string, name?: string) {
  return call("library.upload.create", who.key, {
    brand: who.brand,
    step: "complete",
    uploadId,
    ...(name ? { name } : {}),
  });
}

export async function put(url: string, body: Uint8Array, mimeType: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "PUT",
    body: Buffer.from(body),
    headers: { "Content-Type": mimeType, ...headers },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text.startsWith("{") ? JSON.parse(text) : text };
}

/** start → PUT → complete; returns the new asset's id (status proposed). */
export async function upload(
  who: Uploader,
  file: { fileName: string; mimeType: string; body: Uint8Array; category?: string; name?: string },
) {
  const started = expectOk(
    await startUpload(who, {
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.body.length,
      category: file.category,
    }),
  );
  const stored = await put(started.uploadUrl, file.body, file.mimeType);
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  const done = expectOk(await completeUpload(who, started.uploadId, file.name));
  expect(done.uploadId).toBe(started.uploadId);
  return done.assetId as string;
}

/** upload, then approve with confirmation: a file the API door can see. */
export async function uploadApproved(who: Uploader, file: Parameters<typeof upload>[1]) {
  const assetId = await upload(who, file);
  expectOk(await confirmAndCall("library.asset.review", who.key, { brand: who.brand, assetId, decision: "approve" }));
  return assetId;
}

/** What a file's record says now, straight from the database. */
export const assetRow = (id: string) => db().asset.findUnique({ where: { id } });

export type HeldAnswer = { status: number; body: any; connection: string | undefined };

/**
 * A PUT of `size` bytes of text that sends its headers and the first `sent` bytes now, and the
 * rest only when asked (`finish`), or never (`cut`: the client goes away mid-body).
 */
export function heldPut(url: string, size: number, sent: number) {
  const outgoing = request(new URL(url), {
    method: "PUT",
    headers: { "Content-Type": "text/plain", "Content-Length": String(size) },
  });
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    outgoing.on("response", (response) => {
      let text = "";
      response
        .setEncoding("utf8")
        .on("data", (chunk) => (text += chunk))
        .on("end", () => {
          resolve({
            status: response.statusCode!,
            body: text.startsWith("{") ? JSON.parse(text) : text,
            connection: response.headers.connection,
          });
        });
    });
    outgoing.on("error", reject);
  });
  if (sent > 0) outgoing.write(Buffer.from(bytes.sized(sent)));
  else outgoing.flushHeaders();
  return { answer, finish: () => outgoing.end(Buffer.from(bytes.sized(size - sent))), cut: () => outgoing.destroy() };
}
