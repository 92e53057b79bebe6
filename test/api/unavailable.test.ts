// 503 unavailable (docs/design.md, errors): the database cannot be reached right now; the same call may
// succeed later. Here: a server whose database file is not there (yet).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { migrate } from "../../lib/db/migrate";
import { call } from "../support/world";

let server: RunningServer;
const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-unavailable-"));
const databaseUrl = `file:${path.join(dir, "later.db")}`;

beforeAll(async () => {
  server = await startServer({ ...inject("testEnv"), DATABASE_URL: databaseUrl });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("a database that cannot be reached", () => {
  it("answers 503 unavailable with Retry-After, the request id and no internals", async () => {
    const response = await call("kit.read", `bop_${"a".repeat(40)}`, { brand: "ANY-1" }, { url: server.url });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(response.body.error.code).toBe("unavailable");
    expect(response.body.error.retryAfterSeconds).toBe(1);
    expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(response.body)).not.toMatch(/sqlite|\.db|at \w+ \(/i);
  });

  it("serves the same call once the database is there", async () => {
    migrate(databaseUrl);
    const response = await call("kit.read", `bop_${"a".repeat(40)}`, { brand: "ANY-1" }, { url: server.url });
    expect(response.status).toBe(401); // reached the key check: the database answered
  });
});
