// Provider-shaped failures for the scripted stand-ins (scripted-openai.ts, scripted-realtime.ts):
// OpenAI's error body `{ error: { message, type, param, code } }` with an `x-request-id` header,
// worded as OpenAI words each status unless the script says otherwise, so the service's failure
// path meets in tests what it meets in production.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

export type OpenAIErrorFields = { message?: string; type?: string; param?: string | null; code?: string | null };

/** One error answered: the request id lets a test find it in what the service showed or logged. */
export type ErrorAnswer = { status: number; requestId: string; error: Required<OpenAIErrorFields> };

/** OpenAI's own wording per status (`{model}` is the requested model). */
const OPENAI_WORDING: Record<number, Required<OpenAIErrorFields>> = {
  400: { type: "invalid_request_error", param: null, code: null, message: "Invalid request." },
  401: {
    type: "invalid_request_error",
    param: null,
    code: "invalid_api_key",
    message: "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
  },
  403: {
    type: "invalid_request_error",
    param: null,
    code: "unsupported_country_region_territory",
    message: "Country, region, or territory not supported",
  },
  404: {
    type: "invalid_request_error",
    param: null,
    code: "model_not_found",
    message: "The model `{model}` does not exist or you do not have access to it.",
  },
  429: {
    type: "requests",
    param: null,
    code: "rate_limit_exceeded",
    message:
      "Rate limit reached for {model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
  },
  500: {
    type: "server_error",
    param: null,
    code: null,
    message: "The server had an error while processing your request. Sorry about that!",
  },
  503: {
    type: "server_error",
    param: null,
    code: null,
    message: "The engine is currently overloaded, please try again later.",
  },
};

/** Answers `status` with OpenAI's error body (its wording, or `fields`) and an x-request-id. */
export function sendOpenAIError(
  res: ServerResponse,
  status: number,
  fields: OpenAIErrorFields = {},
  model = "unknown",
): ErrorAnswer {
  const wording = OPENAI_WORDING[status] ?? OPENAI_WORDING[status >= 500 ? 500 : 400]!;
  const error = { ...wording, ...fields, message: (fields.message ?? wording.message).replaceAll("{model}", model) };
  const requestId = `req_${randomBytes(16).toString("hex")}`;
  res.writeHead(status, { "Content-Type": "application/json", "x-request-id": requestId });
  res.end(JSON.stringify({ error }));
  return { status, requestId, error };
}
