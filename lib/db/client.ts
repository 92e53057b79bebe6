import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/client";
import { config } from "../config";
import { dialectOf, type Dialect } from "./dialect";
import { sqlitePath } from "./paths";
import { sqliteReader, type SqlRead } from "./sql";
import { postgresClients } from "./postgres";
import { preparePrivateDatabase } from "../private-files";
import type { Clients } from "./clients";

export type { Clients } from "./clients";

/** The client inside an interactive transaction: what capabilities receive. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForDb = globalThis as unknown as { brandOpsDb?: Clients };

/** The client for writes and their transactions. */
export function db(): PrismaClient {
  return clients().writer;
}

/**
 * A second connection for reads outside a write transaction. The SQLite adapter runs every
 * transaction on its one connection, so reads sharing it could see another request's
 * uncommitted rows; a separate WAL reader sees only committed data. (PostgreSQL's pool gives
 * every transaction its own connection: there the reader is the writer.)
 */
export function readDb(): PrismaClient {
  return clients().reader;
}

/** Raw reads of committed data, for the hot path (see sql.ts). */
export function sql(): SqlRead {
  return clients().sql;
}

/** Which database DATABASE_URL selects. */
export function dialect(): Dialect {
  return dialectOf(config().DATABASE_URL);
}

/** Closes the connections (scripts and tests that end; the server keeps them). */
export async function closeDb(): Promise<void> {
  const current = globalForDb.brandOpsDb;
  globalForDb.brandOpsDb = undefined;
  await current?.close();
}

function clients(): Clients {
  const url = config().DATABASE_URL;
  const current = globalForDb.brandOpsDb;
  if (current && current.url === url) return current;
  globalForDb.brandOpsDb = openClients(url);
  return globalForDb.brandOpsDb;
}

/** Connections to a database of one's own (tests that set up a second database); close them after. */
export function openClients(url: string): Clients {
  return dialectOf(url) === "postgresql" ? postgresClients(url) : sqliteClients(url);
}

function sqliteClients(url: string): Clients {
  const file = sqlitePath(url);
  preparePrivateDatabase(file, { create: false });
  // timeout: wait for another process's write (the admin CLI, a second server) instead of failing.
  // transactionOptions: SQLite has one writer, so a burst of writes queues in this process; Prisma's
  // default wait to start one (2 s) answered a burst of the authorization matrix's 300 writes with
  // 503 unavailable on a loaded two-core machine. A write waits its turn for up to 10 s instead.
  const connect = () =>
    new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 }),
      transactionOptions: { maxWait: 10_000, timeout: 15_000 },
    });
  const writer = connect();
  const reader = connect();
  return {
    url,
    dialect: "sqlite",
    writer,
    reader,
    sql: sqliteReader(file),
    close: async () => void (await Promise.all([writer.$disconnect(), reader.$disconnect()])),
  };
}
