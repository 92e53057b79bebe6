// Local disk storage (the default): objects are files under STORAGE_DIR, and the app itself
// serves the signed upload and download URLs (app/api/files/…, see local-http.ts).
import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey } from "./keys";
import { signFields, verifyFields } from "./signature";
import { expiryOf, type DownloadTarget, type Storage, type UploadTarget, type UrlValidity } from "./types";

export type LocalOptions = { dir: string; secret: string; baseUrl: string };

export const UPLOAD_ROUTE = "/api/files/upload/";
export const DOWNLOAD_ROUTE = "/api/files/download/";

export class LocalStorage implements Storage {
  readonly kind = "local" as const;
  readonly root: string;

  constructor(private readonly options: LocalOptions) {
    this.root = path.resolve(options.dir);
  }

  /** The file of a key, refusing any key that could resolve outside the root. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, assertSafeKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new Error("storage key outside the storage root");
    return file;
  }

  async uploadUrl(target: UploadTarget, validity: UrlValidity): Promise<string> {
    const fields = { size: String(target.sizeBytes), type: target.mimeType, expires: expiresParam(validity) };
    return this.url(UPLOAD_ROUTE, "upload", target.key, fields);
  }

  async downloadUrl(target: DownloadTarget, validity: UrlValidity): Promise<string> {
    const fields = { name: target.fileName, type: target.mimeType, expires: expiresParam(validity) };
    return this.url(DOWNLOAD_ROUTE, "download", target.key, fields);
  }

  /** What a signed upload URL allows, or null when its signature is missing, altered or expired. */
  verifyUpload(
    key: string,
    query: URLSearchParams,
    now: Date,
  ): { sizeBytes: number; mimeType: string; expiresAt: Date } | null {
    const fields = this.verified("upload", key, query, ["size", "type", "expires"], now);
    if (!fields) return null;
    return {
      sizeBytes: Number(fields.size),
      mimeType: fields.type!,
      expiresAt: new Date(Number(fields.expires) * 1000),
    };
  }

  verifyDownload(key: string, query: URLSearchParams, now: Date): { fileName: string; mimeType: string } | null {
    const fields = this.verified("download", key, query, ["name", "type", "expires"], now);
    return fields ? { fileName: fields.name!, mimeType: fields.type! } : null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array | null> {
    return readFileStart(this.pathOf(key), length);
  }

  async put(key: string, bytes: Uint8Array, _mimeType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // written beside its place, then renamed: a reader sees the old file or the whole new one
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private url(route: string, purpose: string, key: string, fields: Record<string, string>): string {
    assertSafeKey(key);
    const signature = signFields(this.options.secret, purpose, [key, ...Object.values(fields)]);
    return `${this.options.baseUrl}${route}${key}?${new URLSearchParams({ ...fields, signature })}`;
  }

  private verified(
    purpose: string,
    key: string,
    query: URLSearchParams,
    names: string[],
    now: Date,
  ): Record<string, string> | null {
    const values = names.map((name) => query.get(name));
    if (values.some((value) => value === null)) return null;
    const fields = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
    if (!verifyFields(this.options.secret, purpose, [key, ...(values as string[])], query.get("signature")))
      return null;
    // signed, so a number; the expiry counts to the second, like S3's presigned URLs
    if (!(Number(fields.expires) * 1000 > now.getTime())) return null;
    return fields;
  }
}

function expiresParam(validity: UrlValidity): string {
  return String(Math.floor(expiryOf(validity).getTime() / 1000));
}

/** The first `length` bytes of a file, or null when there is no such file. */
export async function readFileStart(file: string, length: number): Promise<Uint8Array | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
