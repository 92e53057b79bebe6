// The SQLite migration runner keeps rows that reference a rebuilt table: Prisma's table rebuild
// (DROP TABLE inside a transaction, where "PRAGMA foreign_keys=OFF" is ignored) would otherwise
// cascade. Found while adding the auth columns to "User", which memberships and keys reference.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../../lib/db/migrate";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-fk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function addMigration(migrations: string, name: string, sql: string) {
  mkdirSync(path.join(migrations, name), { recursive: true });
  writeFileSync(path.join(migrations, name, "migration.sql"), sql);
}

// what scripts/db-migration-new.ts writes for a new column on a referenced table
const REBUILD = `PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_P" ("id" TEXT NOT NULL PRIMARY KEY, "extra" BOOLEAN NOT NULL DEFAULT false);
INSERT INTO "new_P" ("id") SELECT "id" FROM "P";
DROP TABLE "P";
ALTER TABLE "new_P" RENAME TO "P";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;`;

describe("SQLite migrations and foreign keys", () => {
  it("a table rebuild keeps the rows that reference it", () => {
    const migrations = path.join(dir, "keep");
    const url = `file:${path.join(dir, "keep.db")}`;
    addMigration(
      migrations,
      "001_init",
      `CREATE TABLE "P" ("id" TEXT NOT NULL PRIMARY KEY);
CREATE TABLE "C" ("id" TEXT NOT NULL PRIMARY KEY, "p" TEXT NOT NULL, CONSTRAINT "C_p_fkey" FOREIGN KEY ("p") REFERENCES "P" ("id") ON DELETE CASCADE);`,
    );
    migrate(url, migrations);
    const sqlite = new Database(path.join(dir, "keep.db"));
    sqlite.exec(`INSERT INTO "P" VALUES ('a'); INSERT INTO "C" VALUES ('c1', 'a');`);
    sqlite.close();

    addMigration(migrations, "002_rebuild", REBUILD);
    expect(migrate(url, migrations)).toEqual(["002_rebuild"]);
    const after = new Database(path.join(dir, "keep.db"));
    expect(after.prepare(`SELECT count(*) AS n FROM "C"`).get()).toEqual({ n: 1 });
    after.close();
  });

  it("refuses, and rolls back, a migration that leaves dangling references", () => {
    const migrations = path.join(dir, "dangling");
    const url = `file:${path.join(dir, "dangling.db")}`;
    addMigration(
      migrations,
      "001_init",
      `CREATE TABLE "P" ("id" TEXT NOT NULL PRIMARY KEY);
CREATE TABLE "C" ("id" TEXT NOT NULL PRIMARY KEY, "p" TEXT NOT NULL REFERENCES "P" ("id"));
INSERT INTO "P" VALUES ('a'); INSERT INTO "C" VALUES ('c1', 'a');`,
    );
    migrate(url, migrations);
    addMigration(migrations, "002_bad", `DELETE FROM "P";`);
    expect(() => migrate(url, migrations)).toThrow(/002_bad leaves 1 row\(s\) of C without their P/);
    const after = new Database(path.join(dir, "dangling.db"));
    expect(after.prepare(`SELECT count(*) AS n FROM "P"`).get()).toEqual({ n: 1 });
    after.close();
  });
});
