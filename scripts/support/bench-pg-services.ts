// The PostgreSQL + Redis a bench part's server runs on: the suite's private ones (postgres.ts,
// redis.ts), or BENCH_DATABASE_URL and BENCH_REDIS_URL; the database migrated, the server's
// settings for `npm start` on them, and one stop for all of it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres, type LocalPostgres } from "./postgres";
import { startRedis, type RunningRedis } from "./redis";

export type BenchServices = {
  url: string;
  env: Record<string, string>;
  /** the processes serving the server (their CPU per call), when started here */
  pids: { postgres: number | undefined; redis: number | undefined };
  stop(): Promise<void>;
};

/** `database`: the new database's name on a PostgreSQL started here; `env`: settings of the part's own. */
export async function benchServices(database: string, env: Record<string, string> = {}): Promise<BenchServices> {
  const dir = mkdtempSync(path.join(tmpdir(), `brand-ops-bench-${database}-`));
  let postgres: LocalPostgres | undefined;
  let redis: RunningRedis | undefined;
  const url = process.env.BENCH_DATABASE_URL ?? (await (postgres = await startPostgres()).createDatabase(database));
  const serverEnv = {
    DATABASE_URL: url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? (redis = await startRedis()).url,
    APP_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_DIR: path.join(dir, "files"),
    SEED_DEMO: "0",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    ...env,
  };
  await migrateDatabase(url);
  return {
    url,
    env: serverEnv,
    pids: { postgres: postgres?.pid(), redis: redis?.pid() },
    stop: async () => {
      await redis?.stop();
      await postgres?.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
