// The PostgreSQL profile: Prisma's pg adapter over one pool, and a second small pool for the raw
// hot-path reads (sql.ts) with its own type parsers. A pool replaces a connection that the server
// closed or lost, so service comes back by itself when the database does.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { log } from "../log";
import { PrismaClient as PostgresClient } from "./generated-pg/client";
import type { PrismaClient } from "./generated/client";
import type { Clients } from "./clients";
import { postgresReader } from "./sql-postgres";

// Waiting longer than this for a connection is an outage (503 unavailable), not a hang.
const CONNECT_TIMEOUT_MS = 5000;

export function postgresClients(url: string): Clients {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  const readPool = new pg.Pool({
    connectionString: url,
    max: 8,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // an idle connection that the server drops (restart, 57P01) emits here; unhandled it would end the
  // process. A warning, not an error: the pool replaces it, and a call it failed has its own line
  const logLost = (error: Error) =>
    log.warn({ component: "database", error: error.message }, "database connection lost");
  pool.on("error", logLost);
  readPool.on("error", logLost);
  // one generated client per provider; both have the same model API (lib/db/postgres-schema.ts)
  const writer = new PostgresClient({
    adapter: new PrismaPg(pool, { onPoolError: logLost, onConnectionError: logLost }),
  }) as unknown as PrismaClient;
  return {
    url,
    dialect: "postgresql",
    writer,
    reader: writer,
    sql: postgresReader(readPool),
    close: async () => {
      await writer.$disconnect();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}
