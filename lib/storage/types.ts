// One interface for the file bytes, whatever holds them (local disk or S3-compatible storage).
// Capabilities receive it as ctx.storage; they never build a path or a URL themselves.

/** A signed URL is valid from issuedAt for expiresInSeconds. */
export type UrlValidity = { issuedAt: Date; expiresInSeconds: number };

export type UploadTarget = { key: string; sizeBytes: number; mimeType: string };
export type DownloadTarget = { key: string; fileName: string; mimeType: string };

export interface Storage {
  readonly kind: "local" | "s3";
  /** A URL accepting a PUT of exactly the declared bytes (Content-Type: mimeType) under key. */
  uploadUrl(target: UploadTarget, validity: UrlValidity): Promise<string>;
  /** A URL serving the object as an attachment named fileName. */
  downloadUrl(target: DownloadTarget, validity: UrlValidity): Promise<string>;
  /** Size in bytes of the stored object, or null when nothing is stored under key. */
  size(key: string): Promise<number | null>;
  /** The object's first `length` bytes (fewer when it is shorter), or null when absent. */
  readStart(key: string, length: number): Promise<Uint8Array | null>;
  /** Stores bytes the service itself holds (the demo brand's logo), whole or not at all, replacing what was there. */
  put(key: string, bytes: Uint8Array, mimeType: string): Promise<void>;
  /** Removes the object; absent is fine. */
  remove(key: string): Promise<void>;
}

export function expiryOf(validity: UrlValidity): Date {
  return new Date(validity.issuedAt.getTime() + validity.expiresInSeconds * 1000);
}
