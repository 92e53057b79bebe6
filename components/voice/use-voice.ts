"use client";
// The voice conversation of the chat page: starts and stops a session in the selected brand, keeps
// the state the person sees (connecting, listening, thinking, speaking; turns: waiting for Talk,
// recording), and tells the model what the person decided on a confirm card. Turns are stored in
// the open conversation by the server and handed to the page (`onStored`) like typed turns; a
// realtime session's pieces (what both said, each tool result as the chat's widget) are stored in
// the conversation the session opened and handed to the page the same way (./realtime.ts), and
// leaving that conversation ends the session; only a piece the server could not store is kept here
// (`entries`), shown but not in the record.
import { useCallback, useEffect, useRef, useState } from "react";
import type { UIMessage } from "ai";
import type { Decision, ToolEnvelope } from "@/components/widgets/types";
import type { ProviderReport } from "@/lib/contract/errors";
import { openMicrophone } from "./microphone";
import { startRealtime, type RunningSession, type SessionHandlers, type VoiceState } from "./realtime";
import { startTurns, type TurnSession } from "./turns";
import { endVoiceSession, startVoiceSession, type Failure } from "./voice-api";

export type VoiceEntry =
  | { id: string; kind: "said"; role: "user" | "assistant"; text: string }
  | { id: string; kind: "tool"; capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope };

export type VoiceStatus = "off" | "starting" | VoiceState;

/** what went wrong, in words, and what a model provider said when it refused (an admin's only) */
export type VoiceProblem = { message: string; provider?: ProviderReport };

/** The conversation voice turns are stored in: the page's open one (`current`; `id()` reads it at each turn). */
export type VoiceConversation = {
  current: string;
  id(): string;
  onStored(conversationId: string, messages: UIMessage[]): void;
  listChanged(): void;
};

const LEFT_ITS_CONVERSATION = "Voice ended: it belonged to the conversation you left. Start voice to talk in this one.";

/** A failed turn in words: what failed (the server's sentence), and that what was sent is kept. */
function failedTurn(failure: Failure, kept: "recording" | "decision"): VoiceProblem {
  const what = failure.code === "internal" ? "The answer failed on the server." : failure.message;
  const next =
    kept === "recording"
      ? "Your recording is kept: Send again sends it once more, Talk records a new one."
      : "Send again tells the assistant what you decided on the card.";
  return { message: `${what} ${next}`, provider: failure.provider };
}

