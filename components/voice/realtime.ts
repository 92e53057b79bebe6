// A realtime voice session in the browser (@openai/agents-realtime): the agent's tools are the
// server's voice tool list, and each call the model makes is run by our server's Voice door, never
// here. WebRTC to OpenAI carries the microphone and the voice itself; over WebSocket (any
// Realtime-compatible server, the tests' scripted one) the microphone is streamed as PCM16 and the
// answer's audio played here. What both said and each call's result are stored in the conversation
// the session was opened in, one after another in the order shown, so a reload shows the same.
import {
  OpenAIRealtimeWebRTC,
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  RealtimeSession,
  tool,
  type TransportToolCallEvent,
} from "@openai/agents-realtime";
import type { ToolEnvelope } from "@/lib/pending/envelope";
import type { ProviderReport } from "@/lib/contract/errors";
import type { UIMessage } from "ai";
import { capturePcm, PcmPlayer } from "./microphone";
import { spokenCall, spokenWords } from "./spoken";
import { callVoiceTool, endVoiceSession, reportVoiceUsage, storeSaid, type VoiceSessionAnswer } from "./voice-api";

/** "listening": the microphone streams to the model (realtime); turns wait for Talk ("waiting") and then record */
export type VoiceState = "connecting" | "listening" | "thinking" | "speaking" | "waiting" | "recording";

export type SessionHandlers = {
  state(state: VoiceState): void;
  said(role: "user" | "assistant", text: string): void;
  tool(call: { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope }): void;
  /** the session ended by itself (budget spent, connection lost, the model refused), with the reason in words */
  ended(message: string, provider?: ProviderReport): void;
};

/** `stop(true)`: the person left the conversation the session opened (removed if nothing is in it) */
export type RunningSession = { stop(leftConversation?: boolean): void; tell(text: string): void };

const RATE = 24_000;
type Realtime = Extract<VoiceSessionAnswer, { mode: "realtime" }>;

export type RealtimeHandlers = SessionHandlers & {
  /** a piece of the session, as stored in `conversation`: the page shows it like any stored message */
  stored(conversation: string, message: UIMessage): void;
  /** the person's list of conversations changed (the one left empty was removed) */
  listChanged(): void;
};

