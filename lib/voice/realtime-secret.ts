// The short-lived client secret of one realtime voice session, minted with the server's key
// (POST <base>/realtime/client_secrets). It carries the voice tool set and instructions of this
// person in this brand, and expires a minute after it is minted (the session may go on; a new
// session needs a new secret). The browser never sees the server's key. A refusal is thrown as the
// AI SDK's APICallError, as the chat's provider calls are, so one classification reads both
// (lib/assistant/provider-failure.ts): a 4xx here (a tool schema, the model, the key) is permanent.
import "server-only";
import { APICallError } from "ai";
import type { RealtimeTool } from "./tools";

/** how long the browser has to open the session with the secret */
export const SECRET_SECONDS = 60;

export type MintRequest = {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice?: string;
  transcriptionModel: string;
  instructions: string;
  tools: RealtimeTool[];
};
export type MintedSecret = { value: string; expiresAt: string };

export async function mintRealtimeSecret(request: MintRequest): Promise<MintedSecret> {
  const session = {
    type: "realtime",
    model: request.model,
    instructions: request.instructions,
    tools: request.tools,
    tool_choice: "auto",
    // the person's words are transcribed too, for the transcript on screen
    audio: {
      input: { transcription: { model: request.transcriptionModel } },
      ...(request.voice ? { output: { voice: request.voice } } : {}),
    },
  };
  const url = `${request.baseUrl}/realtime/client_secrets`;
  // no connection or no answer in time: the fetch's own error, which passes ("try again")
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${request.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ expires_after: { anchor: "created_at", seconds: SECRET_SECONDS }, session }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text().catch(() => "");
  const body = parseObject(text) as { value?: unknown; expires_at?: unknown } | null;
  if (!response.ok || typeof body?.value !== "string") {
    throw new APICallError({
      message: response.ok ? "the answer carries no client secret" : response.statusText || `HTTP ${response.status}`,
      url,
      requestBodyValues: {},
      statusCode: response.ok ? undefined : response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody: text.slice(0, 4096),
    });
  }
  const expiresAt =
    typeof body.expires_at === "number"
      ? new Date(body.expires_at * 1000)
      : new Date(Date.now() + SECRET_SECONDS * 1000);
  return { value: body.value, expiresAt: expiresAt.toISOString() };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
