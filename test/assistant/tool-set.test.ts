// The tool-set builder is a pure function of (capability list, person, role, door): a viewer's
// model never sees admin tools, and nothing outside the Assistant door ever becomes a tool.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DOORS, type Door } from "../../lib/contract/catalogue";
import type { Actor } from "../../lib/contract/context";
import { defineCapability, type Capability } from "../../lib/contract/define";
import { capabilities } from "../../lib/capabilities/registry";
import { ROLES, roleMeets, type Role } from "../../lib/contract/roles";
import { buildTools, modelInputSchema, toolName, type RunTool } from "../../lib/assistant/tools";

const person: Actor = { userId: "u-1", name: "Pat", staff: false, apiKeyId: null, scopes: null, brandIds: null };
const staff: Actor = { ...person, staff: true };
const noRun: RunTool = async () => {
  throw new Error("not called");
};

function synthetic(
  id: string,
  doors: readonly Door[],
  minRole: Role,
  options: { implemented?: boolean; kind?: "read" | "write" } = {},
): Capability {
  return defineCapability({
    id,
    kind: options.kind ?? "read",
    scope: "brand.read",
    minRole,
    confirmation: false,
    doors,
    phase: "available",
    widget: null,
    title: `Title of ${id}`,
    description: `What ${id} does, for a reader who never saw the app.`,
    input: z.object({ text: z.string().max(10).describe("Some text") }).strict(),
    output: z.object({ ok: z.literal(true) }),
    ...(options.implemented === false ? {} : { execute: async () => ({ ok: true as const }) }),
  });
}

const list = [
  synthetic("test.read", ["assistant", "api"], "viewer"),
  synthetic("test.member.write", ["assistant", "voice"], "member", { kind: "write" }),
  synthetic("test.admin.write", ["assistant", "mcp", "api"], "admin", { kind: "write" }),
  synthetic("test.api.only", ["api", "mcp"], "viewer"),
  synthetic("test.voice.admin", ["voice"], "admin"),
  synthetic("test.unimplemented", ["assistant"], "viewer", { implemented: false }),
];

const names = (tools: object) => Object.keys(tools).sort();

describe("buildTools on a synthetic capability list", () => {
  it("gives each role exactly its capabilities of the Assistant door", () => {
    expect(names(buildTools(list, person, "viewer", "assistant", noRun))).toEqual(["test_read"]);
    expect(names(buildTools(list, person, "member", "assistant", noRun))).toEqual(["test_member_write", "test_read"]);
    expect(names(buildTools(list, person, "admin", "assistant", noRun))).toEqual([
      "test_admin_write",
      "test_member_write",
      "test_read",
    ]);
    // staff act as admins; their role shows as null
    expect(names(buildTools(list, staff, null, "assistant", noRun))).toEqual([
      "test_admin_write",
      "test_member_write",
      "test_read",
    ]);
  });

  it("never offers a capability whose doors lack assistant, or one without an implementation", () => {
    for (const role of ROLES) {
      const tools = names(buildTools(list, person, role, "assistant", noRun));
      expect(tools).not.toContain("test_api_only");
      expect(tools).not.toContain("test_voice_admin");
      expect(tools).not.toContain("test_unimplemented");
    }
  });

  it("holds for any list, role and door: a tool iff the door is listed, it is implemented and the role meets it", () => {
    const arbitraryCapability = fc.record({
      doors: fc.subarray([...DOORS]),
      minRole: fc.constantFrom(...ROLES),
      implemented: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryCapability, { maxLength: 8 }),
        fc.constantFrom(...ROLES),
        fc.constantFrom(...DOORS),
        (specs, role, door) => {
          const generated = specs.map((spec, index) =>
            synthetic(`gen.c${index}`, spec.doors, spec.minRole, { implemented: spec.implemented }),
          );
          const expected = specs
            .map((spec, index) => ({ spec, name: `gen_c${index}` }))
            .filter(({ spec }) => spec.doors.includes(door) && spec.implemented && roleMeets(role, spec.minRole))
            .map(({ name }) => name)
            .sort();
          expect(names(buildTools(generated, person, role, door, noRun))).toEqual(expected);
        },
      ),
    );
  });

  it("names tools with _ for . and carries the registry's title and description", () => {
    const tools = buildTools(list, person, "admin", "assistant", noRun);
    expect(tools.test_admin_write).toMatchObject({
      title: "Title of test.admin.write",
      description: "What test.admin.write does, for a reader who never saw the app.",
    });
  });

  it("takes brand and confirmationToken out of an input schema that would carry them", () => {
    const odd = defineCapability({
      ...list[0]!,
      id: "test.odd",
      input: z.object({ brand: z.string(), confirmationToken: z.string().optional(), text: z.string() }).strict(),
    } as never);
    const schema = modelInputSchema(odd) as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(["text"]);
    expect(schema.required).toEqual(["text"]);
  });

  it("runs a call through the given runner with the capability id, the model's input and the tool call id", async () => {
    const calls: unknown[] = [];
    const tools = buildTools(list, person, "viewer", "assistant", async (capabilityId, input, toolCallId) => {
      calls.push({ capabilityId, input, toolCallId });
      return { status: "ok", capabilityId, data: { ok: true } };
    });
    const execute = tools.test_read!.execute as unknown as (
      input: unknown,
      options: { toolCallId: string; messages: [] },
    ) => Promise<unknown>;
    const output = await execute({ text: "hi" }, { toolCallId: "call-7", messages: [] });
    expect(output).toEqual({ status: "ok", capabilityId: "test.read", data: { ok: true } });
    expect(calls).toEqual([{ capabilityId: "test.read", input: { text: "hi" }, toolCallId: "call-7" }]);
  });
});

describe("buildTools on the registry", () => {
  const assistantCapabilities = capabilities.filter((capability) => capability.doors.includes("assistant"));

  it("a viewer's model never sees a capability above the viewer role; an admin's sees every assistant capability", () => {
    const viewerTools = names(buildTools(capabilities, person, "viewer", "assistant", noRun));
    const aboveViewer = capabilities
      .filter((capability) => capability.minRole !== "viewer")
      .map((capability) => toolName(capability.id));
    expect(viewerTools.length).toBeGreaterThan(0);
    for (const name of aboveViewer) expect(viewerTools).not.toContain(name);
    expect(viewerTools).not.toContain("kit_colors_add");
    const adminTools = names(buildTools(capabilities, person, "admin", "assistant", noRun));
    expect(adminTools).toEqual(assistantCapabilities.map((capability) => toolName(capability.id)).sort());
  });

  it("uses each capability's registry description, and no input schema offers brand or confirmationToken", () => {
    const tools = buildTools(capabilities, person, "admin", "assistant", noRun);
    for (const capability of assistantCapabilities) {
      const tool = tools[toolName(capability.id)]!;
      expect(tool.description).toBe(capability.description);
      const schema = modelInputSchema(capability);
      expect(schema.type).toBe("object");
      const shapes = [schema, ...((schema.oneOf as Record<string, unknown>[] | undefined) ?? [])];
      for (const shape of shapes) {
        expect(Object.keys((shape.properties ?? {}) as object)).not.toContain("brand");
        expect(Object.keys((shape.properties ?? {}) as object)).not.toContain("confirmationToken");
      }
    }
  });

  it("keeps the field descriptions the model reads", () => {
    const kitColorsAdd = capabilities.find((capability) => capability.id === "kit.colors.add")!;
    const schema = modelInputSchema(kitColorsAdd) as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(schema.properties.hex!.description).toMatch(/#RGB/);
    expect(schema.required).toEqual(expect.arrayContaining(["name", "hex"]));
  });
});
