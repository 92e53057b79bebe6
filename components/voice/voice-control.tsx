"use client";
// The microphone button of the chat page and the state the person always sees: connecting,
// listening, thinking, speaking (or recording, in turns), with Stop; problems in words.
import { ProviderReportView } from "@/components/chat/provider-report";
import { MicIcon } from "./mic-icon";
import type { VoiceProblem, VoiceStatus } from "./use-voice";

const LABELS: Record<Exclude<VoiceStatus, "off">, string> = {
  starting: "Starting voice…",
  connecting: "Connecting…",
  listening: "Listening",
  thinking: "Thinking…",
  speaking: "Speaking",
  recording: "Recording: press Send when you are done",
};

type Props = {
  brand: string | null;
  status: VoiceStatus;
  mode: "realtime" | "turns" | null;
  problem: VoiceProblem | null;
  /** what the server says about voice here: null when no voice model is configured */
  available: string | null;
  onStart(): void;
  onStop(): void;
  onTalk(): void;
};

export function VoiceControl({ brand, status, mode, problem, available, onStart, onStop, onTalk }: Props) {
  const on = status !== "off";
  return (
    <div className="voice-control" data-testid="voice-control">
      {!on ? (
        <button type="button" className="button" data-testid="voice-start" disabled={!brand} onClick={onStart} aria-describedby={available ? undefined : "voice-unavailable"}>
          <MicIcon /> Start voice
        </button>
      ) : (
        <>
          <span className={`voice-state voice-${status}`} data-testid="voice-state" data-state={status} role="status" aria-live="polite">
            <span className="voice-dot" aria-hidden="true" /> {LABELS[status]}
          </span>
          {mode === "turns" && status !== "thinking" && status !== "starting" && (
            <button type="button" className="button primary" data-testid="voice-talk" onClick={onTalk}>
              {status === "recording" ? "Send" : "Talk"}
            </button>
          )}
          <button type="button" className="button" data-testid="voice-stop" onClick={onStop}>
            Stop voice
          </button>
        </>
      )}
      {!on && !available && (
        <span id="voice-unavailable" className="muted voice-note">
          Voice needs a model: set OPENAI_API_KEY (realtime), or OPENAI_BASE_URL with ASSISTANT_MODEL and VOICE_TRANSCRIPTION_MODEL (turn by turn).
        </span>
      )}
      {problem && (
        <div className="voice-problem" role="alert" data-testid="voice-problem">
          <p>{problem.message}</p>
          {problem.provider && <ProviderReportView report={problem.provider} />}
        </div>
      )}
    </div>
  );
}
