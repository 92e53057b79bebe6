// How the Voice door runs here, from the configuration (README "Voice"): realtime speech-to-speech
// through an OpenAI Realtime-compatible server, turns (transcribe → the chat's model loop → speech)
// through any OpenAI-compatible server, or not at all. Defaults follow what is configured: OpenAI's
// own key alone means realtime; a self-hosted OPENAI_BASE_URL means turns.
import "server-only";
import { config } from "../config";
import { authenticate } from "../core/auth";
import { AppError } from "../contract/errors";
import { db } from "../db/client";
import { liveMembership } from "../team/live-membership";

export const OPENAI_API_BASE = "https://api.openai.com/v1";
/** OpenAI's transcription and speech models, used when the provider is OpenAI itself */
export const DEFAULT_TRANSCRIPTION_MODEL = "gpt-4o-mini-transcribe";
export const DEFAULT_SPEECH_MODEL = "gpt-4o-mini-tts";

export type VoiceSetup =
  | {
      mode: "realtime";
      baseUrl: string;
      model: string;
      transport: "webrtc" | "websocket";
      voice?: string;
      apiKey: string;
      transcriptionModel: string;
    }
  | { mode: "turns"; transcriptionModel: string; speechModel: string | null };

/** what an admin is told: the settings that switch voice on */
export const NO_VOICE_MESSAGE =
  "Voice is not configured on this service: set OPENAI_API_KEY for realtime voice, or OPENAI_BASE_URL with ASSISTANT_MODEL " +
  "and VOICE_TRANSCRIPTION_MODEL for turn-by-turn voice (README, Voice).";
/** what everyone else is told: settings mean nothing to them, and they cannot change them */
export const NO_VOICE_FOR_PEOPLE = "Voice isn't set up here yet; an admin can switch it on.";

/** An admin (staff, or an admin of any brand) reads the settings; others read words. */
export async function canSetUpVoice(userId: string): Promise<boolean> {
  const actor = await authenticate({ kind: "session", userId }, new Date());
  return (
    actor.staff ||
    (await db().membership.count({ where: { userId, role: "admin", ...liveMembership(new Date()) } })) > 0
  );
}

/** The refusal of a voice route while voice is off, in the words for this person. */
export async function voiceOff(userId: string): Promise<AppError> {
  return new AppError("unavailable", (await canSetUpVoice(userId)) ? NO_VOICE_MESSAGE : NO_VOICE_FOR_PEOPLE);
}

export function voiceSetup(): VoiceSetup | null {
  const settings = config();
  const mode =
    settings.VOICE_MODE ?? (settings.OPENAI_BASE_URL ? "turns" : settings.OPENAI_API_KEY ? "realtime" : "off");
  if (mode === "off") return null;
  if (mode === "realtime") {
    return {
      mode,
      apiKey: settings.OPENAI_API_KEY!,
      model: settings.REALTIME_MODEL,
      transport: settings.REALTIME_TRANSPORT,
      baseUrl: (settings.REALTIME_BASE_URL ?? OPENAI_API_BASE).replace(/\/+$/, ""),
      voice: settings.REALTIME_VOICE,
      transcriptionModel: settings.VOICE_TRANSCRIPTION_MODEL ?? DEFAULT_TRANSCRIPTION_MODEL,
    };
  }
  // a self-hosted server has no default model names to fall back on: without a transcription
  // model there is no voice; without a speech model the browser speaks the answers itself
  const onOpenAI = !settings.OPENAI_BASE_URL;
  const transcriptionModel = settings.VOICE_TRANSCRIPTION_MODEL ?? (onOpenAI ? DEFAULT_TRANSCRIPTION_MODEL : undefined);
  if (!transcriptionModel) return null;
  return {
    mode,
    transcriptionModel,
    speechModel: settings.VOICE_SPEECH_MODEL ?? (onOpenAI ? DEFAULT_SPEECH_MODEL : null),
  };
}
