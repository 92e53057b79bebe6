// A scripted stand-in for OpenAI's Realtime API on loopback, as scripts/support/scripted-openai.ts
// is for chat: `POST /v1/realtime/client_secrets` mints short-lived `ek_` secrets (the body, with
// the session's tools and instructions, is recorded), and a WebSocket at `/v1/realtime` accepts
// only a minted secret (a browser sends it as the `openai-insecure-api-key.<secret>` subprotocol, a
// server as a bearer header) and speaks the GA event protocol. The person's audio
// (`input_audio_buffer.append`, PCM16 24 kHz) is cut into utterances by a simple energy detector,
// recognised by pocketsphinx (scripts/support/speech.ts), and the script chooses the answer: a
// function call, or words, spoken by espeak-ng as real audio. Every event received is recorded.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import { toolProblems } from "./provider-rules";
import { WebSocketServer, type WebSocket } from "ws";
import { pcmOf, recognize, speak } from "./speech";
import { sendOpenAIError, type ErrorAnswer, type OpenAIErrorFields } from "./openai-error";

const RATE = 24_000;
/** RMS of a 16-bit sample above which a chunk counts as speech */
const SPEECH_LEVEL = 500;
/** silence after speech that ends an utterance (counted in audio, not wall-clock time) */
const END_OF_SPEECH_SAMPLES = RATE * 0.7;

/** What the script is shown: the person spoke, typed, or a function's output came back. */
export type Heard =
  | { kind: "speech"; transcript: string }
  | { kind: "text"; text: string }
  | { kind: "function_output"; name: string; output: unknown };

/** The script's answer: words to speak, or a function to call (or nothing). */
export type Reply = { say: string } | { call: string; arguments: Record<string, unknown> } | null;

export type RealtimeScript = (heard: Heard, session: { tools: string[] }) => Reply;

export type MintedSession = { secret: string; body: Record<string, unknown>; authorization: string | undefined };

export type ScriptedRealtime = {
  /** REALTIME_BASE_URL for the service (http://127.0.0.1:<port>/v1) */
  baseUrl: string;
  /** the client_secrets requests, in order */
  minted: MintedSession[];
  /** every client event received on any socket, parsed, with the secret it came with */
  events: { secret: string; event: Record<string, unknown> }[];
  /** every raw message and request body received: to check that no confirmation token arrived */
  raw: string[];
  /** what was recognised in each utterance, in order */
  heard: Heard[];
  /** every error answered to a client_secrets request, with the x-request-id it carried */
  failures: ErrorAnswer[];
  /** from now on, client_secrets answers this status with OpenAI's error body (null: mints again) */
  failMint(status: number | null, error?: OpenAIErrorFields): void;
  setScript(script: RealtimeScript): void;
  stop(): Promise<void>;
};

/** The scenarios: colours, adding teal (a write needing the person's confirmation), a spoken yes. */
export const defaultScript: RealtimeScript = (heard) => {
  if (heard.kind === "speech") {
    if (heard.transcript.includes("colors") && heard.transcript.startsWith("what"))
      return { call: "kit_read", arguments: {} };
    if (heard.transcript.includes("teal"))
      return { call: "kit_colors_add", arguments: { name: "Teal", hex: "#008080", role: "accent" } };
    if (heard.transcript.includes("yes"))
      return { say: "Please press the Confirm button on screen; I cannot confirm for you." };
    return { say: "Sorry, I did not catch that." };
  }
  if (heard.kind === "function_output") {
    const output = heard.output as { status?: string; error?: { code?: string; message?: string } };
    if (output.status === "awaiting_confirmation") return { say: "Please press Confirm on the card to add teal." };
    if (output.status === "error") return { say: `That did not work: ${output.error?.message ?? output.error?.code}.` };
    if (heard.name === "kit_read") return { say: "Here is your palette." };
    return { say: "Done." };
  }
  if (/nothing was written/.test(heard.text)) return { say: "All right, nothing was changed." };
  if (/it was written/.test(heard.text)) return { say: "Done, teal is in your kit." };
  return { say: "All right." };
};

