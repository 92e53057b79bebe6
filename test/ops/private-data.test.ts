// `npm start` under the usual umask (022) keeps what it stores to its own user:
// the database, which holds e-mails, password hashes and conversations, with its -wal and -shm,
// and every stored or arriving file are 0600, the folders it creates 0700 (lib/private-files.ts).
// Everything is created by the server itself, in folders that do not exist before it starts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addMember, createBrand, createKey, createUser } from "../../lib/admin/commands";
import { openClients } from "../../lib/db/client";
import { freePort } from "../../scripts/support/start-server";
import { heldPut } from "../support/files";
import { call, expectOk } from "../support/world";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-private-"));
const data = path.join(dir, "data");
const files = path.join(data, "files");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8).padStart(4, "0");

describe("npm start under umask 022", () => {
  it("creates the database, its -wal and -shm, stored and arriving files 0600, and its folders 0700", {
    timeout: 150_000,
  }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const databaseUrl = `file:${path.join(data, "app.db")}`;
    const child = spawn("bash", ["-c", "umask 022 && exec bash scripts/run.sh start"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME!,
        PORT: String(port),
        APP_URL: url,
        SEED_DEMO: "0",
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: files,
        APP_SECRET: randomBytes(32).toString("base64url"),
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const clients = { current: undefined as ReturnType<typeof openClients> | undefined };
    try {
      for (const deadline = Date.now() + 120_000; ; ) {
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
      // the server itself (run.sh execs it in this process) runs with the umask that made files 0644
      expect(readFileSync(`/proc/${child.pid}/status`, "utf8")).toMatch(/^Umask:\s+0022$/m);

      // the database as the server left it, before this process opens it: readiness asks the
      // database, so the server has its own connection, with the -wal and -shm it creates
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
      expect(mode(data)).toBe("0700");
      for (const file of ["app.db", "app.db-wal", "app.db-shm"])
        expect([file, mode(path.join(data, file))]).toEqual([file, "0600"]);

      clients.current = openClients(databaseUrl);
      const db = clients.current.writer;
      const brand = await createBrand(db, { name: "Private", shortId: "PRIV-1" });
      await createUser(db, { email: "owner@private.example", name: "Owner" });
      await addMember(db, { brand: brand.shortId, email: "owner@private.example", role: "admin" });
      const { key } = await createKey(db, { email: "owner@private.example", scopes: "all" });

      const size = 5000;
      const started = expectOk(
        await call(
          "library.upload.create",
          key,
          { brand: brand.shortId, step: "start", fileName: "notes.txt", mimeType: "text/plain", sizeBytes: size },
          { url },
        ),
      );
      const arriving = heldPut(started.uploadUrl, size, size - 1);
      const incoming = path.join(files, ".incoming");
      await expect.poll(() => (existsSync(incoming) ? readdirSync(incoming) : []), { timeout: 15_000 }).toHaveLength(1);
      expect([mode(files), mode(incoming), mode(path.join(incoming, readdirSync(incoming)[0]!))]).toEqual([
        "0700",
        "0700",
        "0600",
      ]);
      arriving.finish();
      expect((await arriving.answer).status).toBe(200);

      const stored = path.join(files, new URL(started.uploadUrl).pathname.replace("/api/files/upload/", ""));
      expect(mode(stored)).toBe("0600");
      expect([mode(path.join(files, "brands")), mode(path.dirname(stored))]).toEqual(["0700", "0700"]);
    } finally {
      await clients.current?.close();
      child.kill("SIGTERM");
    }
    expect(await exited, output).toBe(0);
  });
});
