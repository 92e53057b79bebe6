// A realtime voice session's record, over real HTTP on the suite's server: the calls the model
// makes (POST /api/voice/call with the open conversation) are stored as spoken tool parts, confirm
// cards included and settled from the stored truth; what both said (POST /api/voice/said) is
// stored for the person only, in their own conversation of this brand, bounded and checked.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { baseUrl } from "../support/world";
import { decide, makeChatWorld, post, type Person } from "../assistant/support";

type World = Awaited<ReturnType<typeof makeChatWorld>>;
let world: World;

beforeAll(async () => {
  world = await makeChatWorld(baseUrl());
});

/** a conversation of `person` in the world's brand, opened the way the page opens one (a slash run) */
async function conversationOf(person: Person): Promise<string> {
  const id = randomUUID();
  const opened = await post(baseUrl(), "/api/assistant/run", person.cookie, {
    capabilityId: "kit.read",
    brand: world.brand.shortId,
    input: {},
    conversationId: id,
  });
  expect(opened.status).toBe(200);
  return id;
}

const said = (person: Person | null, body: Record<string, unknown>) =>
  post(baseUrl(), "/api/voice/said", person?.cookie ?? null, { brand: world.brand.shortId, role: "user", ...body });
const read = async (person: Person, id: string) => {
  const answer = await fetch(`${baseUrl()}/api/conversations/${id}`, { headers: { Cookie: person.cookie } });
  return { status: answer.status, body: (await answer.json()) as any };
};

describe("POST /api/voice/said", () => {
  it("stores the person's words in their conversation, marked as spoken, once per message id", async () => {
    const id = await conversationOf(world.member);
    const first = await said(world.member, {
      conversation: id,
      text: "  what are our brand colors ",
      messageId: "said-1",
    });
    expect(first).toMatchObject({ status: 200, body: { stored: true } });
    expect(
      (await said(world.member, { conversation: id, text: "what are our brand colors", messageId: "said-1" })).body,
    ).toEqual({ stored: false });
    await said(world.member, {
      conversation: id,
      role: "assistant",
      text: "Here is your palette.",
      messageId: "said-2",
    });
    const { messages } = (await read(world.member, id)).body;
    expect(messages.slice(-2)).toEqual([
      {
        id: "said-1",
        role: "user",
        metadata: { voice: true },
        parts: [{ type: "text", text: "what are our brand colors" }],
      },
      {
        id: "said-2",
        role: "assistant",
        metadata: { voice: true },
        parts: [{ type: "text", text: "Here is your palette." }],
      },
    ]);
  });

  it("another person's conversation, an unknown one, or one of another brand is 404 and nothing is stored", async () => {
    const id = await conversationOf(world.admin);
    const before = await db().conversationMessage.count({ where: { conversationId: id } });
    expect((await said(world.member, { conversation: id, text: "not mine" })).status).toBe(404);
    expect((await said(world.admin, { conversation: randomUUID(), text: "nowhere" })).status).toBe(404);
    expect((await said(world.outsider, { conversation: id, text: "not my brand" })).status).toBeGreaterThanOrEqual(403);
    expect(await db().conversationMessage.count({ where: { conversationId: id } })).toBe(before);
    expect(await db().conversation.count({ where: { id, userId: world.member.id } })).toBe(0);
  });

  it("over-long or empty text is 422 naming the field; no session 401; other methods 405", async () => {
    const id = await conversationOf(world.member);
    const long = await said(world.member, { conversation: id, text: "a".repeat(4001) });
    expect(long.status).toBe(422);
    expect(long.body.error).toMatchObject({ code: "invalid_input", field: "text" });
    expect((await said(world.member, { conversation: id, text: "   " })).body.error).toMatchObject({ field: "text" });
    expect((await said(world.member, { conversation: id, text: "hi", role: "system" })).body.error).toMatchObject({
      field: "role",
    });
    expect((await said(world.member, { conversation: id, text: "hi", extra: 1 })).status).toBe(422);
    expect((await said(null, { conversation: id, text: "hi" })).status).toBe(401);
    expect((await fetch(`${baseUrl()}/api/voice/said`)).status).toBe(405);
    expect((await read(world.member, id)).body.messages.filter((message: any) => message.metadata?.voice)).toEqual([]);
  });
});

describe("POST /api/voice/call in a conversation", () => {
  it("stores the call's envelope as a spoken tool part; a confirm card settles to what the click did, once", async () => {
    const id = await conversationOf(world.admin);
    const call = await post(baseUrl(), "/api/voice/call", world.admin.cookie, {
      brand: world.brand.shortId,
      name: "kit_colors_add",
      arguments: { name: "Teal", hex: "#008080", role: "accent" },
      callId: "call_teal",
      conversation: id,
      messageId: "voice-call-1",
    });
    expect(call.body).toMatchObject({ status: "awaiting_confirmation", capabilityId: "kit.colors.add" });
    const stored = () =>
      read(world.admin, id).then(({ body }) => body.messages.find((message: any) => message.id === "voice-call-1"));
    const card = await stored();
    expect(card).toMatchObject({ role: "assistant", metadata: { voice: true } });
    expect(card.parts[1]).toMatchObject({
      type: "tool-kit_colors_add",
      toolCallId: "call_teal",
      input: { name: "Teal" },
      output: { status: "awaiting_confirmation", pendingId: call.body.pendingId },
    });
    expect(JSON.stringify(card)).not.toMatch(/bct_/);
    expect((await decide(baseUrl(), world.admin, call.body.pendingId, "confirm")).body.status).toBe("ok");
    // a second click answers the same outcome and writes nothing more
    await decide(baseUrl(), world.admin, call.body.pendingId, "confirm");
    expect((await stored()).parts[1].output).toMatchObject({ status: "ok", capabilityId: "kit.colors.add" });
    expect(await db().kitColor.count({ where: { brandId: world.brand.id, hex: "#008080" } })).toBe(1);
  });

  it("another person's conversation is 404 and the call does not run", async () => {
    const id = await conversationOf(world.admin);
    const call = await post(baseUrl(), "/api/voice/call", world.member.cookie, {
      brand: world.brand.shortId,
      name: "kit_colors_add",
      arguments: { name: "Plum", hex: "#8e4585", role: "accent" },
      conversation: id,
    });
    expect(call.status).toBe(404);
    expect(await db().pendingCall.count({ where: { userId: world.member.id } })).toBe(0);
  });
});
