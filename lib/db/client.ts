import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "./generated/client";
import { config } from "../config";
import { sqlitePath } from "./paths";
import { sqliteReader, type SqlRead } from "./sql";

/** The client inside an interactive transaction: what capabilities receive. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

type Clients = { url: string; writer: PrismaClient; reader: PrismaClient; sql: SqlRead };
const globalForDb = globalThis as unknown as { brandOpsDb?: Clients };

/** The client for writes and their transactions. */
export function db(): PrismaClient {
  return clients().writer;
}

/**
 * A second connection for reads outside a write transaction. The SQLite adapter runs every
 * transaction on its one connection, so reads sharing it could see another request's
 * uncommitted rows; a separate WAL reader sees only committed data.
 */
export function readDb(): PrismaClient {
  return clients().reader;
}

/** Raw reads of committed data, for the hot path (see sql.ts). */
export function sql(): SqlRead {
  return clients().sql;
}

function clients(): Clients {
  const url = config().DATABASE_URL;
  const current = globalForDb.brandOpsDb;
  if (current && current.url === url) return current;
  if (!url.startsWith("file:")) {
    throw new Error("DATABASE_URL: only SQLite (file:…) is supported so far");
  }
  const file = sqlitePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  // timeout: wait for another process's write (the admin CLI, a second server) instead of failing
  const adapter = () => new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  const connect = () => new PrismaClient({ adapter: adapter() });
  globalForDb.brandOpsDb = { url, writer: connect(), reader: connect(), sql: sqliteReader(file) };
  return globalForDb.brandOpsDb;
}
