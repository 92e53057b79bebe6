// One server for the suite, on a fresh database in a temporary folder. Test files create their
// own people, brands and keys in that database through the operator commands.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { migrate } from "../../lib/db/migrate";
import { startServer, type RunningServer } from "../../scripts/support/start-server";

let server: RunningServer | undefined;
let dir: string | undefined;

export async function setup(project: TestProject) {
  dir = mkdtempSync(path.join(tmpdir(), "brand-ops-test-"));
  const env = {
    DATABASE_URL: `file:${path.join(dir, "test.db")}`,
    APP_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_DIR: path.join(dir, "files"),
    SEED_DEMO: "0",
    // every test signs in from 127.0.0.1; test/auth/rate-limit.test.ts checks the limit on its own server
    SIGN_IN_PER_MINUTE: "100000",
  };
  migrate(env.DATABASE_URL);
  server = await startServer(env);
  project.provide("baseUrl", server.url);
  project.provide("testEnv", env);
}

export async function teardown() {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    testEnv: Record<string, string>;
  }
}
