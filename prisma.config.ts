import { defineConfig } from "prisma/config";

// env("DATABASE_URL") throws when unset, so read process.env with the embedded default.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/app.db" },
  // SQLite's full-text index of file names (migration asset_name_search) and the tables FTS5 keeps
  // for it: created by a hand-written migration, outside the data model, so migrations leave them be
  experimental: { externalTables: true },
  tables: {
    external: [
      "AssetNameSearch",
      "AssetNameSearch_config",
      "AssetNameSearch_content",
      "AssetNameSearch_data",
      "AssetNameSearch_docsize",
      "AssetNameSearch_idx",
    ],
  },
});
