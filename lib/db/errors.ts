// Recognizing database failures by meaning, whatever the driver underneath (Prisma, better-sqlite3,
// pg through Prisma's adapter, or pg directly in the raw reads).

type Coded = { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

/** The error and what it wraps (Prisma's adapter errors carry the driver's error as cause or meta). */
function chain(error: unknown): Coded[] {
  const seen: Coded[] = [];
  let current = error as Coded | null | undefined;
  while (current && typeof current === "object" && seen.length < 5 && !seen.includes(current)) {
    seen.push(current);
    const meta = current.meta as { driverAdapterError?: { cause?: unknown } } | undefined;
    current = (current.cause ?? meta?.driverAdapterError?.cause ?? meta?.driverAdapterError) as Coded | undefined;
  }
  return seen;
}

const codes = (error: unknown) =>
  chain(error)
    .flatMap((e) => [e.code, (e as { originalCode?: unknown }).originalCode, (e as { kind?: unknown }).kind])
    .map(String);
const messages = (error: unknown) =>
  chain(error)
    .map((e) => (typeof e.message === "string" ? e.message : ""))
    .join("\n");

/** A unique index refused the write (Prisma P2002, PostgreSQL 23505, SQLite's constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const all = codes(error);
  return (
    all.includes("P2002") ||
    all.includes("23505") ||
    all.includes("UniqueConstraintViolation") ||
    all.includes("SQLITE_CONSTRAINT_UNIQUE")
  );
}

// Prisma: can't reach, timed out, closed, pool timeout, write conflict. PostgreSQL: admin/crash
// shutdown, cannot connect now, too many connections, and the whole 08 class (connection exceptions).
const UNAVAILABLE_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "P2034",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "40001",
  "40P01",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "DatabaseNotReachable",
  "DatabaseUnavailable",
  "ConnectionClosed",
  "SocketTimeout",
  "TransactionWriteConflict",
  "TooManyConnections",
]);

const UNAVAILABLE_MESSAGE = new RegExp(
  [
    "database is locked",
    "unable to open database file",
    "ECONNREFUSED",
    "ECONNRESET",
    "Connection terminated",
    "timed out fetching a new connection",
    "timeout exceeded when trying to connect",
    "Can't reach database server",
    "terminating connection due to administrator command",
    "the database system is (starting up|shutting down|in recovery mode)",
    "Client has encountered a connection error",
    "Connection ended unexpectedly",
    "server closed the connection unexpectedly",
    "Transaction already closed",
    "Unable to start a transaction in the given time",
  ].join("|"),
  "i",
);

/** The database cannot serve right now (locked, unreachable, restarting, too busy); the same call may succeed later. */
export function isUnavailable(error: unknown): boolean {
  return (
    codes(error).some((code) => UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) ||
    UNAVAILABLE_MESSAGE.test(messages(error))
  );
}
