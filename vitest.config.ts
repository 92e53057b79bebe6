import path from "node:path";
import { defineConfig } from "vitest/config";

// starts a project's server (and its databases in the distributed profile)
const SERVER = "test/support/global-setup.ts";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/db guards against client bundles with server-only; tests are server code
      "server-only": path.resolve(import.meta.dirname, "test/support/empty.ts"),
    },
  },
  test: {
    setupFiles: ["test/support/env.ts"],
    // files share one server and one database; each file makes its own brands and people
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // the suite and the MCP door's files each have a server of their own (test/support/global-setup.ts):
    // the whole suite on the default settings, and the MCP door's files again with its fast path off
    // (MCP_FAST_PATH), so both ways the door is served are held to the same tests. Each project
    // names its global setup: a project does not inherit the root's, and the root's would run
    // once for every run, a unit run included, with no project's name to tell the two servers apart
    projects: [
      {
        extends: true,
        test: {
          name: "suite",
          include: ["test/**/*.test.ts", "e2e/**/*.test.ts"],
          exclude: ["test/unit/**"],
          globalSetup: [SERVER],
        },
      },
      // code alone, no server: `npm run test:unit` runs these in seconds
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          setupFiles: ["test/support/unit-env.ts"],
        },
      },
      // the exchange's own test (test/unit) needs no server; the MCP door's files do
      { extends: true, test: { name: "mcp-sdk-only", include: ["test/mcp/**/*.test.ts"], globalSetup: [SERVER] } },
    ],
  },
});
