// What a database profile opens (client.ts for SQLite, postgres.ts for PostgreSQL): one shape, so
// the rest of the service never asks which database it runs on.
import type { PrismaClient } from "./generated/client";
import type { Dialect } from "./dialect";
import type { SqlRead } from "./sql";

export type Clients = {
  url: string;
  dialect: Dialect;
  writer: PrismaClient;
  reader: PrismaClient;
  sql: SqlRead;
  close(): Promise<void>;
};
