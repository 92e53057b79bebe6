// The scripted Realtime server driven by the real client library the page uses
// (@openai/agents-realtime, WebSocket transport, in Node): a minted secret opens the socket, the
// spoken question is recognised, the function call runs the agent's tool, its output goes back,
// and the spoken answer arrives with its usage. An unminted key is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAIRealtimeWebSocket, RealtimeAgent, RealtimeSession, tool } from "@openai/agents-realtime";
import { z } from "zod";
import { startScriptedRealtime, type ScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { pcmOf, speak } from "../../scripts/support/speech";

let realtime: ScriptedRealtime;

beforeAll(async () => {
  realtime = await startScriptedRealtime();
});
afterAll(() => realtime.stop());

async function mint(): Promise<string> {
  const response = await fetch(`${realtime.baseUrl}/realtime/client_secrets`, {
    method: "POST",
    headers: { Authorization: "Bearer sk-server", "Content-Type": "application/json" },
    body: JSON.stringify({
      expires_after: { anchor: "created_at", seconds: 60 },
      session: { type: "realtime", model: "gpt-realtime", tools: [{ type: "function", name: "kit_read" }] },
    }),
  });
  return ((await response.json()) as { value: string }).value;
}

describe("scripted Realtime server", () => {
  it("hears the question, calls the tool, takes its output and answers aloud with usage", async () => {
    const secret = await mint();
    expect(secret).toMatch(/^ek_/);
    const calls: unknown[] = [];
    const kitRead = tool({
      name: "kit_read",
      description: "The kit",
      parameters: z.object({}),
      execute: async (input) => (
        calls.push(input), JSON.stringify({ status: "ok", capabilityId: "kit.read", data: { colors: [] } })
      ),
    });
    const session = new RealtimeSession(new RealtimeAgent({ name: "test", instructions: "test", tools: [kitRead] }), {
      transport: new OpenAIRealtimeWebSocket({
        url: `${realtime.baseUrl.replace("http", "ws")}/realtime?model=gpt-realtime`,
      }),
    });
    const transcripts: string[] = [];
    const usages: unknown[] = [];
    const audio: number[] = [];
    session.on("transport_event", (event: { type: string; transcript?: string; response?: { usage?: unknown } }) => {
      if (event.type === "response.output_audio_transcript.done") transcripts.push(event.transcript!);
      if (event.type === "response.done") usages.push(event.response?.usage);
    });
    session.on("audio", (event: { data: ArrayBuffer }) => void audio.push(event.data.byteLength));
    await session.connect({ apiKey: secret });
    const pcm = pcmOf(await speak("what are our brand colors", { rate: 24_000, lead: 0.3 }));
    for (let offset = 0; offset < pcm.length; offset += 4800)
      session.sendAudio(
        pcm.buffer.slice(pcm.byteOffset + offset, pcm.byteOffset + Math.min(offset + 4800, pcm.length)) as ArrayBuffer,
      );
    await expect.poll(() => transcripts, { timeout: 15_000 }).toContain("Here is your palette.");
    session.close();
    expect(calls).toHaveLength(1);
    expect(realtime.heard[0]).toEqual({ kind: "speech", transcript: "what are our brand colors" });
    expect(realtime.heard[1]).toMatchObject({ kind: "function_output", name: "kit_read", output: { status: "ok" } });
    expect(usages[0]).toMatchObject({ total_tokens: 300 });
    expect(audio.reduce((sum, bytes) => sum + bytes, 0)).toBeGreaterThan(24_000);
    expect(realtime.minted[0]!.authorization).toBe("Bearer sk-server");
  });

  it("refuses to mint a session whose tools OpenAI would refuse (a oneOf root), as OpenAI answers", async () => {
    const tools = [
      {
        type: "function",
        name: "brand_contacts_save",
        parameters: { type: "object", properties: {}, oneOf: [{ type: "object", properties: {} }] },
      },
    ];
    const response = await fetch(`${realtime.baseUrl}/realtime/client_secrets`, {
      method: "POST",
      headers: { Authorization: "Bearer sk-server", "Content-Type": "application/json" },
      body: JSON.stringify({ session: { type: "realtime", model: "gpt-realtime", tools } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; param: string; message: string } };
    expect(body.error).toMatchObject({ code: "invalid_function_parameters", param: "session.tools[0].parameters" });
    expect(body.error.message).toMatch(/schema must have type 'object' and not have 'oneOf'/);
  });

  it("refuses a socket without a minted secret", async () => {
    const { WebSocket } = await import("ws");
    const socket = new WebSocket(`${realtime.baseUrl.replace("http", "ws")}/realtime`, [
      "realtime",
      "openai-insecure-api-key.sk-server",
    ]);
    const outcome = await new Promise<string>((resolve) => {
      socket.on("open", () => resolve("open"));
      socket.on("error", () => resolve("refused"));
    });
    expect(outcome).toBe("refused");
  });
});
