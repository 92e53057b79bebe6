// Graceful shutdown (lib/ops/shutdown.ts): SIGTERM in the middle of a slow upload PUT. The upload
// finishes with its normal answer, new connections are refused meanwhile, and the process exits 0.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { localStorageEnv } from "./local-storage-env";
import { call, expectOk, makeWorld } from "../support/world";

let server: RunningServer;
beforeAll(async () => {
  // the suite's database, so the world made here is this server's too; local storage, so the
  // upload PUT comes to this server (the distributed profile's suite stores in S3)
  server = await startServer({ ...localStorageEnv(), SHUTDOWN_TIMEOUT_SECONDS: "20" });
});
afterAll(async () => {
  await server.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a new TCP connection to the server's port is accepted. */
function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("SIGTERM", () => {
  it("finishes an upload in flight with its normal answer, refuses new connections, exits 0", async () => {
    const world = await makeWorld();
    const size = 256 * 1024;
    const started = expectOk(
      await call(
        "library.upload.create",
        world.admin.key,
        { brand: world.brand.shortId, step: "start", fileName: "notes.txt", mimeType: "text/plain", sizeBytes: size },
        { url: server.url },
      ),
    );

    // the body arrives in four parts, 600 ms apart: SIGTERM lands after the first
    const part = new TextEncoder().encode("x".repeat(size / 4));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent > 0) await pause(600);
        if (sent === 4) return controller.close();
        sent++;
        controller.enqueue(part);
      },
    });
    const uploading = fetch(started.uploadUrl, {
      method: "PUT",
      body,
      duplex: "half",
      headers: { "Content-Type": "text/plain", "Content-Length": String(size) },
    } as RequestInit);
    while (sent < 1) await pause(20);
    await pause(100);
    process.kill(server.pid, "SIGTERM");
    await pause(300);

    expect(sent).toBeLessThan(4); // still uploading
    expect(await accepts(server.url)).toBe(false);
    const response = await uploading;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, data: { sizeBytes: size } });

    expect(await server.exited).toBe(0);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    const upload = lines.find((line) => line.capability === "files.upload");
    expect(upload).toMatchObject({ level: "info", door: "files", status: 200 });
    expect(lines.map((line) => line.msg)).toContain("requests finished and connections closed: exiting");
  }, 30_000);

  it("does not wait past SHUTDOWN_TIMEOUT_SECONDS for a request that never ends: exits 1 and says so", async () => {
    const bounded = await startServer({ ...localStorageEnv(), SHUTDOWN_TIMEOUT_SECONDS: "2" });
    try {
      const world = await makeWorld();
      const started = expectOk(
        await call(
          "library.upload.create",
          world.admin.key,
          { brand: world.brand.shortId, step: "start", fileName: "stuck.txt", mimeType: "text/plain", sizeBytes: 1000 },
          { url: bounded.url },
        ),
      );
      // one part, then silence: the upload never completes
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode("x".repeat(100))),
      });
      const stuck = fetch(started.uploadUrl, {
        method: "PUT",
        body,
        duplex: "half",
        headers: { "Content-Type": "text/plain", "Content-Length": "1000" },
      } as RequestInit).catch(() => undefined);
      await pause(300);
      const signalled = Date.now();
      process.kill(bounded.pid, "SIGTERM");
      expect(await bounded.exited).toBe(1);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(bounded.output()).toContain("shutdown bound of 2000 ms reached");
      await stuck;
    } finally {
      await bounded.stop();
    }
  }, 30_000);
});
