"use client";
// Errors from POST /api/chat in words: the AI budget (402), no model (503), anything else by code.
import { errorSentences } from "@/components/widgets/error-text";
import type { EnvelopeError } from "@/components/widgets/types";

function bodyOf(error: Error): EnvelopeError | undefined {
  // the transport puts the response body in the message (and in responseBody)
  const raw = (error as Error & { responseBody?: string }).responseBody ?? error.message;
  try {
    const parsed = JSON.parse(raw) as { error?: EnvelopeError };
    return parsed.error;
  } catch {
    return undefined;
  }
}

export function ChatError({ error }: { error: Error }) {
  const body = bodyOf(error);
  const status = (error as Error & { statusCode?: number }).statusCode;
  if (body?.code === "budget_exceeded" || status === 402) {
    return (
      <div className="notice notice-warn" data-testid="budget-exceeded" role="alert">
        {/* the server's sentence names the brand, the limit and the month */}
        {body?.message ?? "This brand has used its AI budget for this month, so the assistant can’t answer. Slash commands (type /) still work."}
      </div>
    );
  }
  if (body?.code === "unavailable" && (body as { reason?: unknown }).reason === "answering") {
    return (
      <div className="notice notice-warn" data-testid="still-answering" role="alert">
        {body.message}
      </div>
    );
  }
  if (status === 503 && body?.code === "unavailable") {
    return (
      <div className="notice notice-warn" data-testid="model-missing" role="alert">
        No AI model is available right now. Slash commands (type /) still work.
      </div>
    );
  }
  const [headline] = body ? errorSentences(body) : ["The assistant could not answer. Check your connection and try again."];
  return (
    <div className="notice notice-error" data-testid="chat-error" role="alert">
      {headline}
    </div>
  );
}
