// Every tool we hand a model or an MCP host, for every door and role, against the rules the real
// providers apply (scripts/support/provider-rules.ts: OpenAI, OpenAI strict, Anthropic, Gemini),
// and the strict shape's round trip: what a strict model can send reaches the pipeline as the
// same call the API door would get.
import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { absentForNull, strictToolInput, toolInput } from "../../lib/advertise/audiences";
import { exactSchema } from "../../lib/advertise/json-schema";
import { buildTools, modelInputSchema, type RunTool } from "../../lib/assistant/tools";
import type { Actor } from "../../lib/contract/context";
import { capabilities } from "../../lib/capabilities/registry";
import { isServed } from "../../lib/core/rollout";
import { ROLES, type Role } from "../../lib/contract/roles";
import { decideToolListing } from "../../lib/mcp/decide";
import { inputSchema, outputSchema } from "../../lib/mcp/schema";
import { realtimeTools } from "../../lib/voice/tools";
import {
  geminiHostDeclaration,
  geminiProblems,
  toolProblems,
  type RuleSet,
  type ToolDeclaration,
} from "../../scripts/support/provider-rules";
import { validOf } from "../fuzz/arbitraries";

const person: Actor = { userId: "u-1", name: "Pat", staff: false, apiKeyId: null, scopes: null, brandIds: null };
const staff: Actor = { ...person, staff: true };
const noRun: RunTool = async () => {
  throw new Error("not called");
};
const PLAIN: RuleSet[] = ["openai", "anthropic", "gemini"];
/** strict tools go to OpenAI's own API only (lib/assistant/model.ts strictTools) */
const STRICT: RuleSet[] = ["openai", "openai-strict"];
const people: [string, Actor, Role | null][] = [
  ...ROLES.map((role): [string, Actor, Role | null] => [role, person, role]),
  ["staff", staff, null],
];

/** What the AI SDK sends for a tool: its JSON Schema (jsonSchema() keeps it on `.jsonSchema`). */
function declarations(tools: Record<string, { description?: string; inputSchema: unknown }>): ToolDeclaration[] {
  return Object.entries(tools).map(([name, tool]) => ({
    name,
    description: tool.description,
    parameters: (tool.inputSchema as { jsonSchema: unknown }).jsonSchema,
  }));
}

function expectAccepted(tools: ToolDeclaration[], rules: RuleSet[]) {
  expect(tools.length).toBeGreaterThan(0);
  const refused = tools.flatMap((tool) =>
    rules.flatMap((set) => toolProblems(set, tool).map((problem) => `${set} ${tool.name}: ${problem.message}`)),
  );
  expect(refused).toEqual([]);
}

const mcpTools = (): ToolDeclaration[] => [
  ...capabilities
    .filter((capability) => isServed(capability, "mcp"))
    .map((capability) => ({
      name: capability.id.replaceAll(".", "_"),
      description: capability.description,
      parameters: inputSchema(capability),
    })),
  {
    name: decideToolListing.name,
    description: decideToolListing.description,
    parameters: decideToolListing.inputSchema,
  },
];

