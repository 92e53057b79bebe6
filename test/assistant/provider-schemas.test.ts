// The chat against a stand-in that refuses tool schemas as the real providers do
// (scripts/support/provider-rules.ts): an admin's chat, which carries every tool including the
// union inputs, is answered; with ASSISTANT_STRICT_TOOLS=on the tools go in OpenAI's strict shape
// and a strict model's nulls reach the pipeline as "absent".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lastUserText,
  startScriptedModel,
  trailingToolResults,
  type ChatRequest,
  type Turn,
} from "../../scripts/support/scripted-openai";
import { chat, makeChatWorld, startModelServer, textOfMessage, toolParts, userMessage } from "./support";

function script(request: ChatRequest): Turn {
  const results = trailingToolResults(request) as { status?: string; error?: { code?: string; field?: string } }[];
  if (results.length > 0)
    return {
      text: `Result: ${results.map((result) => (result.error ? `${result.error.code} ${result.error.field}` : result.status)).join(", ")}.`,
    };
  const said = lastUserText(request);
  // what a strict model sends: every field, null for those the call leaves out
  if (said.includes("add website")) {
    return {
      toolCalls: [
        {
          name: "brand_contacts_save",
          arguments: { op: "upsert", type: "website", value: "https://example.com", id: null, label: null },
        },
      ],
    };
  }
  if (said.includes("kit")) return { toolCalls: [{ name: "kit_read", arguments: { parts: null } }] };
  return { text: "Hello." };
}

describe("a stand-in as strict as the providers", () => {
  it("refuses a tool whose parameters have oneOf at the root, as OpenAI does (400 invalid_function_parameters)", async () => {
    const model = await startScriptedModel(() => ({ text: "never" }));
    try {
      const tool = {
        type: "function",
        function: {
          name: "brand_contacts_save",
          parameters: { type: "object", properties: {}, oneOf: [{ type: "object", properties: {} }] },
        },
      };
      const response = await fetch(`${model.baseUrl}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          model: "m",
          messages: [{ role: "user", content: "hi" }],
          tools: [
            { type: "function", function: { name: "ok_tool", parameters: { type: "object", properties: {} } } },
            tool,
          ],
        }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("x-request-id")).toMatch(/^req_/);
      const body = await response.json();
      expect(body.error).toMatchObject({
        type: "invalid_request_error",
        code: "invalid_function_parameters",
        param: "tools[1].function.parameters",
      });
      expect(body.error.message).toMatch(
        /^Invalid schema for function 'brand_contacts_save': schema must have type 'object' and not have 'oneOf'/,
      );
    } finally {
      await model.stop();
    }
  });
});

describe("the chat's tools, plain shape (an OpenAI-compatible server)", () => {
  let env: Awaited<ReturnType<typeof startModelServer>>;
  let world: Awaited<ReturnType<typeof makeChatWorld>>;
  beforeAll(async () => {
    env = await startModelServer(script);
    world = await makeChatWorld(env.url);
  });
  afterAll(async () => env?.stop());

  it("an admin's chat is answered: every tool, the union inputs included, passes OpenAI's, Anthropic's and Gemini's rules", async () => {
    const turn = await chat(env.url, world.admin, world.brand.shortId, [userMessage("hello")]);
    expect(turn.status).toBe(200);
    expect(textOfMessage(turn.reply)).toBe("Hello.");
    const sent = env.model.requests.at(-1)!.tools!;
    const names = sent.map((tool) => tool.function.name);
    expect(names).toEqual(expect.arrayContaining(["brand_contacts_save", "library_upload_create", "kit_colors_add"]));
    expect(sent.every((tool) => tool.function.strict === undefined)).toBe(true);
    const contacts = sent.find((tool) => tool.function.name === "brand_contacts_save")!.function.parameters as Record<
      string,
      any
    >;
    expect(contacts).toMatchObject({
      type: "object",
      required: ["op"],
      properties: { op: { enum: ["upsert", "delete"] } },
    });
  });
});

describe("the chat's tools, strict shape (ASSISTANT_STRICT_TOOLS=on, as for OpenAI's own API)", () => {
  let env: Awaited<ReturnType<typeof startModelServer>>;
  let world: Awaited<ReturnType<typeof makeChatWorld>>;
  beforeAll(async () => {
    env = await startModelServer(script, { ASSISTANT_STRICT_TOOLS: "on" });
    world = await makeChatWorld(env.url);
  });
  afterAll(async () => env?.stop());

  it("sends every tool strict, and a strict model's call with nulls reaches the pipeline as the call without them", async () => {
    const turn = await chat(env.url, world.admin, world.brand.shortId, [userMessage("please add website")]);
    expect(turn.status).toBe(200);
    const sent = env.model.requests.at(-2)!.tools!;
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.every((tool) => tool.function.strict === true)).toBe(true);
    const [part] = toolParts(turn.reply);
    expect(part).toMatchObject({ type: "tool-brand_contacts_save", state: "output-available" });
    // accepted as { op, type, value }: waiting for the admin's click, not refused for id or label
    expect(part.output).toMatchObject({ status: "awaiting_confirmation", capabilityId: "brand.contacts.save" });
    expect(textOfMessage(turn.reply)).toBe("Result: awaiting_confirmation.");
  });

  it("a read with a null optional field runs as the read without it", async () => {
    const turn = await chat(env.url, world.viewer, world.brand.shortId, [userMessage("show the kit")]);
    const [part] = toolParts(turn.reply);
    expect(part.output).toMatchObject({ status: "ok", capabilityId: "kit.read" });
    expect(Object.keys(part.output.data).sort()).toEqual(["colors", "instructions", "logos", "typography"].sort());
  });
});
