// What a realtime voice session stored is the conversation the model reads later: after the
// session's words (POST /api/voice/said) and a call's confirm card (POST /api/voice/call), decided
// by the person's click, a typed turn in the same conversation sends the model the spoken words
// and the call's settled result (the scripted model on loopback records what it was sent).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatRequest, Turn } from "../../scripts/support/scripted-openai";
import { chat, decide, makeChatWorld, post, startModelServer, userMessage } from "../assistant/support";

const script = (_request: ChatRequest): Turn => ({ text: "Noted." });

let env: Awaited<ReturnType<typeof startModelServer>>;
let world: Awaited<ReturnType<typeof makeChatWorld>>;

beforeAll(async () => {
  env = await startModelServer(script);
  world = await makeChatWorld(env.url);
}, 120_000);
afterAll(async () => env?.stop());

describe("a realtime session's record, read by the model of a later typed turn", () => {
  it("sends the model what was said and what the confirmed call did", async () => {
    const id = randomUUID();
    const brand = world.brand.shortId;
    expect(
      (
        await post(env.url, "/api/assistant/run", world.admin.cookie, {
          capabilityId: "kit.read",
          brand,
          input: {},
          conversationId: id,
        })
      ).status,
    ).toBe(200);
    const say = (role: string, text: string) =>
      post(env.url, "/api/voice/said", world.admin.cookie, { brand, conversation: id, role, text });
    expect((await say("user", "add teal as an accent color")).status).toBe(200);
    const call = await post(env.url, "/api/voice/call", world.admin.cookie, {
      brand,
      name: "kit_colors_add",
      arguments: { name: "Teal", hex: "#008080", role: "accent" },
      callId: "call_teal",
      conversation: id,
    });
    expect(call.body.status).toBe("awaiting_confirmation");
    expect((await say("assistant", "Please press Confirm on the card to add teal.")).status).toBe(200);
    expect((await decide(env.url, world.admin, call.body.pendingId, "confirm")).body.status).toBe("ok");

    const turn = await chat(env.url, world.admin, brand, [{ ...userMessage("what did we just do?"), id }]);
    expect(turn.status).toBe(200);
    const sent = JSON.stringify(env.model.requests.at(-1)!.messages);
    expect(sent).toContain("add teal as an accent color");
    expect(sent).toContain("Please press Confirm on the card to add teal.");
    // the call, as its settled result: written, not waiting
    const toolResults = env.model.requests
      .at(-1)!
      .messages.filter((message) => message.role === "tool")
      .map((message) => String(message.content));
    expect(toolResults.some((content) => content.includes("kit.colors.add") && content.includes('"status":"ok"'))).toBe(
      true,
    );
    expect(sent).not.toMatch(/bct_/);
  });
});
