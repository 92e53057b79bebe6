// The tool list: built from the registry, per key scope, MCP door only; reads equal the API door's data.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, makeKey, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolError, expectToolOk, toolNames } from "../support/mcp";
import { toolProblems } from "../../scripts/support/provider-rules";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

describe("tools/list: what the key may call on the MCP door", () => {
  it("an all-scope key sees every MCP capability, named with underscores; library_upload_create (API and Assistant only) is absent", async () => {
    const names = await toolNames(await connectMcp(world.admin.key));
    expect(names).toContain("questions_ask");
    expect(names).toContain("brands_list");
    expect(names).toContain("brand_contacts_save");
    expect(names).not.toContain("library_upload_create");
    // the spec's seventeen MCP capabilities, brands.list, and the additions activity_list,
    // events_list, the eight webhooks_*, budget_usage and the kit edits
    expect(names).toContain("activity_list");
    // undo any write
    expect(names).toContain("activity_undo");
    expect(names).toContain("events_list");
    expect(names).toContain("budget_usage");
    expect(names.filter((name) => name.startsWith("webhooks_"))).toHaveLength(8);
    expect(names).toContain("kit_colors_update");
    expect(names).toContain("kit_colors_remove");
    expect(names).toContain("kit_typography_save");
    expect(names).toContain("kit_logos_save");
    // "is this on brand?"
    expect(names).toContain("brand_check");
    // the brand's memory
    expect(names).toEqual(expect.arrayContaining(["memory_list", "memory_propose", "memory_review"]));
    // the brand's genome
    expect(names).toEqual(expect.arrayContaining(["genome_read", "genome_entries_propose", "genome_entries_review"]));
    // the team
    expect(names.filter((name) => name.startsWith("team_"))).toHaveLength(5);
    // who confirms the writes of agents signed in with OAuth
    expect(names).toContain("brand_policy_update");
    // what became of a write waiting for the caller's person
    expect(names).toContain("confirmations_get");
    expect(names).toHaveLength(50);
  });

  it.each([
    ["kit.read", ["brands_list", "confirmations_get", "kit_read"]],
    [
      "kit.read,kit.write",
      [
        "brands_list",
        "confirmations_get",
        "kit_colors_add",
        "kit_colors_remove",
        "kit_colors_update",
        "kit_instructions_update",
        "kit_logos_remove",
        "kit_logos_save",
        "kit_read",
        "kit_typography_remove",
        "kit_typography_save",
      ],
    ],
    [
      "questions.read,questions.write",
      ["brands_list", "confirmations_get", "questions_answer", "questions_ask", "questions_list"],
    ],
    ["library.read", ["brands_list", "confirmations_get", "library_asset_get", "library_search"]],
    [
      "memory.read,memory.write",
      ["brands_list", "confirmations_get", "memory_list", "memory_propose", "memory_review"],
    ],
    [
      "genome.read,genome.write",
      ["brands_list", "confirmations_get", "genome_entries_propose", "genome_entries_review", "genome_read"],
    ],
    [
      "team.read,team.write",
      [
        "brands_list",
        "confirmations_get",
        "team_invitations_revoke",
        "team_invite",
        "team_list",
        "team_remove",
        "team_role_update",
      ],
    ],
  ])("a key with scopes %s sees %j", async (scopes, expected) => {
    const key = await makeKey(world.admin.email, { scopes });
    expect(await toolNames(await connectMcp(key.key))).toEqual(expected);
  });

  it("descriptions come from the registry; annotations from the catalogue", async () => {
    const { tools } = await (await connectMcp(world.admin.key)).listTools();
    const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
    expect(tool("kit_read").description).toBeTruthy();
    expect(tool("kit_read").annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(tool("questions_ask").annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    for (const name of ["connections_disconnect", "brand_contacts_save", "library_asset_review"]) {
      expect(tool(name).annotations, name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    expect(tool("questions_answer").annotations?.idempotentHint).toBe(true);
  });

  it("input schemas are objects with brand (required) and, for confirmation writes, confirmationToken", async () => {
    const { tools } = await (await connectMcp(world.admin.key)).listTools();
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    const colours = tools.find((tool) => tool.name === "kit_colors_add")!.inputSchema as any;
    expect(colours.required).toContain("brand");
    expect(Object.keys(colours.properties)).toEqual(
      expect.arrayContaining(["brand", "confirmationToken", "hex", "name", "role"]),
    );
    expect(Object.keys(tools.find((tool) => tool.name === "brands_list")!.inputSchema.properties ?? {})).not.toContain(
      "brand",
    );
  });

  it("every tool, as listed, is one a host may forward to OpenAI, Claude or Gemini (provider-rules.ts)", async () => {
    const { tools } = await (await connectMcp(world.admin.key)).listTools();
    const refused = tools.flatMap((tool) =>
      (["openai", "anthropic", "gemini"] as const).flatMap((rules) =>
        toolProblems(rules, { name: tool.name, description: tool.description, parameters: tool.inputSchema }).map(
          (problem) => `${rules} ${tool.name}: ${problem.message}`,
        ),
      ),
    );
    expect(refused).toEqual([]);
  });

  it("brand_contacts_save's union by op is one object: op an enum, every field visible with when it applies", async () => {
    const { tools } = await (await connectMcp(world.admin.key)).listTools();
    const schema = tools.find((tool) => tool.name === "brand_contacts_save")!.inputSchema as any;
    expect(schema).toMatchObject({
      type: "object",
      required: ["brand", "op"],
      properties: { op: { type: "string", enum: ["upsert", "delete"] } },
    });
    expect(schema.oneOf).toBeUndefined();
    expect(Object.keys(schema.properties).sort()).toEqual([
      "brand",
      "confirmationToken",
      "id",
      "label",
      "op",
      "type",
      "value",
    ]);
    expect(schema.properties.type.description).toMatch(
      /^When op is upsert \(required\):.*Not allowed when op is delete\.$/,
    );
  });

  it("the pipeline still refuses what the union refuses, naming the field", async () => {
    const client = await connectMcp(world.admin.key);
    const id = "00000000-0000-4000-8000-000000000000";
    const mixed = await callTool(client, "brand_contacts_save", {
      brand: world.brand.shortId,
      op: "delete",
      id,
      type: "website",
    });
    expect(expectToolError(mixed, "invalid_input").field).toBe("type");
    const missing = await callTool(client, "brand_contacts_save", {
      brand: world.brand.shortId,
      op: "upsert",
      value: "https://example.com",
    });
    expect(expectToolError(missing, "invalid_input").field).toBe("type");
  });
});

describe("reads: structuredContent is exactly the API door's data", () => {
  it.each([
    ["kit_read", "kit.read", {}],
    ["brand_overview", "brand.overview", {}],
    ["questions_list", "questions.list", {}],
  ])("%s", async (tool, capability, input) => {
    const args = { brand: world.brand.shortId, ...input };
    const result = expectToolOk(await callTool(await connectMcp(world.admin.key), tool, args));
    const api = expectOk(await call(capability, world.admin.key, args));
    if (capability === "brand.overview") {
      // brand.overview lists what this caller may call through this door: the MCP door serves fewer
      expect(result.capabilities).not.toContain("library.upload.create");
      expect({ ...result, capabilities: [] }).toEqual({ ...api, capabilities: [] });
    } else {
      expect(result).toEqual(api);
    }
    expect(JSON.parse((await callTool(await connectMcp(world.admin.key), tool, args)).content[0]!.text!)).toEqual(
      result,
    );
  });

  it("brands_list is a tool too, with the caller's brands", async () => {
    const result = expectToolOk(await callTool(await connectMcp(world.viewer.key), "brands_list", {}));
    expect(result).toEqual(expectOk(await call("brands.list", world.viewer.key, {})));
    expect(JSON.stringify(result)).toContain(world.brand.shortId);
  });
});
