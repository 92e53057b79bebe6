// The PostgreSQL data model is derived from prisma/schema.prisma, never edited by hand: the
// provider and the generated client's folder are swapped, and one index that only PostgreSQL can
// express is added (the pg_trgm index that plays the part of SQLite's FTS5 name search, created by
// the hand-written migration asset_name_search), and the fields marked `// pg: String[]` become
// text arrays: better-auth's Prisma adapter writes lists as JSON text on SQLite and as arrays on
// PostgreSQL (the OAuth provider's tables). scripts/db-pg-schema.ts writes it; a test fails when the
// committed file differs from this derivation.
export const POSTGRES_SCHEMA_PATH = "prisma/postgres/schema.prisma";

/** Added to model Asset on PostgreSQL only, so the schema engine knows the trigram index. */
const POSTGRES_ONLY: Record<string, string[]> = {
  Asset: [`  @@index([nameKey(ops: raw("gin_trgm_ops"))], type: Gin, map: "Asset_nameKey_trgm_idx")`],
};

export function derivePostgresSchema(sqliteSchema: string): string {
  let schema = sqliteSchema;
  const swap = (from: RegExp, to: string, what: string) => {
    if (!from.test(schema))
      throw new Error(`prisma/schema.prisma: cannot find ${what} to derive the PostgreSQL schema`);
    schema = schema.replace(from, to);
  };
  swap(/(datasource db \{\s*provider\s*=\s*)"sqlite"/, '$1"postgresql"', 'datasource provider "sqlite"');
  swap(
    /(output\s*=\s*)"\.\.\/lib\/db\/generated"/,
    '$1"../../lib/db/generated-pg"',
    'generator output "../lib/db/generated"',
  );
  // `name String? // pg: String[]` → `name String[]` (a Prisma list cannot be optional)
  schema = schema.replace(/^(\s+\w+\s+)String\??(\s*)\/\/ pg: String\[\]$/gm, "$1String[]$2// a list on PostgreSQL");
  for (const [model, lines] of Object.entries(POSTGRES_ONLY)) {
    const start = schema.search(new RegExp(`^model ${model} \\{`, "m"));
    if (start < 0) throw new Error(`prisma/schema.prisma: model ${model} not found`);
    const end = schema.indexOf("\n}", start);
    schema = `${schema.slice(0, end)}\n\n  // PostgreSQL only (lib/db/postgres-schema.ts)\n${lines.join("\n")}${schema.slice(end)}`;
  }
  const header = "// GENERATED from prisma/schema.prisma by scripts/db-pg-schema.ts: do not edit; edit that file.\n";
  return header + schema;
}
