// Parallel chats of one brand against a nearly spent AI budget: each model call reserves its tokens
// in one conditional statement before it is made (lib/assistant/budget.ts), so only as many calls
// as the remaining budget holds go out; the others get 402 without reaching the model. Before the
// reservation, all of them passed the one check made before the model ran, and all spent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { monthOf } from "../../lib/assistant/budget";
import { PLANS } from "../../lib/plans";
import { trailingToolResults, type ChatRequest, type Turn } from "../../scripts/support/scripted-openai";
import { chat, makeChatWorld, startModelServer, userMessage } from "./support";

const RESERVE = 1000;
const USAGE = { promptTokens: 100, completionTokens: 20 };
const PARALLEL = 6;

// slow answers, so that every chat's model call is in flight at once
function script(request: ChatRequest): Turn {
  if (trailingToolResults(request).length > 0) return { text: "Here it is.", usage: USAGE, delayMs: 300 };
  const said = String(request.messages.at(-1)?.content ?? "");
  if (said.includes("kit"))
    return { toolCalls: [{ name: "kit_read", arguments: { parts: ["colors"] } }], usage: USAGE, delayMs: 300 };
  return { text: "Hello.", usage: USAGE, delayMs: 600 };
}

const usageRow = (brandId: string) =>
  db().aiUsage.findUnique({ where: { brandId_month: { brandId, month: monthOf(new Date()) } } });
const setUsage = (brandId: string, tokens: number) =>
  db().aiUsage.upsert({
    where: { brandId_month: { brandId, month: monthOf(new Date()) } },
    create: { brandId, month: monthOf(new Date()), tokens },
    update: { tokens },
  });

describe(`the AI budget under ${PARALLEL} parallel chats (AI_RESERVE_TOKENS=${RESERVE})`, () => {
  let env: Awaited<ReturnType<typeof startModelServer>>;
  beforeAll(async () => {
    env = await startModelServer(script, { AI_RESERVE_TOKENS: String(RESERVE) });
  });
  afterAll(async () => env?.stop());

  it("only the calls the remaining budget holds reach the model; the rest get 402; nothing stays reserved", async () => {
    const world = await makeChatWorld(env.url);
    const limit = PLANS.free.aiTokensPerMonth;
    // 1,500 tokens left: room for two reservations of 1,000 (the second starts below the limit)
    await setUsage(world.brand.id, limit - 1500);
    const before = env.model.requests.length;
    const people = [world.admin, world.member, world.viewer];
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        chat(env.url, people[index % people.length]!, world.brand.shortId, [userMessage(`hello ${index}`)]),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402]);
    for (const refused of answers.filter((answer) => answer.status === 402))
      expect(refused.body.error.code).toBe("budget_exceeded");
    expect(env.model.requests.length - before).toBe(2);
    const row = await usageRow(world.brand.id);
    expect(row).toMatchObject({ tokens: limit - 1500 + 2 * 120, reserved: 0 });
  });

  it("a conversation whose next model call cannot be reserved stops after its tool ran, and releases what it held", async () => {
    const world = await makeChatWorld(env.url);
    const limit = PLANS.free.aiTokensPerMonth;
    await setUsage(world.brand.id, limit - 100);
    const before = env.model.requests.length;
    const answers = await Promise.all(
      [0, 1].map((index) =>
        chat(env.url, [world.admin, world.member][index]!, world.brand.shortId, [userMessage("show the kit")]),
      ),
    );
    // the first call reserved; the second chat found the budget held and was refused before the model
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 402]);
    // the tool ran, but no second model call: its 120 tokens spent the last 100, charged no further
    expect(env.model.requests.length - before).toBe(1);
    expect(await usageRow(world.brand.id)).toMatchObject({ tokens: limit, reserved: 0 });
  });
});
