// Recognizing database failures by meaning, whatever the driver underneath.

/** A unique index refused the write (Prisma P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "P2002";
}

/** The database cannot serve right now (locked, unreachable, too busy); the same call may succeed later. */
export function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  const message = error instanceof Error ? error.message : "";
  return (
    ["P1001", "P1002", "P1008", "P1017", "P2024", "P2034"].includes(code) ||
    ["SQLITE_BUSY", "SQLITE_CANTOPEN"].includes(code) ||
    /database is locked|unable to open database file|ECONNREFUSED|Connection terminated|timed out fetching a new connection/i.test(message)
  );
}
