// The Assistant door over real HTTP: people who sign in with a password, a server of our own
// whose model is the scripted OpenAI-compatible one on loopback, and a tiny chat client that
// reads the AI SDK UI message stream into messages the way useChat does.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { db } from "../../lib/db/client";
import { addMember, createBrand, createUser } from "../../lib/admin/commands";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { startScriptedModel, type Script, type ScriptedModel } from "../../scripts/support/scripted-openai";

export const PASSWORD = "correct horse battery";

export type Person = { id: string; email: string; cookie: string };

export async function signIn(url: string, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.includes("session_token="));
  return cookie!.split(";")[0]!;
}

/** A brand with an admin, a member and a viewer, each signed in on `url`. */
export async function makeChatWorld(url: string, options: { plan?: string } = {}) {
  const tag =
    randomUUID()
      .replace(/[^a-z]/g, "")
      .slice(0, 5) || "x";
  const brand = await createBrand(db(), {
    name: `Chat Brand ${tag}`,
    shortId: `CH${tag}-${Math.floor(Math.random() * 1e9)}`,
    plan: options.plan,
  });
  const people = {} as Record<"admin" | "member" | "viewer" | "outsider", Person>;
  for (const role of ["admin", "member", "viewer", "outsider"] as const) {
    const email = `chat-${role}-${randomUUID().slice(0, 8)}@test.example`;
    const { id } = await createUser(db(), { email, name: `Chat ${role}`, password: PASSWORD });
    if (role !== "outsider") await addMember(db(), { brand: brand.shortId, email, role });
    people[role] = { id, email, cookie: await signIn(url, email) };
  }
  return { brand, ...people };
}

/** A server of our own whose model is the scripted one. */
export async function startModelServer(
  script: Script,
  env: Record<string, string> = {},
): Promise<{ model: ScriptedModel; server: RunningServer; url: string; stop(): Promise<void> }> {
  const model = await startScriptedModel(script);
  const server = await startServer({
    ...inject("testEnv"),
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    ...env,
  });
  return { model, server, url: server.url, stop: async () => (await server.stop(), await model.stop()) };
}

export async function post(
  url: string,
  path: string,
  cookie: string | null,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* a stream or no body */
  }
  return { status: response.status, headers: response.headers, text, body: json };
}

export const run = (
  url: string,
  person: Person,
  capabilityId: string,
  brand: string | undefined,
  input: Record<string, unknown> = {},
) => post(url, "/api/assistant/run", person.cookie, { capabilityId, brand, input });

export const decide = (url: string, person: Person, pendingId: string, decision: "confirm" | "cancel") =>
  post(url, `/api/assistant/pending/${pendingId}`, person.cookie, { decision });

export function userMessage(text: string): UIMessage {
  return { id: randomUUID(), role: "user", parts: [{ type: "text", text }] };
}

/**
 * Sends the conversation to /api/chat as DefaultChatTransport does and reads the stream into the
 * assistant's message; returns the conversation with it appended (or the error response). The
 * server keeps the conversation: of what is sent, only the last message counts.
 */
export async function chat(url: string, person: Person, brand: string, messages: UIMessage[]) {
  const response = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, Cookie: person.cookie },
    // one stored conversation per exchange: named after its first message, as a browser tab would
    body: JSON.stringify({ id: messages[0]!.id, messages, trigger: "submit-message", brand }),
  });
  if (!response.ok) return { status: response.status, body: await response.json(), messages, reply: undefined };
  const chunks = sseChunks(await response.text());
  let reply: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const snapshot of readUIMessageStream({ stream })) reply = snapshot;
  return { status: response.status, body: null, chunks, reply, messages: reply ? [...messages, reply] : messages };
}

function sseChunks(text: string): UIMessageChunk[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
}

/** Tool parts of a message: { type: "tool-<name>", toolCallId, state, input, output }. */
export function toolParts(message: UIMessage | undefined): any[] {
  return (message?.parts ?? []).filter((part) => part.type.startsWith("tool-"));
}

export function textOfMessage(message: UIMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");
}
