// The Voice door's routes, from the browser. Every failure comes back in words (the server's
// message when it sent one), never as an exception the page would have to decode.
import type { ToolEnvelope } from "@/lib/pending/envelope";
import type { ProviderReport } from "@/lib/contract/errors";
import type { VoiceSessionAnswer } from "@/lib/voice/session";
import type { TurnAnswer } from "@/lib/voice/turn";
import type { UsageAnswer } from "@/lib/voice/usage";
import { providerReportOf } from "@/components/chat/provider-report";

export type { TurnAnswer, UsageAnswer, VoiceSessionAnswer };

/** a failure: its code, the server's words, and what a model provider said (sent to an admin only) */
export type Failure = { ok: false; code: string; message: string; provider?: ProviderReport };
type Answer<T> = { ok: true; value: T } | Failure;

async function post<T>(url: string, body: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      code: "unavailable",
      message: "The service could not be reached; check the connection and try again.",
    };
  }
  const json = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; provider?: ProviderReport } }
    | undefined;
  if (response.ok && json) return { ok: true, value: json as T };
  const provider = providerReportOf(json?.error);
  return {
    ok: false,
    code: json?.error?.code ?? "unavailable",
    message: json?.error?.message ?? `The service answered HTTP ${response.status}.`,
    ...(provider ? { provider } : {}),
  };
}

/** `conversation`: the page's open one; a realtime session opens it and is stored in it */
export const startVoiceSession = (brand: string, conversation: string) =>
  post<VoiceSessionAnswer>("/api/voice/session", { brand, conversation });

/** where a realtime session's pieces are stored: the conversation, and the page's id for this message */
export type StoredAs = { conversation: string; messageId: string };

/** the call's envelope, and whether the server stored it (it does whenever it answers one) */
export async function callVoiceTool(
  brand: string,
  name: string,
  args: unknown,
  callId: string | undefined,
  storedAs: StoredAs,
): Promise<{ envelope: ToolEnvelope; stored: boolean }> {
  const answer = await post<ToolEnvelope>("/api/voice/call", {
    brand,
    name,
    arguments: typeof args === "string" ? args : (args ?? {}),
    ...(callId ? { callId } : {}),
    ...storedAs,
  });
  if (answer.ok) return { envelope: answer.value, stored: true };
  const error = { code: answer.code, message: answer.message } as Extract<ToolEnvelope, { status: "error" }>["error"];
  return { envelope: { status: "error", capabilityId: name.replaceAll("_", "."), error }, stored: false };
}

/** what one of them said in a realtime session, stored in the conversation */
export const storeSaid = (brand: string, role: "user" | "assistant", text: string, storedAs: StoredAs) =>
  post<{ stored: boolean }>("/api/voice/said", { brand, role, text, ...storedAs });

/** one response's usage, charged against the tokens the server reserved for this session */
export const reportVoiceUsage = (session: string, responseId: string, usage: Record<string, unknown>) =>
  post<UsageAnswer>("/api/voice/usage", { session, responseId, usage });

/**
 * The session is over: the server releases what it did not report (sent even while the page
 * unloads); `leftConversation`, the one it opened and the person left, is removed if still empty.
 */
export async function endVoiceSession(session: string, leftConversation?: string): Promise<void> {
  const body = JSON.stringify({ session, ...(leftConversation ? { conversation: leftConversation } : {}) });
  await fetch("/api/voice/session/end", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/** one turn, stored in the conversation `conversation` (the page's open one) */
export const sendVoiceTurn = (body: { brand: string; conversation: string; audio?: string; decided?: string }) =>
  post<TurnAnswer>("/api/voice/turn", body);
