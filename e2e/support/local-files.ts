// A test server's file storage on local disk, in every profile: a page may reach only the app's own
// origin (browser.ts), and the tests that start their own server put cards and tasks under test, not
// S3 (test/storage covers S3's signed URLs).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The settings that turn S3 off and keep files in a new directory named after `name`. */
export function localFilesEnv(name: string): Record<string, string> {
  return {
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    S3_REGION: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
    S3_FORCE_PATH_STYLE: "",
    STORAGE_DIR: mkdtempSync(path.join(tmpdir(), `${name}-files-`)),
  };
}
