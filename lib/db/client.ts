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

/**
 * On SQLite, a write's transaction takes the database's one write lock first. A transaction that
 * reads and then writes is refused at its first write, at once and whatever the busy timeout
 * (SQLITE_BUSY_SNAPSHOT), when another connection wrote in between: the webhook worker and the
 * chat's pipeline run in Next's bundle with connections of their own, and the admin CLI or a second
 * server may share the file. Holding the lock from the start makes the write wait its turn instead
 * (the busy timeout above). A statement that changes nothing takes it. PostgreSQL needs nothing.
 */
export async function holdTheWriter(tx: Tx): Promise<void> {
  if (dialect() === "sqlite") await tx.$executeRaw`UPDATE "EventSequence" SET "last" = "last" WHERE 0`;
}

/** Connections to a database of one's own (tests that set up a second database); close them after. */
export function openClients(url: string): Clients {
  return dialectOf(url) === "postgresql" ? postgresClients(url) : sqliteClients(url);
}

function sqliteClients(url: string): Clients {
  const file = sqlitePath(url);
  preparePrivateDatabase(file, { create: false });
  // SQLite has one writer. timeout: how long a write waits for another process's (the admin CLI, a
  // second server on the same file); transactionOptions: how long a write waits for its turn in this
  // process, and may then take. With Prisma's defaults (5 s, 2 s to start) a loaded two-core machine
  // answered 503 unavailable to the authorization matrix's bursts while the suite's other server
  // wrote to the same file; a write now waits up to 10 s for each, within a 20 s transaction.
  const connect = () =>
    new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 10_000 }),
      transactionOptions: { maxWait: 10_000, timeout: 20_000 },
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