export async function startScriptedRealtime(initial: RealtimeScript = defaultScript): Promise<ScriptedRealtime> {
  let script = initial;
  const minted: MintedSession[] = [];
  const events: ScriptedRealtime["events"] = [];
  const raw: string[] = [];
  const heard: Heard[] = [];
  const failures: ErrorAnswer[] = [];
  let mintFailure: { status: number; error?: OpenAIErrorFields } | null = null;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    raw.push(body);
    if (request.method !== "POST" || request.url !== "/v1/realtime/client_secrets") {
      response
        .writeHead(404, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: `no route ${request.method} ${request.url}` } }));
      return;
    }
    if (mintFailure) {
      const model = /"model"\s*:\s*"([^"]*)"/.exec(body)?.[1];
      failures.push(sendOpenAIError(response, mintFailure.status, mintFailure.error, model));
      return;
    }
    const secret = `ek_${randomBytes(16).toString("hex")}`;
    const parsed = JSON.parse(body) as Record<string, unknown>;
    // the Realtime API (OpenAI's only) checks function tools as chat completions does (no strict mode there)
    const refused = refusedRealtimeTool((parsed.session as { tools?: unknown } | undefined)?.tools);
    if (refused) return void sendOpenAIError(response, 400, { ...refused, type: "invalid_request_error" });
    minted.push({ secret, body: parsed, authorization: request.headers.authorization });
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    response
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ value: secret, expires_at: expiresAt, session: parsed.session }));
  });
  const sockets = new WebSocketServer({
    noServer: true,
    // the browser's subprotocols: "realtime", "openai-insecure-api-key.<secret>", a version marker
    handleProtocols: (protocols) => (protocols.has("realtime") ? "realtime" : false),
  });
  server.on("upgrade", (request, socket, head) => {
    const secret = secretOf(request);
    const known = minted.find((session) => session.secret === secret);
    if (!request.url?.startsWith("/v1/realtime") || !known) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws, known));
  });

  function serve(ws: WebSocket, session: MintedSession) {
    const configured = session.body.session as { tools?: { name: string }[] } | undefined;
    let tools = (configured?.tools ?? []).map((tool) => tool.name);
    let audio: Buffer[] = [];
    let speaking = false;
    let silence = 0;
    const calls = new Map<string, string>();
    let queue = Promise.resolve();
    const send = (event: Record<string, unknown>) =>
      ws.readyState === ws.OPEN && ws.send(JSON.stringify({ event_id: `event_${randomUUID()}`, ...event }));
    const later = (work: () => Promise<void>) => {
      queue = queue
        .then(work)
        .catch((error) => void send({ type: "error", error: { type: "server_error", message: String(error) } }));
    };
    let pendingOutput: Heard | undefined;
    send({ type: "session.created", session: { id: `sess_${randomUUID()}`, ...(configured ?? {}) } });

    ws.on("message", (data) => {
      const text = data.toString();
      raw.push(text);
      const event = JSON.parse(text) as Record<string, any>;
      if (event.type !== "input_audio_buffer.append") events.push({ secret: session.secret, event });
      switch (event.type) {
        case "session.update": {
          const refused = refusedRealtimeTool(event.session?.tools);
          if (refused) {
            send({
              type: "error",
              error: { ...refused, type: "invalid_request_error", event_id: event.event_id ?? null },
            });
            break;
          }
          if (Array.isArray(event.session?.tools))
            tools = event.session.tools.map((tool: { name: string }) => tool.name);
          send({ type: "session.updated", session: event.session });
          break;
        }
        case "input_audio_buffer.append": {
          const chunk = Buffer.from(String(event.audio), "base64");
          const loud = rms(chunk) > SPEECH_LEVEL;
          if (loud) {
            if (!speaking)
              send({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: `item_${randomUUID()}` });
            speaking = true;
            silence = 0;
          } else silence += chunk.length / 2;
          if (speaking) audio.push(chunk);
          if (speaking && silence > END_OF_SPEECH_SAMPLES) {
            speaking = false;
            const utterance = Buffer.concat(audio);
            audio = [];
            later(() => endOfSpeech(utterance));
          }
          break;
        }
        case "input_audio_buffer.commit": {
          const utterance = Buffer.concat(audio);
          audio = [];
          speaking = false;
          later(() => endOfSpeech(utterance));
          break;
        }
        case "conversation.item.create": {
          const item = event.item ?? {};
          if (item.type === "function_call_output") {
            const call = calls.get(item.call_id);
            let output: unknown = item.output;
            try {
              output = JSON.parse(String(item.output));
            } catch {
              /* kept as text */
            }
            pendingOutput = { kind: "function_output", name: call ?? "", output };
          } else if (item.type === "message" && item.role === "user") {
            const typed = (item.content ?? []).map((part: { text?: string }) => part.text ?? "").join(" ");
            pendingOutput = { kind: "text", text: typed };
          }
          send({ type: "conversation.item.added", item: { id: item.id ?? `item_${randomUUID()}`, ...item } });
          break;
        }
        case "response.create": {
          const input = pendingOutput;
          pendingOutput = undefined;
          if (input) later(() => respond(input));
          break;
        }
      }
    });

    async function endOfSpeech(utterance: Buffer) {
      const itemId = `item_${randomUUID()}`;
      send({ type: "input_audio_buffer.speech_stopped", audio_end_ms: 0, item_id: itemId });
      send({ type: "input_audio_buffer.committed", item_id: itemId, previous_item_id: null });
      const transcript = utterance.length > RATE / 5 ? await recognize(utterance, RATE) : "";
      send({
        type: "conversation.item.input_audio_transcription.completed",
        item_id: itemId,
        content_index: 0,
        transcript,
      });
      await respond({ kind: "speech", transcript });
    }

    async function respond(input: Heard) {
      heard.push(input);
      const reply = script(input, { tools });
      if (!reply) return;
      const responseId = `resp_${randomUUID()}`;
      const itemId = `item_${randomUUID()}`;
      send({
        type: "response.created",
        response: { id: responseId, object: "realtime.response", status: "in_progress", output: [] },
      });
      let item: Record<string, unknown>;
      if ("call" in reply) {
        const callId = `call_${randomUUID().slice(0, 12)}`;
        calls.set(callId, reply.call);
        const args = JSON.stringify(reply.arguments);
        item = {
          id: itemId,
          type: "function_call",
          status: "completed",
          name: reply.call,
          call_id: callId,
          arguments: args,
        };
        send({
          type: "response.output_item.added",
          response_id: responseId,
          output_index: 0,
          item: { ...item, status: "in_progress", arguments: "" },
        });
        send({
          type: "response.function_call_arguments.delta",
          response_id: responseId,
          item_id: itemId,
          output_index: 0,
          call_id: callId,
          delta: args,
        });
        send({
          type: "response.function_call_arguments.done",
          response_id: responseId,
          item_id: itemId,
          output_index: 0,
          call_id: callId,
          name: reply.call,
          arguments: args,
        });
        send({ type: "response.output_item.done", response_id: responseId, output_index: 0, item });
      } else {
        item = {
          id: itemId,
          type: "message",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_audio", transcript: reply.say }],
        };
        const part = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
        send({
          type: "response.output_item.added",
          response_id: responseId,
          output_index: 0,
          item: { ...item, status: "in_progress", content: [] },
        });
        send({ type: "response.output_audio_transcript.delta", ...part, delta: reply.say });
        const pcm = pcmOf(await speak(reply.say, { rate: RATE, lead: 0.05 }));
        for (let offset = 0; offset < pcm.length; offset += RATE)
          send({
            type: "response.output_audio.delta",
            ...part,
            delta: pcm.subarray(offset, offset + RATE).toString("base64"),
          });
        send({ type: "response.output_audio.done", ...part });
        send({ type: "response.output_audio_transcript.done", ...part, transcript: reply.say });
        send({ type: "response.output_item.done", response_id: responseId, output_index: 0, item });
      }
      // usage as the Realtime API reports it: audio and text tokens, in and out
      const usage = {
        total_tokens: 300,
        input_tokens: 200,
        output_tokens: 100,
        input_token_details: { text_tokens: 120, audio_tokens: 80, cached_tokens: 0 },
        output_token_details: { text_tokens: 40, audio_tokens: 60 },
      };
      send({
        type: "response.done",
        response: { id: responseId, object: "realtime.response", status: "completed", output: [item], usage },
      });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    minted,
    events,
    raw,
    heard,
    failures,
    failMint: (status, error) => void (mintFailure = status === null ? null : { status, error }),
    setScript: (next) => void (script = next),
    stop: () =>
      new Promise((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The secret a connection presents: a browser's subprotocol, or a server's bearer header. */
function secretOf(request: IncomingMessage): string | undefined {
  const protocols = String(request.headers["sec-websocket-protocol"] ?? "")
    .split(",")
    .map((part) => part.trim());
  const fromProtocol = protocols.find((protocol) => protocol.startsWith("openai-insecure-api-key."));
  if (fromProtocol) return fromProtocol.slice("openai-insecure-api-key.".length);
  return request.headers.authorization?.replace(/^Bearer\s+/i, "");
}

function rms(chunk: Buffer): number {
  const samples = Math.floor(chunk.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples; index++) sum += chunk.readInt16LE(index * 2) ** 2;
  return Math.sqrt(sum / samples);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The first function tool OpenAI would refuse (provider-rules.ts), in its error's terms. */
function refusedRealtimeTool(tools: unknown): { param: string; message: string; code: string } | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const [index, tool] of (
    tools as { type?: string; name: string; description?: string; parameters?: unknown }[]
  ).entries()) {
    if (tool.type !== "function") continue;
    const problem = toolProblems("openai", {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters ?? { type: "object", properties: {} },
    })[0];
    if (problem)
      return {
        param: `session.tools[${index}].${problem.param}`,
        message: problem.message,
        code: problem.param === "parameters" ? "invalid_function_parameters" : "invalid_value",
      };
  }
  return undefined;
}