export function useVoice(brand: string | null, conversation: VoiceConversation) {
  const [status, setStatus] = useState<VoiceStatus>("off");
  const [mode, setMode] = useState<"realtime" | "turns" | null>(null);
  const [problem, setProblem] = useState<VoiceProblem | null>(null);
  const [entries, setEntries] = useState<VoiceEntry[]>([]);
  /** a turn failed and can be sent again */
  const [retryable, setRetryable] = useState(false);
  const session = useRef<RunningSession | TurnSession | null>(null);
  const open = useRef(conversation);
  open.current = conversation;
  /** the conversation a running realtime session opened and stores into (turns follow the open one) */
  const realtimeIn = useRef<string | null>(null);

  const stop = useCallback(() => {
    session.current?.stop();
    session.current = null;
    realtimeIn.current = null;
    setStatus("off");
    setMode(null);
    setRetryable(false);
  }, []);

  // a conversation belongs to one brand, and ends with the page
  useEffect(() => stop, [brand, stop]);
  // a realtime session speaks with the model about the conversation it opened: leaving that
  // conversation ends it, rather than storing on into a conversation no longer on screen
  const leftItsConversation = useCallback(() => {
    if (realtimeIn.current === null || realtimeIn.current === open.current.id()) return;
    // the conversation it opened goes with it when nothing was said there (the server checks)
    (session.current as RunningSession | null)?.stop(true);
    stop();
    setProblem({ message: LEFT_ITS_CONVERSATION });
  }, [stop]);
  useEffect(leftItsConversation, [conversation.current, leftItsConversation]);

  const start = useCallback(async () => {
    if (!brand || session.current) return;
    setProblem(null);
    setStatus("starting");
    const conversationId = open.current.id();
    const answer = await startVoiceSession(brand, conversationId);
    if (!answer.ok) {
      setProblem({ message: answer.message, provider: answer.provider });
      return setStatus("off");
    }
    // a realtime session that never opened gives its reserved tokens back at once
    const release = () => answer.value.mode === "realtime" && endVoiceSession(answer.value.session.id);
    let microphone: MediaStream;
    try {
      microphone = await openMicrophone();
    } catch (error) {
      release();
      setProblem({ message: (error as Error).message });
      return setStatus("off");
    }
    type NewEntry = VoiceEntry extends infer E ? (E extends VoiceEntry ? Omit<E, "id"> : never) : never;
    const add = (entry: NewEntry) =>
      setEntries((current) => [...current, { ...entry, id: crypto.randomUUID() } as VoiceEntry]);
    const handlers: SessionHandlers = {
      state: (state) => setStatus((current) => (current === "off" ? current : state)),
      said: (role, text) => text && add({ kind: "said", role, text }),
      tool: (call) => add({ kind: "tool", ...call }),
      ended: (message, provider) => {
        setProblem({ message, provider });
        session.current = null;
        realtimeIn.current = null;
        setStatus("off");
        setMode(null);
      },
    };
    setMode(answer.value.mode);
    try {
      session.current =
        answer.value.mode === "realtime"
          ? await startRealtime(answer.value, brand, conversationId, microphone, {
              ...handlers,
              stored: (id, message) => open.current.onStored(id, [message]),
              listChanged: () => open.current.listChanged(),
            })
          : startTurns(answer.value, brand, () => open.current.id(), microphone, {
              ...handlers,
              stored: (conversationId, messages) => open.current.onStored(conversationId, messages),
              failed: (failure, kept) => {
                setProblem(failedTurn(failure, kept));
                setRetryable(true);
              },
            });
      // the session opened the page's conversation: it is in the list and the address from now on
      if (answer.value.mode === "realtime") {
        realtimeIn.current = conversationId;
        open.current.onStored(conversationId, []);
        // the person may have left it while the session was opening
        leftItsConversation();
      }
    } catch {
      release();
      for (const track of microphone.getTracks()) track.stop();
      setProblem({ message: "The voice session could not be opened. Press Start voice to try again." });
      setStatus("off");
      setMode(null);
    }
  }, [brand, leftItsConversation]);

  /** turns: the first press records, the second sends */
  const talk = useCallback(async () => {
    const turns = session.current as TurnSession | null;
    if (!turns || mode !== "turns") return;
    setProblem(null);
    setRetryable(false);
    if (status === "recording") await turns.send();
    else await turns.record();
  }, [mode, status]);

  /** turns: the failed turn, sent again */
  const retry = useCallback(async () => {
    const turns = session.current as TurnSession | null;
    if (!turns || mode !== "turns") return;
    setProblem(null);
    setRetryable(false);
    await turns.retry();
  }, [mode]);

  /** the person's Confirm or Cancel on a card of this conversation: the model says what happened */
  const decided = useCallback(
    (pendingId: string | undefined, decision: Decision, result: ToolEnvelope) => {
      const current = session.current;
      if (!current) return;
      if (mode === "turns") return void (pendingId && (current as TurnSession).decided(pendingId));
      const outcome =
        result.status === "ok"
          ? "it was written"
          : result.status === "error"
            ? `it failed: ${result.error.message}`
            : "nothing was written";
      current.tell(`I pressed ${decision === "confirm" ? "Confirm" : "Cancel"} on the card: ${outcome}.`);
    },
    [mode],
  );

  return { status, mode, problem, retryable, entries, start, stop, talk, retry, decided };
}
