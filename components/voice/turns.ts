// A turn-based voice session in the browser: the person presses Talk, speaks, presses Send; the
// recording (16 kHz WAV) goes to the server, which transcribes it, runs the model with the voice
// tools, stores the turn in the open conversation and answers with its stored messages and, when
// the provider speaks, audio; otherwise the browser's own speech synthesis reads the answer.
// Nothing records until Talk ("waiting"); a failed turn keeps the session and what was sent, so
// Send again retries it; a turn answered after Stop is still shown (it is stored), only not spoken.
import type { UIMessage } from "ai";
import { base64Of, capturePcm, wavOf } from "./microphone";
import type { RunningSession, SessionHandlers } from "./realtime";
import { sendVoiceTurn, type Failure, type TurnAnswer, type VoiceSessionAnswer } from "./voice-api";

const RATE = 16_000;
type Turns = Extract<VoiceSessionAnswer, { mode: "turns" }>;
type TurnBody = { audio: string } | { decided: string };

export type TurnHandlers = SessionHandlers & {
  /** the turn as stored in the conversation: show these messages */
  stored(conversationId: string, messages: UIMessage[]): void;
  /** the turn (a recording, or a decision told) failed; the session goes on and `retry` sends it again */
  failed(failure: Failure, kept: "recording" | "decision"): void;
};

export type TurnSession = RunningSession & {
  /** starts recording a turn */
  record(): Promise<void>;
  /** stops recording and sends the turn */
  send(): Promise<void>;
  /** sends the last failed turn again (the same recording, or the same decision) */
  retry(): Promise<void>;
  /** tells the model the person decided on a pending call (the server reads the outcome) */
  decided(pendingId: string): Promise<void>;
};

/** failures after which another try cannot help: the session ends */
const ENDING = new Set(["budget_exceeded", "unauthenticated", "forbidden"]);

export function startTurns(
  answer: Turns,
  brand: string,
  conversation: () => string,
  microphone: MediaStream,
  on: TurnHandlers,
): TurnSession {
  let chunks: Int16Array[] = [];
  let stopCapture: (() => void) | undefined;
  let audio: HTMLAudioElement | undefined;
  let stopped = false;
  let failedTurn: TurnBody | undefined;

  async function exchange(body: TurnBody) {
    on.state("thinking");
    failedTurn = undefined;
    const result = await sendVoiceTurn({ brand, conversation: conversation(), ...body });
    if (!result.ok) {
      if (stopped) return;
      if (ENDING.has(result.code)) {
        on.ended(result.message, result.provider);
        return stop();
      }
      failedTurn = body;
      on.failed(result, "audio" in body ? "recording" : "decision");
      return on.state("waiting");
    }
    // stored on the server whatever happened here since: shown even after Stop
    on.stored(result.value.conversation.id, result.value.messages);
    if (!stopped) show(result.value);
  }

  function show(turn: TurnAnswer) {
    speak(turn);
    if (turn.budgetExhausted) {
      on.ended("The brand's assistant budget for this month is now spent: voice ends here.");
      stop();
    }
  }

  function speak(turn: TurnAnswer) {
    on.state("speaking");
    const done = () => !stopped && on.state("waiting");
    if (turn.audio) {
      audio = new Audio(`data:audio/wav;base64,${turn.audio}`);
      audio.onended = done;
      audio.play().catch(done);
    } else if (answer.speech === "browser" && "speechSynthesis" in window) {
      const utterance = new SpeechSynthesisUtterance(turn.reply);
      utterance.onend = done;
      utterance.onerror = done;
      window.speechSynthesis.speak(utterance);
    } else done();
  }

  function stop() {
    stopped = true;
    stopCapture?.();
    audio?.pause();
    if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    for (const track of microphone.getTracks()) track.stop();
  }

  on.state("waiting");
  return {
    stop,
    tell: () => undefined,
    async record() {
      chunks = [];
      failedTurn = undefined;
      stopCapture = await capturePcm(microphone, RATE, (pcm) => chunks.push(pcm));
      on.state("recording");
    },
    async send() {
      stopCapture?.();
      stopCapture = undefined;
      await exchange({ audio: base64Of(wavOf(chunks, RATE)) });
    },
    retry: async () => {
      if (failedTurn) await exchange(failedTurn);
    },
    decided: (pendingId) => exchange({ decided: pendingId }),
  };
}
