// A scripted stand-in for a language model: a real HTTP server on loopback speaking OpenAI's
// chat-completions API with `stream: true`, so the service's real provider code path runs in tests.
// Each answer is chosen by a function of the received request (e.g. "call library_search, then
// say X once its result is back"); every request body is recorded for assertions. With `audio`,
// it also serves /audio/transcriptions (pocketsphinx hears the uploaded WAV) and /audio/speech
// (espeak-ng speaks the text), as a self-hosted OpenAI-compatible server would.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerAudio, isAudioRoute } from "./scripted-audio";
import { toolProblems, type RuleSet } from "./provider-rules";
import { sendOpenAIError, type ErrorAnswer, type OpenAIErrorFields } from "./openai-error";

export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  tools?: {
    type: "function";
    function: { name: string; description?: string; parameters?: unknown; strict?: boolean };
  }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [more: string]: unknown;
};

/** One answer: text and/or tool calls (arguments as an object or an exact JSON string). */
export type Turn = {
  text?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> | string; id?: string }[];
  usage?: { promptTokens: number; completionTokens: number };
  /** answer with this HTTP status and an OpenAI error body instead (OpenAI's wording for the status, x-request-id) */
  failWith?: number;
  /** the error body's fields for failWith, e.g. { code: "invalid_function_parameters", message: "Invalid schema …" } */
  error?: OpenAIErrorFields;
  /** wait this long before answering, as a busy model does (to overlap parallel requests) */
  delayMs?: number;
  /** wait this long between the text's pieces: a slow answer, to reload or drop the connection during it */
  pieceDelayMs?: number;
};

export type Script = (request: ChatRequest, index: number) => Turn;

export type ScriptedModel = {
  /** the OPENAI_BASE_URL to give the service (ends in /v1) */
  baseUrl: string;
  /** every request body received, parsed, in order */
  requests: ChatRequest[];
  /** the raw request bodies, to check that some text (a token) never reached the model */
  rawBodies: string[];
  /** every error answered (failWith, a bad request), with the x-request-id it carried */
  failures: ErrorAnswer[];
  /** replaces the script (tests share one server and script each case) */
  setScript(script: Script): void;
  stop(): Promise<void>;
};

const DEFAULT_USAGE = { promptTokens: 100, completionTokens: 20 };

/**
 * The providers whose tool rules the stand-in applies (provider-rules.ts): by default all of them,
 * as an OpenAI-compatible gateway in front of Claude or Gemini would refuse what they refuse.
 * Tools sent with `strict: true` are OpenAI's own and held to its plain and strict rules.
 */
const DEFAULT_RULES: RuleSet[] = ["openai", "anthropic", "gemini"];

