// The environment of the unit tests (the `unit` project, vitest.config.ts): no server and no shared
// database, only what lib/config.ts requires, so `npm run test:unit` runs in seconds. A unit test
// that needs a database makes its own (test/unit/sqlite-write-lock.test.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetConfigForTests } from "../../lib/config";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-unit-"));
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, "unit.db")}`,
  APP_SECRET: randomBytes(32).toString("base64url"),
  STORAGE_DIR: path.join(dir, "files"),
  SEED_DEMO: "0",
});
resetConfigForTests();
