"use client";
// Errors from POST /api/chat in words: the AI budget (402), no model (503), a model call that
// failed (misconfigured: tell an admin; or try again, with the provider's answer for an admin),
// anything else by code. A failure during the answer's stream carries the same error body as an
// HTTP failure (lib/assistant/chat.ts), so both are read alike.
import { errorSentences } from "@/components/widgets/error-text";
import type { EnvelopeError } from "@/components/widgets/types";
import { ProviderReportView, providerReportOf } from "./provider-report";

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
        {body?.message ??
          "This brand has used its AI budget for this month, so the assistant can’t answer. Slash commands (type /) still work."}
      </div>
    );
  }
  const reason = (body as { reason?: unknown } | undefined)?.reason;
  if (body && (reason === "model_misconfigured" || reason === "model_unavailable")) {
    const report = providerReportOf(body);
    return (
      <div
        className={`notice ${reason === "model_misconfigured" ? "notice-error" : "notice-warn"}`}
        data-testid="model-failure"
        data-reason={reason}
        role="alert"
      >
        {body.message}
        {report && <ProviderReportView report={report} />}
      </div>
    );
  }
  if (body?.code === "unavailable" && reason === "answering") {
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
  const [headline] = body
    ? errorSentences(body)
    : ["The assistant could not answer. Check your connection and try again."];
  return (
    <div className="notice notice-error" data-testid="chat-error" role="alert">
      {headline}
    </div>
  );
}
