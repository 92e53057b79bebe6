// BENCH_PARTS=webhooks-postgres: the doors bench's webhooks part (bench-webhooks.ts: a write's burst
// with and without 10 endpoints, the lag at a steady rate, the catch-up) with the server on
// PostgreSQL and Redis (postgres.ts, redis.ts; or BENCH_DATABASE_URL and BENCH_REDIS_URL), so its
// figures are given for both databases (issue 39.7). Its own run of `npm run bench`: this process's
// database client (bench-webhooks.ts reads the queue through it) must open on PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateDatabase } from "../../lib/db/migrate";
import { pgWorld } from "./bench-pg-seed";
import { startPostgres, type LocalPostgres } from "./postgres";
import { startRedis, type RunningRedis } from "./redis";
import { startServer } from "./start-server";

type WebhooksPart = (base: string, key: string, serverPid: number) => Promise<number>;

export async function benchWebhooksPostgres(webhooks: WebhooksPart): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-webhooks-pg-"));
  let postgres: LocalPostgres | undefined;
  let redis: RunningRedis | undefined;
  const url = process.env.BENCH_DATABASE_URL ?? (await (postgres = await startPostgres()).createDatabase("webhooks"));
  const env = {
    DATABASE_URL: url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? (redis = await startRedis()).url,
    APP_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_DIR: path.join(dir, "files"),
    SEED_DEMO: "0",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    // the receivers are on loopback
    WEBHOOKS_ALLOW_LOOPBACK: "1",
  };
  await migrateDatabase(url);
  const world = await pgWorld(url);
  await world.client.end();
  const server = await startServer(env);
  try {
    console.log("\n## Webhooks on PostgreSQL + Redis");
    return await webhooks(server.url, world.key, server.pid);
  } finally {
    await server.stop();
    await redis?.stop();
    await postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
