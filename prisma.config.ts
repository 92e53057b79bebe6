import { defineConfig } from "prisma/config";

// env("DATABASE_URL") throws when unset, so read process.env with the embedded default.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/app.db" },
});
