// Storage settings are validated at start (docs/operators.md, Storage): S3_BUCKET selects S3, anything else
// S3-related without it is a mistake named in one sentence.
import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { storageFor } from "../../lib/storage";
import { LocalStorage } from "../../lib/storage/local";
import { S3Storage } from "../../lib/storage/s3";

const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
];
const saved = { ...process.env };

function withEnv(values: Record<string, string>) {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
  return () => config();
}

afterEach(() => {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

describe("storage configuration", () => {
  it("defaults to local disk under STORAGE_DIR; an empty S3_BUCKET counts as unset", () => {
    expect(storageFor(withEnv({})())).toBeInstanceOf(LocalStorage);
    expect(storageFor(withEnv({ S3_BUCKET: "" })())).toBeInstanceOf(LocalStorage);
  });

  it("S3_BUCKET selects S3", () => {
    const settings = withEnv({
      S3_BUCKET: "brand-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    })();
    expect(storageFor(settings)).toBeInstanceOf(S3Storage);
    expect(settings.S3_ENDPOINT).toBe("http://127.0.0.1:9000");
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_ENDPOINT is set but S3_BUCKET is not/],
    [{ S3_REGION: "eu-west-1" }, /S3_REGION is set but S3_BUCKET is not/],
    [{ S3_BUCKET: "brand-files", S3_ACCESS_KEY_ID: "id" }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: "Brand_Files" }, /S3_BUCKET must be an S3 bucket name/],
    [{ S3_BUCKET: "brand-files", S3_ENDPOINT: "not a url" }, /S3_ENDPOINT must be a URL/],
    [{ S3_BUCKET: "brand-files", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE must be 0 or 1/],
  ])("%j fails with a sentence naming the variable", (values, message) => {
    expect(withEnv(values as Record<string, string>)).toThrow(message);
  });
});
