// Prisma's WebAssembly schema engine, driven directly (the CLI needs a native engine that cannot
// be downloaded here). An internal API, kept to this one module: diffs between data models,
// migration folders and live databases, for SQLite and PostgreSQL.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SchemaEngine } from "@prisma/schema-engine-wasm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import prismaConfig from "../prisma.config";

export type Provider = "sqlite" | "postgresql";
type Source = Record<string, unknown>;

export const datamodel = (file: string, content = readFileSync(file, "utf8")): Source => ({
  tag: "schemaDatamodel",
  files: [{ path: file, content }],
});

/** The live database behind the adapter (the `url` given to diff), described as the engine sees it. */
export const liveDatabase = (schemaFile: string): Source => ({
  tag: "schemaDatasource",
  configDir: ".",
  files: [{ path: schemaFile, content: readFileSync(schemaFile, "utf8") }],
});

/** A migrations folder as the engine reads it (replayed on a shadow database). */
export function migrationsSource(baseDir: string): Source {
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  if (dirs.length === 0) return { tag: "empty" };
  const lock = path.join(baseDir, "migration_lock.toml");
  return {
    tag: "migrations",
    baseDir,
    shadowDbInitScript: "",
    lockfile: { path: "migration_lock.toml", content: existsSync(lock) ? readFileSync(lock, "utf8") : null },
    migrationDirectories: dirs.map((dir) => ({
      path: dir,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(baseDir, dir, "migration.sql"), "utf8") },
      },
    })),
  };
}

// The engine replays migrations on a shadow database with executeRaw, one whole file at a time;
// better-sqlite3 prepares one statement only, so a script without arguments runs as one.
function shadowRunsScripts<F extends PrismaBetterSqlite3>(factory: F): F {
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

/**
 * The SQL that turns `from` into `to`. For PostgreSQL, `url` names a database the engine may use
 * (a live one to compare, or a server for its shadow database); diffs between data models never connect.
 */
export async function diff(
  provider: Provider,
  from: Source,
  to: Source,
  options: { schemaFile: string; url?: string },
): Promise<string> {
  const pool = provider === "postgresql" ? new pg.Pool({ connectionString: requireUrl(options.url) }) : undefined;
  pool?.on("error", () => {}); // connections the engine left idle may be closed under it
  const factory = pool ? new PrismaPg(pool) : shadowRunsScripts(new PrismaBetterSqlite3({ url: ":memory:" }));
  const engine = await SchemaEngine.new(
    { datamodels: [[options.schemaFile, readFileSync(options.schemaFile, "utf8")]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory as never),
  );
  const result = await engine.diff({
    from,
    to,
    script: true,
    exitCode: null,
    // SQLite's FTS5 tables, made by a hand-written migration outside the data model (prisma.config.ts)
    filters: { externalTables: provider === "sqlite" ? (prismaConfig.tables?.external ?? []) : [], externalEnums: [] },
  } as never);
  await pool?.end();
  const sql = (result.stdout ?? "").trim();
  return /^-- This is an empty migration/.test(sql) ? "" : sql;
}

// The engine reads PostgreSQL's catalogue, whose "char" columns (OID 18, e.g. pg_class.relkind)
// Prisma's pg adapter 7.10 refuses to map ("Column type 'char' could not be deserialized"). pg hands
// their values over as strings already, so they are announced as text (OID 25). Dev tools only.
const CHAR = 18;
const TEXT = 25;
const poolQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const result = poolQuery.apply(this, args);
  if (!(result instanceof Promise)) return result;
  return result.then((value: pg.QueryResult) => {
    for (const field of value?.fields ?? []) if (field.dataTypeID === CHAR) field.dataTypeID = TEXT;
    return value;
  });
} as typeof pg.Pool.prototype.query;

// the PostgreSQL engine connects as it starts, even to diff two data models
function requireUrl(url: string | undefined): string {
  if (!url)
    throw new Error(
      "a PostgreSQL diff needs a server: pass the URL of a private cluster (scripts/support/postgres.ts)",
    );
  return url;
}
