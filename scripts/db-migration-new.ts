// Developer tool: writes the next checked-in migration (SQL) from the difference between the
// migrations folder and prisma/schema.prisma. The Prisma CLI needs its native schema engine,
// which cannot be downloaded here, so this drives the engine's WebAssembly build directly
// (an internal API, kept to this one file). Usage: npx tsx scripts/db-migration-new.ts <name>
import { readFileSync, mkdirSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { SchemaEngine } from "@prisma/schema-engine-wasm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import prismaConfig from "../prisma.config";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) throw new Error("usage: db-migration-new.ts <name>");
const schemaPath = "prisma/schema.prisma";
const baseDir = path.resolve("prisma/migrations");
const schema = readFileSync(schemaPath, "utf8");
const dirs = existsSync(baseDir)
  ? readdirSync(baseDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
  : [];
const migrationDirectories = dirs.map((dir) => ({
  path: dir,
  migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: readFileSync(path.join(baseDir, dir, "migration.sql"), "utf8") } },
}));

// the engine reads the connector (sqlite) from the lockfile once a migration exists
function lockfile(): string | null {
  const file = path.join(baseDir, "migration_lock.toml");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

// The engine replays the existing migrations on a shadow database with executeRaw, one whole file
// at a time; better-sqlite3 prepares one statement only, so a script without arguments runs as one.
function shadowRunsScripts(factory: PrismaBetterSqlite3) {
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const shadow = await connectToShadowDb();
    const executeRaw = shadow.executeRaw.bind(shadow);
    shadow.executeRaw = async (query) => {
      if (query.args.length > 0) return executeRaw(query);
      await shadow.executeScript(query.sql);
      return 0;
    };
    return shadow;
  };
  return factory;
}

const adapter = bindMigrationAwareSqlAdapterFactory(shadowRunsScripts(new PrismaBetterSqlite3({ url: ":memory:" })) as never);
const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, adapter);
const result = await engine.diff({
  from: dirs.length
    ? { tag: "migrations", baseDir, lockfile: { path: "migration_lock.toml", content: lockfile() }, shadowDbInitScript: "", migrationDirectories }
    : { tag: "empty" },
  to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
  script: true,
  exitCode: null,
  // tables created by hand-written migrations, outside the data model (prisma.config.ts)
  filters: { externalTables: prismaConfig.tables?.external ?? [], externalEnums: [] },
} as never);
const sql = (result.stdout ?? "").trim();
if (!sql || /^-- This is an empty migration/.test(sql)) {
  console.log("schema and migrations agree; nothing written");
} else {
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = path.join(baseDir, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
  writeFileSync(path.join(baseDir, "migration_lock.toml"), 'provider = "sqlite"\n');
  console.log(`wrote ${dir}/migration.sql`);
}
