// `npm start`'s first step (scripts/prepare.ts) on a fresh database: the demo admin gets a
// generated password that verifies against the stored hash. The key and password are printed only
// to a terminal (a pseudo-terminal made by util-linux's `script` here); piped into a log, the
// output names the 0600 files instead.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
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

// prepare.ts writes data/ files relative to its working directory, so it runs in a temp folder
const prepare = (folder: string, terminal = false) => {
  const command = [
    path.join(ROOT, "node_modules/.bin/tsx"),
    "--conditions=react-server",
    path.join(ROOT, "scripts/prepare.ts"),
  ];
  const options = {
    cwd: folder,
    env: {
      ...process.env,
      DATABASE_URL: `file:${path.join(folder, "demo.db")}`,
      APP_URL: "http://demo.example:4000",
      SEED_DEMO: "1",
      STORAGE_DIR: path.join(folder, "files"),
      APP_SECRET: "y".repeat(40),
    },
    timeout: 60_000,
  };
  // `script -qec CMD /dev/null` runs CMD with a pseudo-terminal as its stdout
  return terminal
    ? run("script", ["-qec", command.join(" "), "/dev/null"], options)
    : run(command[0]!, command.slice(1), options);
};

describe("demo sign-in on first start", { timeout: 120_000 }, () => {
  it("piped into a log: names the 0600 files, prints neither key nor password; the password is the stored one", async () => {
    const first = await prepare(dir);
    const key = readFileSync(path.join(dir, "data/demo-key.txt"), "utf8").trim();
    const [email, password] = readFileSync(path.join(dir, "data/demo-sign-in.txt"), "utf8").split("\n") as [
      string,
      string,
    ];
    expect(email).toBe("ada@northwind.example");
    expect(password).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(key).toMatch(/^bop_[0-9A-Za-z]{40}$/);
    expect(first.stdout).not.toContain(key);
    expect(first.stdout).not.toContain(password);
    expect(first.stdout + first.stderr).not.toContain(key);
    expect(first.stdout).toContain("data/demo-key.txt");
    expect(first.stdout).toContain("data/demo-sign-in.txt");
    for (const file of ["demo-key.txt", "demo-sign-in.txt"])
      expect(statSync(path.join(dir, "data", file)).mode & 0o777).toBe(0o600);

    const sqlite = new Database(path.join(dir, "demo.db"), { readonly: true });
    const row = sqlite
      .prepare(
        `SELECT a."password" FROM "AuthAccount" a JOIN "User" u ON u."id" = a."userId" WHERE u."email" = ? AND a."providerId" = 'credential'`,
      )
      .get("ada@northwind.example") as { password: string };
    sqlite.close();
    expect(await verifyPassword({ hash: row.password, password })).toBe(true);
    expect(await verifyPassword({ hash: row.password, password: `${password}x` })).toBe(false);

    const second = await prepare(dir);
    expect(second.stdout).not.toContain("demo brand");
  });

  it("on a terminal: prints the key and the sign-in once", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "brand-ops-demo-tty-"));
    try {
      const first = await prepare(folder, true);
      const key = readFileSync(path.join(folder, "data/demo-key.txt"), "utf8").trim();
      const password = readFileSync(path.join(folder, "data/demo-sign-in.txt"), "utf8").split("\n")[1]!;
      expect(first.stdout).toContain(key);
      expect(first.stdout).toMatch(
        new RegExp(
          `Sign in at http://demo\\.example:4000/sign-in as ada@northwind\\.example with password ${password}`,
        ),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