export async function startScriptedModel(
  initial: Script,
  options: { audio?: boolean; rules?: RuleSet[] } = {},
): Promise<ScriptedModel> {
  let script = initial;
  const requests: ChatRequest[] = [];
  const rawBodies: string[] = [];
  const failures: ErrorAnswer[] = [];
  let calls = 0;
  const server = createServer(async (req, res) => {
    const bytes = await readBytes(req);
    if (options.audio && req.method === "POST" && isAudioRoute(req.url)) {
      rawBodies.push(bytes.toString("latin1"));
      return answerAudio(req, bytes, res);
    }
    const raw = bytes.toString("utf8");
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions"))
      return fail(res, 404, `no route ${req.method} ${req.url}`);
    let body: ChatRequest;
    try {
      body = JSON.parse(raw) as ChatRequest;
    } catch {
      return fail(res, 400, "body is not JSON");
    }
    rawBodies.push(raw);
    requests.push(body);
    const refused = refusedTool(body, options.rules ?? DEFAULT_RULES);
    if (refused) return void sendOpenAIError(res, 400, { ...refused, type: "invalid_request_error" }, body.model);
    let turn: Turn;
    try {
      turn = script(body, calls++);
    } catch (error) {
      return fail(res, 500, `script failed: ${(error as Error).message}`);
    }
    if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
    if (turn.failWith) return void failures.push(fail(res, turn.failWith, turn.error ?? {}, body.model));
    if (!body.stream) return answerWhole(res, body, turn, calls);
    await stream(res, body, turn, calls);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    rawBodies,
    failures,
    setScript: (next) => {
      script = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function stream(res: ServerResponse, body: ChatRequest, turn: Turn, n: number): Promise<void> {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
  const base = {
    id: `chatcmpl-scripted-${n}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
  };
  const send = (chunk: object) => res.write(`data: ${JSON.stringify({ ...base, ...chunk })}\n\n`);
  const delta = (value: object, finish: string | null = null) =>
    send({ choices: [{ index: 0, delta: value, finish_reason: finish }] });
  delta({ role: "assistant", content: "" });
  if (turn.text) {
    // a few deltas, as a real model streams
    for (const piece of turn.text.match(/.{1,12}/gs) ?? []) {
      delta({ content: piece });
      if (turn.pieceDelayMs) await new Promise((resolve) => setTimeout(resolve, turn.pieceDelayMs));
    }
  }
  (turn.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    const id = call.id ?? `call_${n}_${index}`;
    delta({ tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] });
    const half = Math.ceil(args.length / 2);
    delta({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
    delta({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
  });
  delta({}, turn.toolCalls?.length ? "tool_calls" : "stop");
  if (body.stream_options?.include_usage) {
    const usage = turn.usage ?? DEFAULT_USAGE;
    send({
      choices: [],
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      },
    });
  }
  res.write("data: [DONE]\n\n");
  res.end();
}

/** The same turn as one JSON answer, for a request without `stream`. */
function answerWhole(res: ServerResponse, body: ChatRequest, turn: Turn, n: number): void {
  const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${n}_${index}`,
    type: "function",
    function: {
      name: call.name,
      arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  const usage = turn.usage ?? DEFAULT_USAGE;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(
    JSON.stringify({
      id: `chatcmpl-scripted-${n}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: turn.text ?? null,
            ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: toolCalls.length ? "tool_calls" : "stop",
        },
      ],
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      },
    }),
  );
}

/**
 * An error as OpenAI answers it: its body shape and an x-request-id; a sentence of ours (a bad
 * route or body) carries no code, as OpenAI's "Invalid URL" does; a script's failWith is worded
 * as OpenAI words that status unless the script gives the fields.
 */
function fail(res: ServerResponse, status: number, error: string | OpenAIErrorFields, model?: string): ErrorAnswer {
  return sendOpenAIError(res, status, typeof error === "string" ? { message: error, code: null } : error, model);
}

/** The first tool the rules refuse, as OpenAI names it: one bad tool fails the whole request. */
function refusedTool(
  body: ChatRequest,
  rules: RuleSet[],
): { param: string; message: string; code: string } | undefined {
  for (const [index, tool] of (body.tools ?? []).entries()) {
    // strict tools are OpenAI's own: held to its plain and strict rules
    const sets: RuleSet[] = tool.function.strict ? ["openai", "openai-strict"] : rules;
    for (const set of sets) {
      const problem = toolProblems(set, {
        name: tool.function.name,
        description: tool.function.description,
        parameters: tool.function.parameters ?? { type: "object", properties: {} },
      })[0];
      if (problem)
        return {
          param: `tools[${index}].function.${problem.param}`,
          message: problem.message,
          code: problem.param === "parameters" ? "invalid_function_parameters" : "invalid_value",
        };
    }
  }
  return undefined;
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Helpers for scripts: what the conversation so far looks like.

/** The last message of the request. */
export const lastMessage = (request: ChatRequest): ChatMessage | undefined => request.messages.at(-1);

/** Text of a message's content, whatever its shape. */
export function textOf(message: ChatMessage | undefined): string {
  if (!message?.content) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => part.text ?? "").join("");
}

/** The parsed tool results of the request's trailing tool messages (after the last assistant turn). */
export function trailingToolResults(request: ChatRequest): unknown[] {
  const results: unknown[] = [];
  for (let i = request.messages.length - 1; i >= 0 && request.messages[i]!.role === "tool"; i--) {
    const text = textOf(request.messages[i]);
    try {
      results.unshift(JSON.parse(text));
    } catch {
      results.unshift(text);
    }
  }
  return results;
}

/** The text of the last person's message. */
export function lastUserText(request: ChatRequest): string {
  return textOf([...request.messages].reverse().find((message) => message.role === "user"));
}
