"use client";
// The microphone button of the chat page and the state the person always sees, as it is: realtime
// listens all along; turns wait for Talk and say so, record until Send (the only Send shown then:
// the message box hides its own), think, speak. A failed turn offers Send again. Problems in words;
// why voice is off in words for everyone, with the settings for an admin (the page chooses).
import { ProviderReportView } from "@/components/chat/provider-report";
import { MicIcon } from "./mic-icon";
import type { VoiceProblem, VoiceStatus } from "./use-voice";

const LABELS: Record<Exclude<VoiceStatus, "off">, string> = {
  starting: "Starting voice…",
  connecting: "Connecting…",
  listening: "Listening",
  waiting: "Voice is on: press Talk to speak",
  thinking: "Thinking…",
  speaking: "Speaking",
  recording: "Recording: press Send when you are done",
};

/** why voice is off, in words; the settings that switch it on only for whoever can set them, folded */
export type VoiceOffNote = { words: string; settings: string | null };

type Props = {
  brand: string | null;
  status: VoiceStatus;
  mode: "realtime" | "turns" | null;
  problem: VoiceProblem | null;
  /** why voice is off here, for this person (null when it is on) */
  offNote: VoiceOffNote | null;
  /** a failed turn can be sent again */
  retryable: boolean;
  onStart(): void;
  onStop(): void;
  onTalk(): void;
  onRetry(): void;
};

export function VoiceControl({
  brand,
  status,
  mode,
  problem,
  offNote,
  retryable,
  onStart,
  onStop,
  onTalk,
  onRetry,
}: Props) {
  const on = status !== "off";
  return (
    <div className="voice-control" data-testid="voice-control">
      {!on ? (
        <button
          type="button"
          className="button"
          data-testid="voice-start"
          disabled={!brand}
          onClick={onStart}
          aria-describedby={offNote ? "voice-unavailable" : undefined}
        >
          <MicIcon /> Start voice
        </button>
      ) : (
        <>
          <span
            className={`voice-state voice-${status}`}
            data-testid="voice-state"
            data-state={status}
            role="status"
            aria-live="polite"
          >
            <span className="voice-dot" aria-hidden="true" /> {LABELS[status]}
          </span>
          {mode === "turns" && status !== "thinking" && status !== "starting" && (
            <button type="button" className="button primary" data-testid="voice-talk" onClick={onTalk}>
              {status === "recording" ? "Send" : "Talk"}
            </button>
          )}
          {mode === "turns" && retryable && status === "waiting" && (
            <button type="button" className="button" data-testid="voice-retry" onClick={onRetry}>
              Send again
            </button>
          )}
          <button type="button" className="button" data-testid="voice-stop" onClick={onStop}>
            Stop voice
          </button>
        </>
      )}
      {!on && offNote && (
        <div id="voice-unavailable" className="muted voice-note" data-testid="voice-off-note">
          {offNote.words}
          {offNote.settings && (
            // folded: on a phone the settings would take four lines of the conversation's room
            <details className="voice-settings">
              <summary>How to switch it on</summary>
              {offNote.settings}
            </details>
          )}
        </div>
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
