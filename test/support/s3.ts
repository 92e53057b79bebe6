// A real S3-compatible server (s3rver) on loopback, on a free port, storing in a temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  directory: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** the environment that selects this S3 for the service */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startS3(bucket = "brand-files"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "brand-ops-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in account
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    directory,
    credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
