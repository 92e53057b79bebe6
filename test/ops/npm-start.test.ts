// `npm start` itself (scripts/run.sh start: prepare, then scripts/serve.ts) on a fresh SQLite
// database: it migrates, serves the doors from their own functions and pages from Next, answers
// as a production server, listens on loopback only (no HOST set, as on a newcomer's laptop), and
// stops gracefully on SIGTERM. The rest of the suite runs against
// the same server started directly (scripts/support/start-server.ts).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/support/start-server";
import { nonLoopbackAddress, tryConnect } from "../support/network";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-npm-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm start", () => {
  it("migrates a fresh database, serves the API and MCP doors and the pages, and exits 0 on SIGTERM", {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn("bash", ["scripts/run.sh", "start"], {
      cwd: ROOT,
      // a clean environment, as on a newcomer's machine: none of the suite's settings (the
      // distributed profile's S3, Redis and PostgreSQL) reach it
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME!,
        PORT: String(port),
        APP_URL: url,
        SEED_DEMO: "0",
        DATABASE_URL: `file:${path.join(dir, "fresh.db")}`,
        STORAGE_DIR: path.join(dir, "files"),
        APP_SECRET: randomBytes(32).toString("base64url"),
        NODE_ENV: "test", // as the suite runs; scripts/run.sh starts the server with production
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      for (const deadline = Date.now() + 90_000; ; ) {
        if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        if (
          await fetch(`${url}/api/health`).then(
            (response) => response.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(output).toContain("applied migrations");
      // loopback only: the machine's own network address finds nothing listening
      await expect
        .poll(() => output)
        .toMatch(/"address":\{"address":"127\.0\.0\.1","family":"IPv4","port":\d+\},"msg":"ready"/);
      const outside = nonLoopbackAddress();
      if (outside) expect(await tryConnect(outside, port)).toBe("ECONNREFUSED");
      // the API door: its own answer (401 naming the key), with its request id and no-store
      const api = await fetch(`${url}/api/v1/kit.read`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Request-Id": "npm-start-1" },
        body: "{}",
      });
      expect(api.status).toBe(401);
      expect(api.headers.get("x-request-id")).toBe("npm-start-1");
      expect(api.headers.get("cache-control")).toBe("no-store");
      expect((await api.json()).error).toMatchObject({ code: "unauthenticated", requestId: "npm-start-1" });
      // the MCP door: the OAuth-style challenge of an unauthenticated call
      const mcp = await fetch(`${url}/api/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: "{}",
      });
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get("www-authenticate")).toMatch(/^Bearer/);
      // a page and the OpenAPI document are Next's, with the security headers of a page
      const page = await fetch(`${url}/sign-in`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toBeTruthy();
      expect((await fetch(`${url}/api/v1/openapi.json`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited, output).toBe(0);
  });
});