describe("tool schemas the providers accept", () => {
  it.each(people)(
    "the chat's tools for a %s: OpenAI, Anthropic and Gemini; strict ones OpenAI strict too",
    (_who, actor, role) => {
      expectAccepted(declarations(buildTools(capabilities, actor, role, "assistant", noRun) as never), PLAIN);
      expectAccepted(
        declarations(buildTools(capabilities, actor, role, "assistant", noRun, { strict: true }) as never),
        STRICT,
      );
    },
  );

  it.each(people)(
    "the voice tools for a %s: the realtime session's and the turns' (plain and strict)",
    (_who, actor, role) => {
      expectAccepted(
        realtimeTools(actor, role).map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
        })),
        PLAIN,
      );
      expectAccepted(
        declarations(buildTools(capabilities, actor, role, "voice", noRun, { strict: true }) as never),
        STRICT,
      );
    },
  );

  it("every MCP tool (the decision tool of MCP Apps included): what a host forwards to OpenAI, Claude or Gemini", () => {
    expectAccepted(mcpTools(), PLAIN);
  });

  it("the union inputs are one object whose fields say when they apply", () => {
    const contacts = toolInput(capabilities.find((capability) => capability.id === "brand.contacts.save")!);
    expect(contacts).toMatchObject({
      type: "object",
      required: ["op"],
      additionalProperties: false,
      properties: { op: { enum: ["upsert", "delete"] } },
    });
    expect(Object.keys(contacts.properties as object).sort()).toEqual(["id", "label", "op", "type", "value"]);
    expect((contacts.properties as Record<string, { description: string }>).id!.description).toBe(
      "When op is upsert (optional): Present to change an existing channel. When op is delete (required): Id of the channel to remove.",
    );
    const upload = toolInput(capabilities.find((capability) => capability.id === "library.upload.create")!);
    expect(upload.properties).toHaveProperty("step.enum", ["start", "complete"]);
    expect((upload.properties as Record<string, { description: string }>).uploadId!.description).toMatch(
      /^When step is complete \(required\).*Not allowed when step is start\.$/,
    );
  });

  it("Gemini: a host sends an MCP tool as parametersJsonSchema, which ours pass; as parameters they would be refused", () => {
    const tools = mcpTools();
    for (const tool of tools) {
      const declaration = geminiHostDeclaration(tool);
      expect(declaration).not.toHaveProperty("parameters");
      expect(declaration.parametersJsonSchema).toEqual(tool.parameters);
      expect(geminiProblems(declaration), tool.name).toEqual([]);
    }
    // the older field is OpenAPI 3.0's subset: our additionalProperties: false is an unknown name there
    const kit = tools.find((tool) => tool.name === "kit_read")!;
    expect(toolProblems("gemini-parameters", kit).map((problem) => problem.message)).toContainEqual(
      expect.stringMatching(/Unknown name "additionalProperties": Cannot find field\.$/),
    );
    const openApiOnly = {
      name: "x",
      parameters: {
        type: "object",
        properties: {
          kind: { const: "a" },
          tags: { type: "object", propertyNames: { pattern: "^[a-z]+$" } },
          bounded: { type: "string", maxLength: 3, nullable: true, enum: ["a", "b"] },
        },
        required: ["kind"],
      },
    };
    const refused = toolProblems("gemini-parameters", openApiOnly).map((problem) => problem.message);
    expect(refused).toEqual([
      expect.stringMatching(/\('properties', 'kind'\), Invalid JSON payload received\. Unknown name "const"/),
      expect.stringMatching(/\('properties', 'tags'\), Invalid JSON payload received\. Unknown name "propertyNames"/),
    ]);
    // the same schema is JSON Schema the other field takes
    expect(toolProblems("gemini", openApiOnly)).toEqual([]);
    // a host's nullable type pair arrives as one type and nullable (gemini-cli), not as a list
    const pair = { name: "x", parameters: { type: "object", properties: { a: { type: ["string", "null"] } } } };
    expect(geminiHostDeclaration(pair).parametersJsonSchema).toEqual({
      type: "object",
      properties: { a: { type: "string", nullable: true } },
    });
    expect(toolProblems("gemini-parameters", pair)[0]?.message).toMatch(/Proto field is not repeating/);
    expect(
      geminiProblems({ name: "x", parameters: { type: "object" }, parametersJsonSchema: { type: "object" } })[0]
        ?.message,
    ).toMatch(/mutually exclusive/);
    const sibling = {
      name: "x",
      parameters: {
        type: "object",
        properties: { a: { $ref: "#/$defs/a", description: "An a" } },
        $defs: { a: { type: "string" } },
      },
    };
    expect(toolProblems("gemini", sibling)[0]?.message).toMatch(
      /\$ref may have no other members but \$ ones \(found description\)/,
    );
    expect(toolProblems("gemini", { name: "x", parameters: { type: "string" } })[0]?.message).toMatch(
      /must describe an object/,
    );
  });

  it("the rules can refuse: the registry's exact union root, a length bound under strict, a type array for Gemini", () => {
    const contacts = capabilities.find((capability) => capability.id === "brand.contacts.save")!;
    const exact = { name: "brand_contacts_save", parameters: exactSchema(contacts.input, "input") };
    const union = {
      name: "brand_contacts_save",
      parameters: {
        type: "object",
        properties: {},
        oneOf: [{ type: "object", properties: { op: { type: "string" } } }],
      },
    };
    expect(toolProblems("openai", union)[0]?.message).toMatch(
      /schema must have type 'object' and not have 'oneOf'\/'anyOf'\/'allOf'\/'enum'\/'not' at the top level/,
    );
    expect(toolProblems("anthropic", union)[0]?.message).toMatch(
      /does not support oneOf, allOf, or anyOf at the top level/,
    );
    expect(toolProblems("openai", exact).length).toBeGreaterThan(0);
    const bounded = {
      name: "x",
      parameters: {
        type: "object",
        properties: { a: { type: "string", maxLength: 3 } },
        required: ["a"],
        additionalProperties: false,
      },
    };
    expect(toolProblems("openai", bounded)).toEqual([]);
    expect(toolProblems("openai-strict", bounded)[0]?.message).toMatch(
      /In context=\('properties', 'a'\), 'maxLength' is not permitted/,
    );
    const optional = {
      name: "x",
      parameters: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    };
    expect(toolProblems("openai-strict", optional)[0]?.message).toMatch(
      /'required' is required to be supplied .* Missing 'a'/,
    );
    const nullable = { name: "x", parameters: { type: "object", properties: { a: { type: ["string", "null"] } } } };
    expect(toolProblems("gemini-parameters", nullable)[0]?.message).toMatch(/one type name expected/);
    expect(toolProblems("openai", { name: "kit.read", parameters: { type: "object", properties: {} } })[0]?.param).toBe(
      "name",
    );
  });

  it("descriptions stay within the providers' limit (1024 characters) and every field is described", () => {
    for (const tool of mcpTools()) {
      expect(tool.description!.length).toBeLessThanOrEqual(1024);
      for (const [name, field] of Object.entries(
        (tool.parameters as { properties: Record<string, { description?: string }> }).properties,
      )) {
        expect(field.description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
  });
});

describe("MCP output schemas in the portable dialect", () => {
  it("have no nullable type arrays, no const and no oneOf (the Inspector's portability lint and Gemini's schema)", () => {
    for (const capability of capabilities.filter((one) => isServed(one, "mcp"))) {
      const text = JSON.stringify(outputSchema(capability));
      expect(text, capability.id).not.toMatch(/"type":\[/);
      expect(text, capability.id).not.toMatch(/"const":|"oneOf":/);
      expect(text, capability.id).not.toMatch(/:\{\}/);
    }
  });
});

/** A strict model's arguments for a call: every property present, null where the call leaves it out. */
function strictArguments(schema: Record<string, any>, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => strictArguments(schema.items ?? {}, item));
  if (typeof value !== "object" || value === null) return value;
  const properties: Record<string, any> = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(properties))
    out[name] = name in value ? strictArguments(properties[name], (value as Record<string, unknown>)[name]) : null;
  return out;
}

