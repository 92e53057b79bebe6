// A realtime voice session in the browser (@openai/agents-realtime): the agent's tools are the
// server's voice tool list, and each call the model makes is run by our server's Voice door, never
// here. WebRTC to OpenAI carries the microphone and the voice itself; over WebSocket (any
// Realtime-compatible server, the tests' scripted one) the microphone is streamed as PCM16 and the
// answer's audio played here.
import { OpenAIRealtimeWebRTC, OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession, tool } from "@openai/agents-realtime";
import type { ToolEnvelope } from "@/lib/assistant/envelope";
import { capturePcm, PcmPlayer } from "./microphone";
import { callVoiceTool, reportVoiceUsage, type VoiceSessionAnswer } from "./voice-api";

export type VoiceState = "connecting" | "listening" | "thinking" | "speaking";

export type SessionHandlers = {
  state(state: VoiceState): void;
  said(role: "user" | "assistant", text: string): void;
  tool(call: { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope }): void;
  /** the session ended by itself (budget spent, connection lost), with the reason in words */
  ended(message: string): void;
};

export type RunningSession = { stop(): void; tell(text: string): void };

const RATE = 24_000;
type Realtime = Extract<VoiceSessionAnswer, { mode: "realtime" }>;

export async function startRealtime(answer: Realtime, brand: string, microphone: MediaStream, on: SessionHandlers): Promise<RunningSession> {
  const tools = answer.tools.map((definition) =>
    tool({
      name: definition.name,
      description: definition.description,
      parameters: { required: [], additionalProperties: true, ...definition.parameters } as never,
      strict: false,
      execute: async (input: unknown, _context, details) => {
        on.state("thinking");
        const envelope = await callVoiceTool(brand, definition.name, input, details?.toolCall?.callId);
        on.tool({ capabilityId: envelope.capabilityId, input: (input ?? {}) as Record<string, unknown>, envelope });
        return JSON.stringify(envelope);
      },
    }),
  );
  const agent = new RealtimeAgent({ name: "Brand assistant", instructions: answer.instructions, tools });
  const websocket = answer.transport === "websocket";
  const transport = websocket ? new OpenAIRealtimeWebSocket({ url: answer.url }) : new OpenAIRealtimeWebRTC({ baseUrl: answer.url, mediaStream: microphone });
  const session = new RealtimeSession(agent, { transport, model: answer.model });
  let player: PcmPlayer | undefined;
  let stopCapture: (() => void) | undefined;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopCapture?.();
    player?.close();
    session.close();
    microphone.getTracks().forEach((track) => track.stop());
  };
  session.on("transport_event", (event: { type: string; [key: string]: unknown }) => {
    if (event.type === "input_audio_buffer.speech_started") on.state("listening");
    else if (event.type === "input_audio_buffer.speech_stopped") on.state("thinking");
    else if (event.type === "conversation.item.input_audio_transcription.completed") on.said("user", String(event.transcript ?? "").trim());
    else if (event.type === "response.output_audio_transcript.done") on.said("assistant", String(event.transcript ?? "").trim());
    else if (event.type === "response.output_audio.delta") on.state("speaking");
    else if (event.type === "response.done") void meter(event.response as { usage?: Record<string, unknown> } | undefined);
  });
  session.on("audio", (event: { data: ArrayBuffer }) => player?.play(event.data));
  session.on("error", () => {
    if (!stopped) on.ended("The voice connection failed. Press Start voice to try again.");
    stop();
  });
  async function meter(response: { usage?: Record<string, unknown> } | undefined) {
    if (!player?.busy) on.state("listening");
    if (!response?.usage) return;
    const answer = await reportVoiceUsage(brand, response.usage);
    if (answer.ok && answer.value.exhausted) {
      on.ended(answer.value.message ?? "The brand's assistant budget for this month is spent.");
      stop();
    }
  }
  on.state("connecting");
  await session.connect({ apiKey: answer.clientSecret, url: answer.url });
  if (websocket) {
    player = new PcmPlayer(RATE, () => on.state("listening"));
    stopCapture = await capturePcm(microphone, RATE, (pcm) => {
      if (!stopped) session.sendAudio(pcm.buffer as ArrayBuffer);
    });
  }
  on.state("listening");
  return { stop, tell: (text) => session.sendMessage(text) };
}
