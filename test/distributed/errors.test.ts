// Database failures recognised by meaning, whatever the driver (lib/db/errors.ts): an outage is
// `unavailable` (503 + Retry-After), a unique index refusal is a duplicate, anything else is neither.
import { describe, expect, it } from "vitest";
import { isUnavailable, isUniqueViolation } from "../../lib/db/errors";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database errors", () => {
  it.each([
    ["pg: connection refused", coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["pg: connection reset", coded("ECONNRESET", "read ECONNRESET")],
    ["PostgreSQL: admin shutdown (57P01)", coded("57P01", "terminating connection due to administrator command")],
    ["PostgreSQL: cannot connect now (57P03)", coded("57P03", "the database system is starting up")],
    ["PostgreSQL: connection exception class 08", coded("08006", "connection failure")],
    ["pg pool: timeout", new Error("timeout exceeded when trying to connect")],
    ["pg: connection terminated", new Error("Connection terminated unexpectedly")],
    ["Prisma: can't reach (P1001)", coded("P1001")],
    ["Prisma: pool timeout (P2024)", coded("P2024")],
    ["Prisma adapter error wrapping pg's", Object.assign(new Error("adapter"), { cause: coded("57P01") })],
    [
      "Prisma known error with the driver's error in meta",
      Object.assign(new Error("known"), {
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P03" } } },
      }),
    ],
    ["SQLite busy", coded("SQLITE_BUSY", "database is locked")],
  ])("%s is unavailable", (_, error) => {
    expect(isUnavailable(error)).toBe(true);
  });

  it.each([
    ["a syntax error", coded("42601", "syntax error")],
    ["a unique violation", coded("23505")],
    ["a plain bug", new TypeError("undefined is not a function")],
    ["nothing", undefined],
  ])("%s is not unavailable", (_, error) => {
    expect(isUnavailable(error)).toBe(false);
  });

  it("unique violations from Prisma, PostgreSQL and the adapter", () => {
    expect(isUniqueViolation(coded("P2002"))).toBe(true);
    expect(isUniqueViolation(coded("23505"))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("x"), { cause: { kind: "UniqueConstraintViolation" } }))).toBe(
      true,
    );
    expect(isUniqueViolation(coded("23503"))).toBe(false);
  });
});