describe("strict arguments reach the pipeline as the API door's call", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  it.each(capabilities.map((capability) => [capability.id, capability] as const))("%s", (_id, capability) => {
    const strict = strictToolInput(capability);
    const validStrict = ajv.compile(strict);
    const exact = exactSchema(capability.input, "input");
    let accepted = 0;
    fc.assert(
      fc.property(validOf(exact), (value) => {
        const direct = capability.input.safeParse(value);
        if (!direct.success) return; // refinements the schema cannot state: not a call the API door runs
        // an optional field's own null is read as "not given" in strict mode (lib/advertise/nulls.ts):
        // a call that sends it is not one a strict model can make, and is checked apart below
        if (explicitNullOfOptional(exact, value)) return;
        accepted++;
        const sent = strictArguments(strict, value);
        expect(validStrict(sent), JSON.stringify(validStrict.errors)).toBe(true);
        const received = absentForNull(modelInputSchema(capability), sent);
        expect(received).toEqual(value);
        expect(capability.input.safeParse(received)).toEqual(direct);
      }),
      { numRuns: 60, seed: 20261125 },
    );
    expect(accepted).toBeGreaterThan(0);
  });
});

/** Whether the call sends null for a top-level field the schema leaves optional. */
function explicitNullOfOptional(schema: Record<string, any>, value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(value).some(([name, item]) => item === null && !required.has(name));
}

describe("a strict model's null for an optional field that allows null itself", () => {
  it("is read as not given: team.role.update keeps the end of access unless one is sent", () => {
    const capability = capabilities.find((one) => one.id === "team.role.update")!;
    const userId = "0196f6a0-0000-7000-8000-000000000000";
    const received = absentForNull(modelInputSchema(capability), { userId, role: "member", accessUntil: null });
    expect(received).toEqual({ userId, role: "member" });
    const strict = strictToolInput(capability) as unknown as { properties: Record<string, { description?: string }> };
    expect(strict.properties.accessUntil!.description).toContain("Here null leaves it as it is");
  });
});
