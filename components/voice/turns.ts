// A turn-based voice session in the browser: the person presses Talk, speaks, presses Send; the
// recording (16 kHz WAV) goes to the server, which transcribes it, runs the model with the voice
// tools and answers with text and, when the provider speaks, audio; otherwise the browser's own
// speech synthesis reads the answer.
import { base64Of, capturePcm, wavOf } from "./microphone";
import type { RunningSession, SessionHandlers } from "./realtime";
import { sendVoiceTurn, type TurnAnswer, type VoiceSessionAnswer } from "./voice-api";

const RATE = 16_000;
type Turns = Extract<VoiceSessionAnswer, { mode: "turns" }>;

export type TurnSession = RunningSession & {
  /** starts recording a turn */
  record(): Promise<void>;
  /** stops recording and sends the turn */
  send(): Promise<void>;
  /** tells the model the person decided on a pending call (the server reads the outcome) */
  decided(pendingId: string): Promise<void>;
};

export function startTurns(answer: Turns, brand: string, microphone: MediaStream, on: SessionHandlers): TurnSession {
  const history: { role: "user" | "assistant"; text: string }[] = [];
  let chunks: Int16Array[] = [];
  let stopCapture: (() => void) | undefined;
  let audio: HTMLAudioElement | undefined;
  let stopped = false;

  async function exchange(body: { audio?: string; decided?: string }) {
    on.state("thinking");
    const result = await sendVoiceTurn({ brand, history: history.slice(-40), ...body });
    if (stopped) return;
    if (!result.ok) {
      on.ended(result.message, result.provider);
      return stop();
    }
    show(result.value);
  }

  function show(turn: TurnAnswer) {
    if (turn.transcript) {
      history.push({ role: "user", text: turn.transcript });
      on.said("user", turn.transcript);
    }
    for (const call of turn.tools) on.tool(call);
    history.push({ role: "assistant", text: turn.reply });
    on.said("assistant", turn.reply);
    speak(turn);
    if (turn.budgetExhausted) {
      on.ended("The brand's assistant budget for this month is now spent: voice ends here.");
      stop();
    }
  }

  function speak(turn: TurnAnswer) {
    on.state("speaking");
    const done = () => !stopped && on.state("listening");
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
    microphone.getTracks().forEach((track) => track.stop());
  }

  on.state("listening");
  return {
    stop,
    tell: () => undefined,
    async record() {
      chunks = [];
      stopCapture = await capturePcm(microphone, RATE, (pcm) => chunks.push(pcm));
    },
    async send() {
      stopCapture?.();
      stopCapture = undefined;
      await exchange({ audio: base64Of(wavOf(chunks, RATE)) });
    },
    decided: (pendingId) => exchange({ decided: pendingId }),
  };
}
