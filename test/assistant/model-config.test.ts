// The assistant's model settings, validated once (docs/operators.md, Configuration): OPENAI_BASE_URL selects any
// OpenAI-compatible server through the chat-completions API and needs ASSISTANT_MODEL;
// OPENAI_API_KEY alone selects OpenAI with a default model; nothing means no model.
import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { assistantModel, DEFAULT_OPENAI_MODEL } from "../../lib/assistant/model";
import { assistantModelConfigured } from "../../lib/assistant/status";

const VARIABLES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ASSISTANT_MODEL"];
const saved = { ...process.env };

function withEnv(values: Record<string, string>) {
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
}

afterEach(() => {
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

const described = (model: ReturnType<typeof assistantModel>) =>
  model && typeof model === "object" ? { provider: model.provider, modelId: model.modelId } : model;

describe("the assistant's model configuration", () => {
  it("is absent when nothing is set (or only empty values)", () => {
    withEnv({});
    expect(assistantModel()).toBeNull();
    expect(assistantModelConfigured()).toBe(false);
    withEnv({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "", ASSISTANT_MODEL: "" });
    expect(assistantModel()).toBeNull();
  });

  it("uses an OpenAI-compatible server's chat-completions API through OPENAI_BASE_URL", () => {
    withEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", ASSISTANT_MODEL: "llama3.2" });
    expect(described(assistantModel())).toEqual({ provider: "openai.chat", modelId: "llama3.2" });
    expect(assistantModelConfigured()).toBe(true);
  });

  it("uses OpenAI with the documented default model when only OPENAI_API_KEY is set", () => {
    withEnv({ OPENAI_API_KEY: "sk-test" });
    expect(described(assistantModel())).toEqual({ provider: "openai.chat", modelId: DEFAULT_OPENAI_MODEL });
    withEnv({ OPENAI_API_KEY: "sk-test", ASSISTANT_MODEL: "gpt-5" });
    expect(described(assistantModel())).toEqual({ provider: "openai.chat", modelId: "gpt-5" });
  });

  it("fails fast with a sentence naming the setting", () => {
    withEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(() => config()).toThrow(/ASSISTANT_MODEL: OPENAI_BASE_URL is set but ASSISTANT_MODEL is not/);
    withEnv({ OPENAI_BASE_URL: "not a url", ASSISTANT_MODEL: "m" });
    expect(() => config()).toThrow(/OPENAI_BASE_URL: OPENAI_BASE_URL must be a URL/);
  });
});
