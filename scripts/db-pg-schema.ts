// Writes prisma/postgres/schema.prisma from prisma/schema.prisma (lib/db/postgres-schema.ts).
// `--check` writes nothing and exits 1 when the committed file is not the derivation.
// Usage: npx tsx scripts/db-pg-schema.ts [--check]
import { readFileSync, writeFileSync } from "node:fs";
import { derivePostgresSchema, POSTGRES_SCHEMA_PATH } from "../lib/db/postgres-schema";

const derived = derivePostgresSchema(readFileSync("prisma/schema.prisma", "utf8"));
if (process.argv.includes("--check")) {
  const committed = readFileSync(POSTGRES_SCHEMA_PATH, "utf8");
  if (committed !== derived) {
    console.error(
      `${POSTGRES_SCHEMA_PATH} differs from the derivation of prisma/schema.prisma: run npx tsx scripts/db-pg-schema.ts`,
    );
    process.exit(1);
  }
} else {
  writeFileSync(POSTGRES_SCHEMA_PATH, derived);
  console.log(`wrote ${POSTGRES_SCHEMA_PATH}`);
}
