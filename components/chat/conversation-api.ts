// The conversation routes as the page calls them. Failures come back as a sentence to show, never
// as a thrown error: the chat stays usable when the list cannot be read.
import type { UIMessage } from "ai";
import { errorSentences } from "@/components/widgets/error-text";
import { isRecord, type EnvelopeError } from "@/components/widgets/types";

export type ConversationItem = { id: string; title: string; updatedAt: string; answering: boolean };
export type ConversationPage = {
  id: string;
  title: string;
  brand: { shortId: string; name: string };
  answering: boolean;
  messages: UIMessage[];
  /** the position to load earlier messages before, or null at the start */
  earlier: number | null;
};
export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; problem: string };

async function call<T>(url: string, init?: RequestInit): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { "Content-Type": "application/json" }, cache: "no-store" });
  } catch {
    return { ok: false, status: 0, problem: "The service could not be reached; check the connection and try again." };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: json as T };
  const error = isRecord(json) && isRecord(json.error) ? (json.error as EnvelopeError) : undefined;
  return {
    ok: false,
    status: response.status,
    problem: error ? errorSentences(error)[0]! : `The service answered ${response.status}.`,
  };
}

export const listConversations = (brand: string, cursor?: string) =>
  call<{ items: ConversationItem[]; nextCursor: string | null }>(
    `/api/conversations?brand=${encodeURIComponent(brand)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
  );

export const readConversation = (id: string, before?: number) =>
  call<ConversationPage>(`/api/conversations/${encodeURIComponent(id)}${before ? `?before=${before}` : ""}`);

export const renameConversation = (id: string, title: string) =>
  call<{ id: string; title: string }>(`/api/conversations/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify({ title }),
  });

export const deleteConversation = (id: string) =>
  call<{ deleted: true }>(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
