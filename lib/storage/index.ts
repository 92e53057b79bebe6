// The storage the configuration selects: S3 when S3_BUCKET is set, else the local disk.
import path from "node:path";
import { config, type Config } from "../config";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { Storage } from "./types";

export type { Storage } from "./types";

let current: { config: Config; storage: Storage } | undefined;

export function storage(): Storage {
  const settings = config();
  if (current?.config === settings) return current.storage;
  current = { config: settings, storage: storageFor(settings) };
  return current.storage;
}

export function storageFor(settings: Config): Storage {
  if (!settings.S3_BUCKET) {
    return new LocalStorage({
      dir: path.resolve(settings.STORAGE_DIR),
      secret: settings.APP_SECRET,
      baseUrl: settings.APP_URL,
    });
  }
  return new S3Storage({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION ?? "us-east-1",
    endpoint: settings.S3_ENDPOINT,
    // S3-compatible servers usually address buckets by path, AWS by host name
    forcePathStyle: settings.S3_FORCE_PATH_STYLE
      ? settings.S3_FORCE_PATH_STYLE === "1"
      : settings.S3_ENDPOINT !== undefined,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
