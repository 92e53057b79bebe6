// Structured logs (lib/log.ts, lib/core/call-log.ts): one JSON line per call with its requestId,
// door, capability, status and ms; and the health routes: live never asks the database, ready does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { localStorageEnv } from "./local-storage-env";
import { migrate } from "../../lib/db/migrate";
import { call, makeWorld } from "../support/world";
import { callTool, connectMcp } from "../support/mcp";

let server: RunningServer;
let noDatabase: RunningServer;
const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-logs-"));
const laterDatabase = `file:${path.join(dir, "later.db")}`;

beforeAll(async () => {
  [server, noDatabase] = await Promise.all([
    startServer(localStorageEnv()),
    startServer({ ...localStorageEnv(), DATABASE_URL: laterDatabase }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), noDatabase?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The server's JSON lines; every line the service prints (not Next's banner) must be JSON. */
function jsonLines(running: RunningServer): Record<string, any>[] {
  const ours = running
    .output()
    .split("\n")
    .filter((line) => line.trim() && !/^\s*(▲|-|✓|⚠)\s/.test(line));
  return ours.map((line) => JSON.parse(line));
}

/** Log lines reach the test through the server's stdout pipe, after the answer: wait for matching ones. */
async function linesWhere(running: RunningServer, matches: (line: Record<string, any>) => boolean) {
  for (let i = 0; i < 50 && !jsonLines(running).some(matches); i++) await new Promise((r) => setTimeout(r, 50));
  return jsonLines(running).filter(matches);
}

const linesOf = (running: RunningServer, requestId: string) =>
  linesWhere(running, (line) => line.requestId === requestId);

describe("one JSON line per call", () => {
  it("a call the database cannot serve: one error line with its requestId, status 503 and code", async () => {
    const requestId = `ops-log-${Date.now()}`;
    const response = await call(
      "kit.read",
      `bop_${"a".repeat(40)}`,
      { brand: "ANY-1" },
      { url: noDatabase.url, headers: { "X-Request-Id": requestId } },
    );
    expect(response.status).toBe(503);
    const lines = await linesOf(noDatabase, requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "call failed",
      requestId,
      door: "api",
      capability: "kit.read",
      status: 503,
      code: "unavailable",
    });
    expect(typeof lines[0]!.ms).toBe("number");
    expect(Date.parse(lines[0]!.time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a refused call is one info line; an MCP tool call and a file route are logged the same way", async () => {
    const world = await makeWorld();
    const requestId = `ops-refused-${Date.now()}`;
    const refused = await call(
      "kit.colors.add",
      world.viewer.key,
      { brand: world.brand.shortId, name: "Sky", hex: "#8ecae6", role: "accent" },
      { url: server.url, headers: { "X-Request-Id": requestId } },
    );
    expect(refused.status).toBe(403);
    expect(await linesOf(server, requestId)).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "call",
        door: "api",
        capability: "kit.colors.add",
        status: 403,
        code: "forbidden",
      }),
    ]);

    const client = await connectMcp(world.viewer.key, { url: server.url });
    const result = await callTool(client, "kit_read", { brand: world.brand.shortId });
    await client.close();
    expect(result.isError ?? false).toBe(false);
    const mcpLines = await linesWhere(server, (line) => line.door === "mcp" && line.capability === "kit.read");
    expect(mcpLines.length).toBeGreaterThanOrEqual(1);
    expect(mcpLines.at(-1)).toMatchObject({ status: 200, level: "info" });
    expect(typeof mcpLines.at(-1)!.requestId).toBe("string");

    const fileRequestId = `ops-file-${Date.now()}`;
    const download = await fetch(`${server.url}/api/files/download/brands/x/y?sig=nope`, {
      headers: { "X-Request-Id": fileRequestId },
    });
    expect(download.status).toBe(403);
    expect(await linesOf(server, fileRequestId)).toEqual([
      expect.objectContaining({ door: "files", capability: "files.download", status: 403 }),
    ]);
  });
});

describe("health", () => {
  it("live is 200 whatever the database; ready is 200 only when the database answers", async () => {
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    expect((await fetch(`${noDatabase.url}/api/health/live`)).status).toBe(200);
    const notReady = await fetch(`${noDatabase.url}/api/health/ready`, { headers: { "X-Request-Id": "ops-ready-1" } });
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get("retry-after")).toBe("1");
    expect(await notReady.json()).toEqual({
      ok: false,
      error: { code: "unavailable", message: expect.any(String), retryAfterSeconds: 1, requestId: "ops-ready-1" },
    });

    migrate(laterDatabase); // the database appears: ready again, without a restart
    expect((await fetch(`${noDatabase.url}/api/health/ready`)).status).toBe(200);
  });
});
