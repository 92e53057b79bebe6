// CAPABILITY_ROLLOUT=available (the spec's pilot) on an extra server, and the MCP Inspector CLI
// as an outside client of the suite's server.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { baseUrl, call, expectOk, makeWorld } from "../support/world";
import { callTool, connectMcp, toolNames } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

describe("CAPABILITY_ROLLOUT=available: only the Available capabilities are tools", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), CAPABILITY_ROLLOUT: "available" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists brands_list, questions_ask, library_search and kit_read; a Planned tool does not exist there", async () => {
    const client = await connectMcp(world.admin.key, { url: server.url });
    expect(await toolNames(client)).toEqual(["brands_list", "kit_read", "library_search", "questions_ask"]);
    // a tool the server does not have is MCP's own protocol error, not a tool result
    await expect(
      callTool(client, "kit_colors_add", { brand: world.brand.shortId, name: "X", hex: "#123456", role: "accent" }),
    ).rejects.toThrow(/not found/);
    await client.close();
  });
});

describe("MCP Inspector CLI against the running server", () => {
  const run = promisify(execFile);
  const inspector = (args: string[]) =>
    run(
      "npx",
      [
        "@modelcontextprotocol/inspector",
        "--cli",
        `${baseUrl()}/api/mcp`,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${world.admin.key}`,
        ...args,
      ],
      {
        env: {
          ...process.env,
          MCP_CATALOG_PATH: path.join(mkdtempSync(path.join(tmpdir(), "inspector-")), "mcp.json"),
        },
        timeout: 60_000,
      },
    );

  it("tools/list lists the tools", async () => {
    const { stdout } = await inspector(["--method", "tools/list"]);
    const names = (JSON.parse(stdout).tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain("kit_read");
    expect(names).toContain("questions_ask");
    expect(names).not.toContain("library_upload_create");
  }, 90_000);

  it("tools/list --strict: no schema-portability finding (errors or warnings) on any tool", async () => {
    // --strict prints every finding (path, issue, suggestion) on stderr and exits 6 on an error
    const { stdout, stderr } = await inspector(["--method", "tools/list", "--strict"]);
    expect(JSON.parse(stdout).tools.length).toBeGreaterThan(15);
    expect(stderr).not.toMatch(/(Warning|Error): tool "|Schema portability|portability error/);
  }, 90_000);

  it("tools/call kit_read returns the API door's data", async () => {
    const { stdout } = await inspector([
      "--method",
      "tools/call",
      "--tool-name",
      "kit_read",
      "--tool-arg",
      `brand=${world.brand.shortId}`,
    ]);
    expect(JSON.parse(stdout).structuredContent).toEqual(
      expectOk(await call("kit.read", world.admin.key, { brand: world.brand.shortId })),
    );
  }, 90_000);
});
