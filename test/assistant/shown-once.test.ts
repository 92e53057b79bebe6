// Values shown once through the chat: a webhook's signing secret, made when the person
// confirms webhooks.create (or .secret.rotate) through the real confirmation route, reaches that
// person in the answer to their click and nowhere else: not the stored conversation, not the
// pending call's record, not the model's next turn (every byte the scripted model received).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessage } from "ai";
import { db } from "../../lib/db/client";
import { SHOWN_ONCE_GONE } from "../../lib/contract/shown-once";
import { lastUserText, trailingToolResults, type ChatRequest, type Turn } from "../../scripts/support/scripted-openai";
import { chat, decide, makeChatWorld, post, startModelServer, toolParts, userMessage } from "./support";

const RECEIVER = "http://127.0.0.1:9/chat-hooks";
/** a real secret (the tool descriptions name the prefix "whsec_…" itself) */
const SECRET = /whsec_[A-Za-z0-9+/]{20,}/;

function script(request: ChatRequest): Turn {
  const results = trailingToolResults(request) as { status?: string }[];
  if (results.length > 0) return { text: `Result: ${results.map((result) => result.status).join(", ")}.` };
  const said = lastUserText(request);
  if (said.includes("add a webhook"))
    return { toolCalls: [{ name: "webhooks_create", arguments: { url: RECEIVER, eventTypes: ["*"] } }] };
  return { text: `You said: ${said}` };
}

let env: Awaited<ReturnType<typeof startModelServer>>;
let world: Awaited<ReturnType<typeof makeChatWorld>>;
beforeAll(async () => {
  env = await startModelServer(script);
  world = await makeChatWorld(env.url);
});
afterAll(async () => env?.stop());

const storedConversation = async (conversationId: string) =>
  JSON.stringify(await db().conversationMessage.findMany({ where: { userId: world.admin.id, conversationId } }));
const storedPending = async (id: string) => JSON.stringify(await db().pendingCall.findUnique({ where: { id } }));
const readBack = async (conversationId: string) => {
  const response = await fetch(`${env.url}/api/conversations/${conversationId}`, {
    headers: { Cookie: world.admin.cookie },
  });
  return (await response.json()) as { messages: UIMessage[] };
};

describe("a webhook secret made in the chat", () => {
  it("is in the answer to Confirm only: the conversation and the pending call keep a marker, the model never reads it", async () => {
    const first = userMessage("please add a webhook for our CRM");
    const conversationId = first.id;
    const proposed = await chat(env.url, world.admin, world.brand.shortId, [first]);
    const [part] = toolParts(proposed.reply);
    expect(part.output.status).toBe("awaiting_confirmation");
    const confirmed = await decide(env.url, world.admin, part.output.pendingId, "confirm");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "ok", capabilityId: "webhooks.create" });
    const secret: string = confirmed.body.data.secret;
    expect(secret).toMatch(/^whsec_/);

    // the person's next turn ("Confirmed.", as the page sends it): the model reads the stored card
    const next = await chat(env.url, world.admin, world.brand.shortId, [
      ...proposed.messages,
      userMessage("Confirmed."),
    ]);
    expect(next.status).toBe(200);
    const sent = env.model.requests.at(-1)!.messages;
    for (const body of env.model.rawBodies) expect(body).not.toMatch(SECRET);
    expect(JSON.stringify(sent)).toContain(SHOWN_ONCE_GONE);

    expect(await storedConversation(conversationId)).not.toMatch(SECRET);
    expect(await storedPending(part.output.pendingId)).not.toMatch(SECRET);
    const card = toolParts((await readBack(conversationId)).messages.find((m) => toolParts(m).length > 0))[0];
    expect(card.output).toMatchObject({ status: "ok", data: { id: confirmed.body.data.id, secret: SHOWN_ONCE_GONE } });
    // a second click reads the kept outcome: the secret was shown once
    const again = await decide(env.url, world.admin, part.output.pendingId, "confirm");
    expect(again.body.data.secret).toBe(SHOWN_ONCE_GONE);
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id, url: RECEIVER } })).toBe(1);
  });

  it("rotating from a card (the run route, as the Settings page does) keeps the new secret out of the conversation too", async () => {
    const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { brandId: world.brand.id, url: RECEIVER } });
    const conversationId = randomUUID();
    const asked = await post(env.url, "/api/assistant/run", world.admin.cookie, {
      capabilityId: "webhooks.secret.rotate",
      brand: world.brand.shortId,
      input: { id: endpoint.id },
      conversationId,
      messageId: "rotate-step",
    });
    expect(asked.body.status).toBe("awaiting_confirmation");
    const confirmed = await decide(env.url, world.admin, asked.body.pendingId, "confirm");
    expect(confirmed.body.data.secret).toMatch(/^whsec_/);
    expect(await storedConversation(conversationId)).not.toMatch(SECRET);
    expect(await storedPending(asked.body.pendingId)).not.toMatch(SECRET);
    const next = await chat(env.url, world.admin, world.brand.shortId, [
      { ...userMessage("What happened?"), id: conversationId },
    ]);
    expect(next.status).toBe(200);
    for (const body of env.model.rawBodies) expect(body).not.toMatch(SECRET);
  });
});
