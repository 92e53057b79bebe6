import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { listMigrations, migrate } from "../../lib/db/migrate";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-migrate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("checked-in migrations, applied offline", () => {
  it("creates every table on an empty database and records Prisma's history", () => {
    const url = `file:${path.join(dir, "fresh.db")}`;
    expect(migrate(url)).toEqual(listMigrations().map((migration) => migration.name));
    const sqlite = new Database(path.join(dir, "fresh.db"));
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row: any) => row.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "User",
        "Brand",
        "Membership",
        "ApiKey",
        "Genome",
        "ConfirmationToken",
        "AuditEntry",
        "_prisma_migrations",
      ]),
    );
    const history = sqlite
      .prepare(`SELECT migration_name, finished_at, checksum FROM "_prisma_migrations"`)
      .all() as any[];
    expect(history).toHaveLength(listMigrations().length);
    expect(history.every((row) => row.finished_at && /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
    sqlite.close();
  });

  it("applies nothing the second time", () => {
    const url = `file:${path.join(dir, "twice.db")}`;
    migrate(url);
    expect(migrate(url)).toEqual([]);
  });
});
