// Developer tool: after an edit of prisma/schema.prisma, one command writes the next migration for
// both databases, under the same name:
//   prisma/migrations/<stamp>_<name>/migration.sql            (SQLite)
//   prisma/postgres/migrations/<stamp>_<name>/migration.sql   (PostgreSQL)
// and re-derives prisma/postgres/schema.prisma. Each SQL is the schema engine's diff between that
// database's checked-in migrations (replayed on a shadow database) and its data model. PostgreSQL's
// shadow database lives in a private cluster started for the occasion (scripts/support/postgres.ts),
// or on MIGRATION_PG_URL when set. Usage: npx tsx scripts/db-migration-new.ts <name>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { datamodel, diff, migrationsSource } from "./db-engine";
import { derivePostgresSchema, POSTGRES_SCHEMA_PATH } from "../lib/db/postgres-schema";
import { startPostgres } from "./support/postgres";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) throw new Error("usage: db-migration-new.ts <name>");
const SQLITE = { schema: "prisma/schema.prisma", dir: path.resolve("prisma/migrations"), provider: "sqlite" as const };
const POSTGRES = {
  schema: POSTGRES_SCHEMA_PATH,
  dir: path.resolve("prisma/postgres/migrations"),
  provider: "postgresql" as const,
};

writeFileSync(POSTGRES.schema, derivePostgresSchema(readFileSync(SQLITE.schema, "utf8")));
const sqlite = await diff("sqlite", migrationsSource(SQLITE.dir), datamodel(SQLITE.schema), {
  schemaFile: SQLITE.schema,
});
const cluster = process.env.MIGRATION_PG_URL ? undefined : await startPostgres();
let postgres: string;
try {
  const url = process.env.MIGRATION_PG_URL ?? cluster!.url;
  postgres = await diff("postgresql", migrationsSource(POSTGRES.dir), datamodel(POSTGRES.schema), {
    schemaFile: POSTGRES.schema,
    url,
  });
} finally {
  await cluster?.destroy();
}

if (!sqlite && !postgres) {
  console.log("schema and migrations agree on both databases; nothing written");
} else {
  // a pair always, even when one side has nothing to do, so the two histories keep the same names
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  for (const [target, sql] of [
    [SQLITE, sqlite],
    [POSTGRES, postgres],
  ] as const) {
    const dir = path.join(target.dir, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), `${sql || `-- nothing to change on ${target.provider}`}\n`);
    writeFileSync(path.join(target.dir, "migration_lock.toml"), `provider = "${target.provider}"\n`);
    console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  }
  console.log(
    "regenerate the clients with `npm run setup` (or npx prisma generate [--schema prisma/postgres/schema.prisma])",
  );
}
