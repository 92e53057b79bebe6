// One server for the suite, on a fresh database. Two profiles (TEST_PROFILE):
// - embedded (default): SQLite in a temporary folder, local file storage, in-process limits;
// - distributed: a private PostgreSQL cluster with a fresh database, a local S3 server (s3rver)
//   and a private Redis, all on loopback, started here and stopped after the suite.
// Test files create their own people, brands and keys in that database through the operator commands.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../lib/db/migrate";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { startPostgres, type LocalPostgres } from "../../scripts/support/postgres";
import { startRedis, type RunningRedis } from "../../scripts/support/redis";
import { startS3, type LocalS3 } from "./s3";

export type TestProfile = "embedded" | "distributed";

/** The project that runs the MCP door's test files again with the fast path off (vitest.config.ts). */
export const SDK_ONLY_PROJECT = "mcp-sdk-only";

/** Starts the project's server and what it needs; the function returned stops them (vitest calls it). */
export async function setup(project: TestProject) {
  const profile = (process.env.TEST_PROFILE ?? "embedded") as TestProfile;
  if (profile !== "embedded" && profile !== "distributed")
    throw new Error(`TEST_PROFILE: embedded or distributed, not ${profile}`);
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-test-"));
  const env: Record<string, string> = {
    DATABASE_URL: `file:${path.join(dir, "test.db")}`,
    APP_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_DIR: path.join(dir, "files"),
    SEED_DEMO: "0",
    // every test signs in from 127.0.0.1; test/auth/rate-limit.test.ts checks the limit on its own server
    SIGN_IN_PER_MINUTE: "100000",
    // test/mcp/oauth.test.ts serves Client ID Metadata Documents from a loopback server without TLS
    OAUTH_CIMD_ALLOW_LOOPBACK: "1",
    OAUTH_REGISTRATIONS_PER_MINUTE: "100000",
    // every OAuth test's client and browser is 127.0.0.1: the suite's files together pass the defaults
    OAUTH_AUTHORIZATIONS_PER_MINUTE: "100000",
    OAUTH_TOKENS_PER_MINUTE: "100000",
    // test/api/webhooks*.test.ts: receivers on loopback without TLS, quick rounds, a 1 s bound per
    // attempt, and the three-day retry schedule compressed to about 3 s (test-only settings)
    WEBHOOKS_ALLOW_LOOPBACK: "1",
    WEBHOOKS_POLL_MS: "100",
    WEBHOOKS_TIMEOUT_SECONDS: "1",
    WEBHOOKS_RETRY_SCALE: "0.00001",
    // the MCP door is served two ways (lib/mcp/quick.ts): its test files run against both
    MCP_FAST_PATH: project.name === SDK_ONLY_PROJECT ? "off" : (process.env.MCP_FAST_PATH ?? "on"),
  };
  let postgres: LocalPostgres | undefined;
  let redis: RunningRedis | undefined;
  let s3: LocalS3 | undefined;
  if (profile === "distributed") {
    postgres = await startPostgres();
    env.DATABASE_URL = await postgres.createDatabase("suite");
    s3 = await startS3();
    Object.assign(env, s3.env);
    redis = await startRedis();
    env.REDIS_URL = redis.url;
  }
  await migrateDatabase(env.DATABASE_URL!);
  const server: RunningServer = await startServer(env);
  project.provide("baseUrl", server.url);
  project.provide("testEnv", env);
  project.provide("testProfile", profile);
  return async function teardown() {
    await server.stop();
    keepServerLog(server.output(), project.name === SDK_ONLY_PROJECT ? "sdk-only-server.log" : "suite-server.log");
    await Promise.all([postgres?.destroy(), redis?.stop(), s3?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The suite server's log, kept in test-results/ (a failed call's requestId finds its line there),
 * and its error lines printed: a 5xx answer's line carries the cause, which the test that got the
 * answer cannot see (a 503 under load was otherwise untraceable from CI's output).
 */
function keepServerLog(output: string, file: string) {
  mkdirSync("test-results", { recursive: true });
  writeFileSync(path.join("test-results", file), output);
  const errors = output.split("\n").filter((line) => /"level":"(error|fatal)"/.test(line));
  if (errors.length === 0) return;
  const shown = errors.slice(0, 20).map((line) => (line.length > 2000 ? `${line.slice(0, 2000)}…` : line));
  console.error(
    `[suite server] ${errors.length} error line(s) in its log (all of it: test-results/${file}):\n${shown.join("\n")}`,
  );
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    testEnv: Record<string, string>;
    testProfile: TestProfile;
  }
}
