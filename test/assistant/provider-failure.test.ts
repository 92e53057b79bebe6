// A chat answer the model provider refuses, over HTTP against the scripted OpenAI-compatible model
// answering as OpenAI does (error body, x-request-id): a 4xx (tool schema, unknown model, wrong
// key, forbidden, refused content) is said as a misconfiguration to tell an admin, and a brand
// admin also gets what the provider said; a 429 or a 5xx is "try again". The key never shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastUserText, type ChatRequest, type Turn } from "../../scripts/support/scripted-openai";
import { makeChatWorld, startModelServer, userMessage, type Person } from "./support";

const KEY = "sk-proj-honestFailureTestKey0123456789abcdef";
const SCHEMA_MESSAGE =
  "Invalid schema for function 'brand_contacts_save': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.";

/** The person's words choose how the provider fails. */
const FAILURES: Record<string, Turn> = {
  "bad schema": {
    failWith: 400,
    error: { code: "invalid_function_parameters", param: "tools[3].function.parameters", message: SCHEMA_MESSAGE },
  },
  "unknown model": { failWith: 404 },
  // a server that echoes the key it was sent: the admin must still never see it
  "bad key": {
    failWith: 401,
    error: {
      message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    },
  },
  "forbidden region": { failWith: 403 },
  "refused content": {
    failWith: 400,
    error: {
      code: "invalid_prompt",
      message: "Invalid prompt: your prompt was flagged as potentially violating our usage policy.",
    },
  },
  "rate limited": { failWith: 429 },
  "server error": { failWith: 500 },
};

const script = (request: ChatRequest): Turn => FAILURES[lastUserText(request)] ?? { text: "Hello." };

let env: Awaited<ReturnType<typeof startModelServer>>;
let world: Awaited<ReturnType<typeof makeChatWorld>>;

beforeAll(async () => {
  env = await startModelServer(script, { OPENAI_API_KEY: KEY });
  world = await makeChatWorld(env.url);
});
afterAll(async () => env?.stop());

/** Sends one message; the stream's error chunk, parsed (its text is the route's error body). */
async function failedChat(person: Person, words: string) {
  const message = userMessage(words);
  const response = await send(person, message.id, message);
  expect(response.status).toBe(200);
  const chunks = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)));
  const failure = chunks.find((chunk) => chunk.type === "error");
  expect(failure, JSON.stringify(chunks)).toBeDefined();
  return {
    text: failure.errorText as string,
    error: JSON.parse(failure.errorText).error,
    requestId: response.headers.get("x-request-id")!,
    conversation: message.id,
  };
}

const send = (person: Person, conversation: string, message: ReturnType<typeof userMessage>) =>
  fetch(`${env.url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: env.url, Cookie: person.cookie },
    body: JSON.stringify({
      id: conversation,
      messages: [message],
      trigger: "submit-message",
      brand: world.brand.shortId,
    }),
  });

/** The operator's log line for this chat request. */
function logLine(requestId: string) {
  const lines = env.server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
  return lines.find((line) => line.component === "model" && line.requestId === requestId);
}

describe("a chat answer the model provider refuses", () => {
  it.each([
    ["bad schema", 400, "invalid_function_parameters", /Invalid schema for function 'brand_contacts_save'/],
    ["unknown model", 404, "model_not_found", /The model `scripted-model` does not exist/],
    ["bad key", 401, "invalid_api_key", /Incorrect API key provided: \[key\]\./],
    ["forbidden region", 403, "unsupported_country_region_territory", /Country, region, or territory not supported/],
    ["refused content", 400, "invalid_prompt", /flagged as potentially violating our usage policy/],
  ])(
    "%s (HTTP %i): misconfigured, tell an admin; the admin reads the provider's answer",
    async (words, status, code, said) => {
      const before = env.model.failures.length;
      const admin = await failedChat(world.admin, words);
      // a refusal is not tried again
      expect(env.model.failures.length).toBe(before + 1);
      const sent = env.model.failures.at(-1)!;
      expect(admin.error).toMatchObject({
        code: "unavailable",
        reason: "model_misconfigured",
        requestId: admin.requestId,
      });
      expect(admin.error.message).toMatch(
        /^The assistant is misconfigured: .*trying again will not help\. What the provider said is below/,
      );
      expect(admin.error.retryAfterSeconds).toBeUndefined();
      expect(admin.error.provider).toMatchObject({ model: "scripted-model", status, code, requestId: sent.requestId });
      expect(admin.error.provider.message).toMatch(said);
      expect(admin.text).not.toContain(KEY);

      for (const person of [world.member, world.viewer]) {
        const other = await failedChat(person, words);
        expect(other.error).toMatchObject({ code: "unavailable", reason: "model_misconfigured" });
        expect(other.error.message).toMatch(/^The assistant is misconfigured: .*Please tell an admin of this brand\.$/);
        expect(other.error).not.toHaveProperty("provider");
        expect(other.text).not.toContain(env.model.failures.at(-1)!.requestId);
        expect(other.text).not.toContain(sent.error.message.slice(0, 20));
      }

      // one structured line for the operator, with what the provider said and without the key
      expect(logLine(admin.requestId)).toMatchObject({
        level: "error",
        door: "assistant",
        call: "chat",
        failure: "misconfigured",
        model: "scripted-model",
        status,
        providerCode: code,
        providerRequestId: sent.requestId,
      });
      expect(env.server.output()).not.toContain(KEY);
    },
  );

  it.each([
    ["rate limited", 429, "rate_limit_exceeded"],
    ["server error", 500, undefined],
  ])(
    "%s (HTTP %i): try again in a moment, after the SDK's own retries",
    async (words, status, code) => {
      const before = env.model.failures.length;
      const viewer = await failedChat(world.viewer, words);
      expect(env.model.failures.length).toBe(before + 3);
      expect(viewer.error).toMatchObject({ code: "unavailable", reason: "model_unavailable", retryAfterSeconds: 5 });
      expect(viewer.error.message).toBe("The assistant's model could not answer just now; try again in a moment.");
      expect(viewer.error).not.toHaveProperty("provider");
      expect(logLine(viewer.requestId)).toMatchObject({
        level: "warn",
        failure: "transient",
        status,
        providerRequestId: env.model.failures.at(-1)!.requestId,
      });

      const admin = await failedChat(world.admin, words);
      expect(admin.error.message).toBe("The assistant's model could not answer just now; try again in a moment.");
      expect(admin.error.provider).toMatchObject({
        model: "scripted-model",
        status,
        requestId: env.model.failures.at(-1)!.requestId,
        ...(code ? { code } : {}),
      });
    },
    60_000,
  );

  it("the conversation is free again after a failure: its next message is answered", async () => {
    const failed = await failedChat(world.admin, "unknown model");
    const response = await send(world.admin, failed.conversation, userMessage("hello"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Hello.");
  });
});
