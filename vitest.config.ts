import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/db guards against client bundles with server-only; tests are server code
      "server-only": path.resolve(import.meta.dirname, "test/support/empty.ts"),
    },
  },
  test: {
    include: ["test/**/*.test.ts", "e2e/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/env.ts"],
    // files share one server and one database; each file makes its own brands and people
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
