// The short-lived client secret of one realtime voice session, minted with the server's key
// (POST <base>/realtime/client_secrets). It carries the voice tool set and instructions of this
// person in this brand, and expires a minute after it is minted (the session may go on; a new
// session needs a new secret). The browser never sees the server's key.
import "server-only";
import { AppError } from "../core/errors";
import type { RealtimeTool } from "./tools";

/** how long the browser has to open the session with the secret */
export const SECRET_SECONDS = 60;

export type MintRequest = { baseUrl: string; apiKey: string; model: string; voice?: string; transcriptionModel: string; instructions: string; tools: RealtimeTool[] };
export type MintedSecret = { value: string; expiresAt: string };

export async function mintRealtimeSecret(request: MintRequest): Promise<MintedSecret> {
  const session = {
    type: "realtime",
    model: request.model,
    instructions: request.instructions,
    tools: request.tools,
    tool_choice: "auto",
    // the person's words are transcribed too, for the transcript on screen
    audio: { input: { transcription: { model: request.transcriptionModel } }, ...(request.voice ? { output: { voice: request.voice } } : {}) },
  };
  let response: Response;
  try {
    response = await fetch(`${request.baseUrl}/realtime/client_secrets`, {
      method: "POST",
      headers: { Authorization: `Bearer ${request.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ expires_after: { anchor: "created_at", seconds: SECRET_SECONDS }, session }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw unreachable();
  }
  const body = (await response.json().catch(() => null)) as { value?: unknown; expires_at?: unknown } | null;
  if (!response.ok || typeof body?.value !== "string") throw unreachable(response.status);
  const expiresAt = typeof body.expires_at === "number" ? new Date(body.expires_at * 1000) : new Date(Date.now() + SECRET_SECONDS * 1000);
  return { value: body.value, expiresAt: expiresAt.toISOString() };
}

const unreachable = (status?: number) =>
  new AppError("unavailable", `The voice service could not start a session${status ? ` (it answered HTTP ${status})` : ""}; try again in a moment`, { retryAfterSeconds: 5 });