export async function startRealtime(
  answer: Realtime,
  brand: string,
  conversation: string,
  microphone: MediaStream,
  on: RealtimeHandlers,
): Promise<RunningSession> {
  // stored one at a time, in the order they happen, and shown once stored: the record reads as the
  // screen did (a piece the server could not store is still shown, from the session alone)
  let queue: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  // every call the model makes is run by the server's Voice door, which answers with the envelope and stores it
  const runOnServer = async (name: string, input: unknown, callId: string | undefined) => {
    on.state("thinking");
    const messageId = crypto.randomUUID();
    const shown = ((typeof input === "string" ? parseObject(input) : input) ?? {}) as Record<string, unknown>;
    const { envelope, stored } = await inOrder(async () => {
      const result = await callVoiceTool(brand, name, input, callId, { conversation, messageId });
      if (result.stored) on.stored(conversation, spokenCall(messageId, callId, shown, result.envelope));
      return result;
    });
    if (!stored) on.tool({ capabilityId: envelope.capabilityId, input: shown, envelope });
    return JSON.stringify(envelope);
  };
  const said = (role: "user" | "assistant", transcript: unknown) => {
    const text = String(transcript ?? "").trim();
    if (!text) return;
    const messageId = crypto.randomUUID();
    void inOrder(async () => {
      const answer = await storeSaid(brand, role, text, { conversation, messageId });
      if (answer.ok) on.stored(conversation, spokenWords(messageId, role, text));
      else on.said(role, text);
    });
  };
  const tools = answer.tools.map((definition) =>
    tool({
      name: definition.name,
      description: definition.description,
      parameters: { required: [], additionalProperties: true, ...definition.parameters } as never,
      strict: false,
      execute: (input: unknown, _context, details) => runOnServer(definition.name, input, details?.toolCall?.callId),
    }),
  );
  const agent = new RealtimeAgent({ name: "Brand assistant", instructions: answer.instructions, tools });
  const websocket = answer.transport === "websocket";
  const transport = websocket
    ? new OpenAIRealtimeWebSocket({ url: answer.url })
    : new OpenAIRealtimeWebRTC({ baseUrl: answer.url, mediaStream: microphone });
  // A call of a tool this person was not given (a model may call one anyway) would get the
  // library's local "not found"; it goes to the server's door too, so the pipeline decides every
  // call the model makes (not_found, forbidden) and the person sees its answer.
  const known = new Set(answer.tools.map((definition) => definition.name));
  const emit = transport.emit.bind(transport) as (type: string, ...args: unknown[]) => boolean;
  (transport as { emit: typeof emit }).emit = (type, ...args) => {
    const call = args[0] as TransportToolCallEvent;
    if (type !== "function_call" || known.has(call.name)) return emit(type, ...args);
    void runOnServer(call.name, call.arguments, call.callId).then((output) =>
      transport.sendFunctionCallOutput(call, output, true),
    );
    return true;
  };
  const session = new RealtimeSession(agent, { transport, model: answer.model });
  let player: PcmPlayer | undefined;
  let stopCapture: (() => void) | undefined;
  let stopped = false;
  // the server takes this session's reports until endsAt; the session ends there
  const timeUp = setTimeout(
    () => {
      on.ended("This voice session reached its time limit. Press Start voice to go on.");
      stop();
    },
    Math.max(0, Date.parse(answer.session.endsAt) - Date.now()),
  );
  const stop = (leftConversation = false) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timeUp);
    void endVoiceSession(answer.session.id, leftConversation ? conversation : undefined).then(
      () => leftConversation && on.listChanged(),
    );
    stopCapture?.();
    player?.close();
    session.close();
    for (const track of microphone.getTracks()) track.stop();
  };
  session.on("transport_event", (event: { type: string; [key: string]: unknown }) => {
    if (event.type === "input_audio_buffer.speech_started") on.state("listening");
    else if (event.type === "input_audio_buffer.speech_stopped") on.state("thinking");
    else if (event.type === "conversation.item.input_audio_transcription.completed") said("user", event.transcript);
    else if (event.type === "response.output_audio_transcript.done") said("assistant", event.transcript);
    else if (event.type === "response.output_audio.delta") on.state("speaking");
    else if (event.type === "response.done")
      void meter(event.response as { id?: string; usage?: Record<string, unknown> } | undefined);
  });
  session.on("audio", (event: { data: ArrayBuffer }) => player?.play(event.data));
  // the connection failed (a tool's own failure is already an envelope the model was given)
  transport.on("error", () => {
    if (!stopped) on.ended("The voice connection failed. Press Start voice to try again.");
    stop();
  });
  async function meter(response: { id?: string; usage?: Record<string, unknown> } | undefined) {
    if (!player?.busy) on.state("listening");
    if (!response?.usage || !response.id || stopped) return;
    const reported = await reportVoiceUsage(answer.session.id, response.id, response.usage);
    // the session's tokens or the month's are spent, or the server no longer takes this session
    const over = reported.ok
      ? reported.value.ended && (reported.value.message ?? "This voice session has ended.")
      : reported.code === "not_found" && reported.message;
    if (over && !stopped) {
      on.ended(over);
      stop();
    }
  }
  on.state("connecting");
  if (websocket) {
    // the microphone is heard from the moment it opens: what the person says while the session
    // connects is kept and sent once it is open
    const early: Int16Array[] = [];
    let open = false;
    player = new PcmPlayer(RATE, () => on.state("listening"));
    stopCapture = await capturePcm(microphone, RATE, (pcm) => {
      if (stopped) return;
      if (open) session.sendAudio(pcm.buffer as ArrayBuffer);
      else early.push(pcm);
    });
    await session.connect({ apiKey: answer.clientSecret, url: answer.url });
    for (const pcm of early.splice(0)) session.sendAudio(pcm.buffer as ArrayBuffer);
    open = true;
  } else {
    await session.connect({ apiKey: answer.clientSecret, url: answer.url });
  }
  on.state("listening");
  return { stop, tell: (text) => session.sendMessage(text) };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
