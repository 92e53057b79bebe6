// S3-compatible storage (S3_BUCKET set): clients PUT and GET the bytes on S3 itself through
// presigned URLs; the service only signs, checks sizes and reads a file's first bytes.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertSafeKey } from "./keys";
import type { DownloadTarget, Storage, UploadTarget, UrlValidity } from "./types";

export type S3Options = {
  bucket: string;
  region: string;
  /** S3-compatible servers (MinIO, R2, a local s3rver); unset means AWS */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** unset: the AWS SDK's default chain (environment, profile, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // checksums only where S3 requires them: presigned URLs then carry none the client must match,
      // and S3-compatible servers without the newer checksum headers keep working
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async uploadUrl(target: UploadTarget, validity: UrlValidity): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: assertSafeKey(target.key),
      ContentType: target.mimeType,
      ContentLength: target.sizeBytes,
    });
    // signing the length and type makes S3 refuse a PUT of other bytes than the ones declared
    return getSignedUrl(this.client, command, {
      ...presign(validity),
      signableHeaders: new Set(["content-type", "content-length"]),
    });
  }

  async downloadUrl(target: DownloadTarget, validity: UrlValidity): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: assertSafeKey(target.key),
      ResponseContentType: target.mimeType,
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(target.fileName)}`,
    });
    return getSignedUrl(this.client, command, presign(validity));
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: assertSafeKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array | null> {
    const size = await this.size(key);
    if (size === null) return null;
    if (size === 0) return new Uint8Array(0); // a range of an empty object is not satisfiable
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: assertSafeKey(key),
        Range: `bytes=0-${Math.min(length, size) - 1}`,
      }),
    );
    return object.Body ? object.Body.transformToByteArray() : new Uint8Array(0);
  }

  async put(key: string, bytes: Uint8Array, mimeType: string): Promise<void> {
    // one PutObject: S3 stores an object whole or not at all
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: assertSafeKey(key),
        Body: bytes,
        ContentType: mimeType,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: assertSafeKey(key) }));
  }
}

function presign(validity: UrlValidity) {
  return { signingDate: validity.issuedAt, expiresIn: validity.expiresInSeconds };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey")
  );
}
