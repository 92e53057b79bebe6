// `npm start`'s first step (scripts/prepare.ts) on a fresh database: the demo admin gets a
// generated password, printed once beside the demo key, that verifies against the stored hash.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-demo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// prepare.ts writes data/ files relative to its working directory, so it runs in the temp folder
const prepare = () =>
  run(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", path.join(ROOT, "scripts/prepare.ts")], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "demo.db")}`, APP_URL: "http://demo.example:4000", SEED_DEMO: "1", STORAGE_DIR: path.join(dir, "files"), APP_SECRET: "y".repeat(40) },
    timeout: 60_000,
  });

describe("demo sign-in on first start", { timeout: 120_000 }, () => {
  it("prints the demo admin's sign-in once, and the password is the stored one", async () => {
    const first = await prepare();
    const line = /Sign in at http:\/\/demo\.example:4000\/sign-in as ada@northwind\.example with password (\S+)/.exec(first.stdout);
    expect(line, first.stdout + first.stderr).not.toBeNull();
    const password = line![1]!;
    expect(password).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(readFileSync(path.join(dir, "data/demo-sign-in.txt"), "utf8")).toBe(`ada@northwind.example\n${password}\n`);

    const sqlite = new Database(path.join(dir, "demo.db"), { readonly: true });
    const row = sqlite.prepare(`SELECT a."password" FROM "AuthAccount" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ? AND a."providerId" = 'credential'`).get("ada@northwind.example") as { password: string };
    sqlite.close();
    expect(await verifyPassword({ hash: row.password, password })).toBe(true);
    expect(await verifyPassword({ hash: row.password, password: password + "x" })).toBe(false);

    const second = await prepare();
    expect(second.stdout).not.toContain("Sign in at");
  });
});
