// The PostgreSQL data model and migrations stay in step with SQLite's.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivePostgresSchema, POSTGRES_SCHEMA_PATH } from "../../lib/db/postgres-schema";
import { listMigrations, migrateDatabase, POSTGRES_MIGRATIONS_DIR } from "../../lib/db/migrate";
import { numbered } from "../../lib/db/sql-postgres";
import { datamodel, diff, liveDatabase } from "../../scripts/db-engine";
import { startPostgres, type LocalPostgres } from "../../scripts/support/postgres";
import { postgresSkip } from "./targets";

describe("the PostgreSQL schema", () => {
  it("is exactly what scripts/db-pg-schema.ts derives from prisma/schema.prisma", () => {
    const derived = derivePostgresSchema(readFileSync("prisma/schema.prisma", "utf8"));
    // on failure: npx tsx scripts/db-pg-schema.ts (or scripts/db-migration-new.ts after a model change)
    expect(readFileSync(POSTGRES_SCHEMA_PATH, "utf8")).toBe(derived);
  });

  it("differs from SQLite's only in the datasource, the generator's folder, PostgreSQL's own index and the marked lists", () => {
    const sqlite = readFileSync("prisma/schema.prisma", "utf8").split("\n");
    const postgres = readFileSync(POSTGRES_SCHEMA_PATH, "utf8").split("\n");
    const marked = sqlite.filter((line) => line.endsWith("// pg: String[]"));
    // every `// pg: String[]` field, and only those, becomes a text array (better-auth's OAuth tables)
    const lists = marked.map((line) =>
      line.replace(/String\??(\s*)\/\/ pg: String\[\]$/, "String[]$1// a list on PostgreSQL"),
    );
    expect(marked.length).toBeGreaterThan(0);
    expect(postgres.filter((line) => !sqlite.includes(line))).toEqual([
      expect.stringMatching(/^\/\/ GENERATED from prisma\/schema.prisma/),
      '  output       = "../../lib/db/generated-pg"',
      '  provider = "postgresql"',
      "  // PostgreSQL only (lib/db/postgres-schema.ts)",
      '  @@index([nameKey(ops: raw("gin_trgm_ops"))], type: Gin, map: "Asset_nameKey_trgm_idx")',
      ...lists,
    ]);
    expect(sqlite.filter((line) => !postgres.includes(line))).toEqual([
      '  output       = "../lib/db/generated"',
      '  provider = "sqlite"',
      ...marked,
    ]);
  });

  it("has a PostgreSQL migration for every SQLite migration made since the profile arrived", () => {
    const sqliteNames = listMigrations().map((m) => m.name);
    const postgresNames = readdirSync(POSTGRES_MIGRATIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    // the PostgreSQL history starts with init (which holds SQLite's init and library) and asset_name_search
    const since = sqliteNames.filter((name) => name >= "20261122041000");
    expect(postgresNames.filter((name) => name >= "20261122041000")).toEqual(since);
    expect(postgresNames[0]).toBe(sqliteNames[0]);
  });

  it("numbers `?` placeholders for pg outside quotes", () => {
    expect(numbered(`SELECT "a?" FROM "T" WHERE x = ? AND y LIKE ? ESCAPE '\\' AND z = '?'`)).toBe(
      `SELECT "a?" FROM "T" WHERE x = $1 AND y LIKE $2 ESCAPE '\\' AND z = '?'`,
    );
  });
});

describe.skipIf(postgresSkip)(
  `PostgreSQL migrations on a real server${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    let cluster: LocalPostgres;
    beforeAll(async () => {
      cluster = await startPostgres();
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it("applied to an empty database, leave nothing for the schema engine to change, and apply once", async () => {
      const url = await cluster.createDatabase("fresh");
      const applied = await migrateDatabase(url);
      expect(applied).toEqual(listMigrations(POSTGRES_MIGRATIONS_DIR).map((m) => m.name));
      expect(await migrateDatabase(url)).toEqual([]);
      const sql = await diff("postgresql", liveDatabase(POSTGRES_SCHEMA_PATH), datamodel(POSTGRES_SCHEMA_PATH), {
        schemaFile: POSTGRES_SCHEMA_PATH,
        url,
      });
      expect(sql).toBe("");
    });

    it("the diff sees a missing index (the check can fail)", async () => {
      const url = await cluster.createDatabase("drifted");
      await migrateDatabase(url);
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP INDEX "Asset_nameKey_trgm_idx"`);
      await client.end();
      const sql = await diff("postgresql", liveDatabase(POSTGRES_SCHEMA_PATH), datamodel(POSTGRES_SCHEMA_PATH), {
        schemaFile: POSTGRES_SCHEMA_PATH,
        url,
      });
      expect(sql).toContain("Asset_nameKey_trgm_idx");
    });
  },
);

describe.skipIf(postgresSkip)(`scripts/db-migration-new.ts${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`, () => {
  it("writes the SQLite and the PostgreSQL migration of a model change under one name, and the derived schema", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-migration-new-"));
    try {
      cpSync("prisma", path.join(dir, "prisma"), { recursive: true });
      const schema = path.join(dir, "prisma/schema.prisma");
      writeFileSync(schema, readFileSync(schema, "utf8").replace(/^(model Brand \{\n)/m, "$1  probeField  Int?\n"));
      const script = path.resolve("scripts/db-migration-new.ts");
      execFileSync(path.resolve("node_modules/.bin/tsx"), [script, "probe field"], { cwd: dir, stdio: "pipe" });
      const written = (folder: string) => {
        const name = readdirSync(path.join(dir, folder)).find((entry) => entry.endsWith("_probe_field"));
        return name ? { name, sql: readFileSync(path.join(dir, folder, name, "migration.sql"), "utf8") } : undefined;
      };
      const sqlite = written("prisma/migrations");
      const postgres = written("prisma/postgres/migrations");
      expect(sqlite?.sql).toMatch(/ALTER TABLE "Brand" ADD COLUMN "probeField" INTEGER/);
      expect(postgres?.sql).toMatch(/ALTER TABLE "Brand" ADD COLUMN\s+"probeField" INTEGER/);
      expect(postgres?.name).toBe(sqlite?.name);
      expect(readFileSync(path.join(dir, POSTGRES_SCHEMA_PATH), "utf8")).toBe(
        derivePostgresSchema(readFileSync(schema, "utf8")),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
