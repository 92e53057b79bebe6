// Why a model provider's call failed, said once for the chat and both Voice modes: in words for
// the person, in the provider's own terms for a brand admin, and in one structured log line for
// the operator. A 4xx other than 408, 409 and 429 is permanent (a tool schema the provider refuses,
// a model it does not know, a wrong key, a forbidden region, refused content): trying again cannot
// help, so the person is told the assistant is misconfigured and to tell an admin. A 429, a 5xx,
// no answer at all or a timeout passes: "try again in a moment". OpenAI's 429 `insufficient_quota`
// is billing, not load: permanent too.
import "server-only";
import { APICallError } from "ai";
import { config } from "../config";
import { AppError, type ProviderReport } from "../contract/errors";
import { log } from "../log";

export type FailureKind = "misconfigured" | "transient";

/** The failed call: who asked what of which model, for the words and the log line. */
export type FailedCall = {
  door: "assistant" | "voice";
  call: "chat" | "transcription" | "speech" | "realtime_session";
  model: string;
  requestId: string;
  brandId: string;
  /** a brand admin (or staff) is shown what the provider said; a member or viewer is not */
  admin: boolean;
};

const RETRYABLE_4XX = new Set([408, 409, 429]);
const PERMANENT_CODES = new Set(["insufficient_quota"]);
const MESSAGE_LIMIT = 500;

const WORDS = {
  assistant: {
    misconfigured:
      "The assistant is misconfigured: its model provider refused the request, so trying again will not help.",
    transient: "The assistant's model could not answer just now; try again in a moment.",
  },
  voice: {
    misconfigured: "Voice is misconfigured: its model provider refused the request, so trying again will not help.",
    transient: "The voice model could not answer just now; try again in a moment.",
  },
} as const;
const TELL_AN_ADMIN = " Please tell an admin of this brand.";
const FOR_THE_ADMIN = " What the provider said is below: pass it to whoever runs this service.";

/** Classifies the failure, logs one line for the operator, and returns the error to show the person. */
export function providerFailure(error: unknown, call: FailedCall): AppError {
  const { kind, report, url } = classifyProviderFailure(error, call.model, [config().OPENAI_API_KEY]);
  const line = {
    component: "model",
    door: call.door,
    call: call.call,
    requestId: call.requestId,
    brandId: call.brandId,
    failure: kind,
    model: report.model,
    status: report.status,
    providerCode: report.code,
    providerRequestId: report.requestId,
    providerMessage: report.message,
    url,
  };
  if (kind === "misconfigured")
    log.error(
      line,
      `model provider refused the ${call.call} call (HTTP ${report.status}): the configuration needs fixing`,
    );
  else log.warn(line, `the ${call.call} call to the model provider failed; the person was told to try again`);
  const words = WORDS[call.door][kind] + (kind === "misconfigured" ? (call.admin ? FOR_THE_ADMIN : TELL_AN_ADMIN) : "");
  return new AppError("unavailable", words, {
    reason: kind === "misconfigured" ? "model_misconfigured" : "model_unavailable",
    ...(kind === "transient" ? { retryAfterSeconds: 5 } : {}),
    ...(call.admin ? { provider: report } : {}),
  });
}

/** The failure's class and what the provider said; `secrets` never appear in the message. */
export function classifyProviderFailure(
  error: unknown,
  model: string,
  secrets: (string | undefined)[],
): { kind: FailureKind; report: ProviderReport; url?: string } {
  const answered = apiCallErrorIn(error);
  if (!answered) return { kind: "transient", report: { model, message: scrub(unanswered(error), secrets) } };
  const status = answered.statusCode;
  const body = providerError(answered.responseBody);
  const code = body.code ?? body.type;
  const permanent =
    (status !== undefined && status >= 400 && status < 500 && !RETRYABLE_4XX.has(status)) ||
    (code !== undefined && PERMANENT_CODES.has(code));
  const requestId = answered.responseHeaders?.["x-request-id"] ?? answered.responseHeaders?.["request-id"];
  const report: ProviderReport = { model, message: scrub(body.message ?? answered.message, secrets) };
  if (status !== undefined) report.status = status;
  if (code) report.code = code.slice(0, 100);
  if (requestId) report.requestId = requestId.slice(0, 200);
  return { kind: permanent ? "misconfigured" : "transient", report, url: pathOf(answered.url) };
}

/** The provider's answer inside what the AI SDK threw: itself, or the last try of its retries. */
function apiCallErrorIn(error: unknown): APICallError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (APICallError.isInstance(current)) return current;
    const next = current as { lastError?: unknown; cause?: unknown };
    current = next.lastError ?? next.cause;
  }
  return undefined;
}

/** OpenAI's error body `{ error: { message, type, code } }` (and the shapes close to it). */
function providerError(body: string | undefined): { message?: string; type?: string; code?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? "");
  } catch {
    return {};
  }
  const inner = (parsed as { error?: unknown } | null)?.error ?? parsed;
  if (typeof inner === "string") return { message: inner };
  if (!inner || typeof inner !== "object") return {};
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const fields = inner as Record<string, unknown>;
  return { message: text(fields.message), type: text(fields.type), code: text(fields.code) };
}

/** A failure without an HTTP answer (no connection, a timeout, an error event in the stream) in a phrase. */
function unanswered(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "no answer before the timeout";
    return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "the call failed";
}

/** Bounded, without the configured key or anything shaped like a key or a bearer token. */
function scrub(text: string, secrets: (string | undefined)[]): string {
  let clean = text;
  for (const secret of secrets) if (secret && secret.length >= 8) clean = clean.replaceAll(secret, "[key]");
  clean = clean.replace(/\b(?:sk|ek|rk)[-_][\w*.-]{6,}/g, "[key]").replace(/\bBearer\s+\S+/gi, "Bearer [key]");
  return clean.length > MESSAGE_LIMIT ? `${clean.slice(0, MESSAGE_LIMIT - 1)}…` : clean;
}

/** The URL called, without credentials or query (where it failed, for the operator). */
function pathOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}
