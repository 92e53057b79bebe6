// The assistant's language model (docs/operators.md, Configuration). OPENAI_BASE_URL selects any
// OpenAI-compatible server (Ollama, vLLM, llama.cpp, the scripted model of the tests): they serve
// only the chat-completions API, so every configuration goes through provider.chat(): one code
// path, tested.
import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { config } from "../config";

/** Used with OPENAI_API_KEY alone; ASSISTANT_MODEL overrides it. */
export const DEFAULT_OPENAI_MODEL = "gpt-5-mini";

let cached: { key: string; model: LanguageModel } | undefined;

/** The configured OpenAI or OpenAI-compatible provider (its chat, transcription and speech models). */
export function openAIProvider() {
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = config();
  // a local server usually wants no key; the provider insists on one, so send a placeholder
  return createOpenAI({ baseURL: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY ?? "unused" });
}

/** The chat model's name at the provider (what an admin is told failed). */
export const assistantModelName = (): string => config().ASSISTANT_MODEL ?? DEFAULT_OPENAI_MODEL;

/** The configured model, or null when none is configured (the chat then answers 503). */
export function assistantModel(): LanguageModel | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, ASSISTANT_MODEL } = config();
  if (!OPENAI_BASE_URL && !OPENAI_API_KEY) return null;
  const key = `${OPENAI_BASE_URL ?? ""}\0${ASSISTANT_MODEL ?? ""}\0${OPENAI_API_KEY ?? ""}`;
  if (cached?.key === key) return cached.model;
  const model = openAIProvider().chat(assistantModelName());
  cached = { key, model };
  return model;
}

/**
 * Whether the chat sends its tools in OpenAI's strict shape: OpenAI's own API guarantees arguments
 * that match them; OpenAI-compatible servers (Ollama, vLLM, llama.cpp) differ in what they accept,
 * so they get the plain shape every one of them reads unless ASSISTANT_STRICT_TOOLS=on.
 */
export function strictTools(): boolean {
  const { ASSISTANT_STRICT_TOOLS, OPENAI_BASE_URL } = config();
  if (ASSISTANT_STRICT_TOOLS !== "auto") return ASSISTANT_STRICT_TOOLS === "on";
  return !OPENAI_BASE_URL || new URL(OPENAI_BASE_URL).hostname === "api.openai.com";
}
