// One person cannot drain the brand's AI budget. Before the fix a viewer who
// started realtime voice sessions in a loop and reported each one's tokens spent the whole month,
// and every member's chat then got 402 until the month ended. Now: realtime starts are bounded per
// person per hour (429 rate_limited with Retry-After), and past their share of the month a person
// gets 402 budget_exceeded with reason person_share while the others still chat; an admin sees
// who spent what (budget.usage, on the API and MCP).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { monthOf } from "../../lib/assistant/budget";
import { db } from "../../lib/db/client";
import { startScriptedRealtime, type ScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { startScriptedModel, type ScriptedModel } from "../../scripts/support/scripted-openai";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { callTool, connectMcp, expectToolError, expectToolOk } from "../support/mcp";
import { call, expectError, expectOk, makeKey } from "../support/world";
import { chat, makeChatWorld, post, userMessage, type Person } from "../assistant/support";

// a free plan's 200,000 tokens a month; the default share (50%) lets one person spend 100,000
const RESERVE = 40_000;
const SHARE = 100_000;
const STARTS_PER_HOUR = 5;
let realtime: ScriptedRealtime;
let model: ScriptedModel;
let server: RunningServer;
let world: Awaited<ReturnType<typeof makeChatWorld>>;

beforeAll(async () => {
  realtime = await startScriptedRealtime();
  model = await startScriptedModel(() => ({ text: "Hello.", usage: { promptTokens: 100, completionTokens: 20 } }));
  server = await startServer({
    ...inject("testEnv"),
    VOICE_MODE: "realtime",
    OPENAI_API_KEY: "sk-share-test",
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    REALTIME_BASE_URL: realtime.baseUrl,
    REALTIME_TRANSPORT: "websocket",
    VOICE_SESSION_TOKENS: String(RESERVE),
    VOICE_SESSIONS_PER_HOUR: String(STARTS_PER_HOUR),
  });
  world = await makeChatWorld(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await realtime?.stop();
  await model?.stop();
});

const start = (person: Person) => post(server.url, "/api/voice/session", person.cookie, { brand: world.brand.shortId });
const report = (person: Person, session: string, responseId: string, total_tokens: number) =>
  post(server.url, "/api/voice/usage", person.cookie, { session, responseId, usage: { total_tokens } });
const brandTokens = async () =>
  (
    await db().aiUsage.findUnique({
      where: { brandId_month: { brandId: world.brand.id, month: monthOf(new Date()) } },
    })
  )?.tokens ?? 0;

describe("one person's voice loop", () => {
  it("stops at their share of the month (402 person_share) while another member still chats", async () => {
    const answers: { status: number; body: any }[] = [];
    // the loop: start a session, report its whole reservation, start again
    for (let round = 0; round < 4; round++) {
      const started = await start(world.viewer);
      answers.push(started);
      if (started.status !== 200) break;
      expect((await report(world.viewer, started.body.session.id, `resp_${round}`, 10_000_000)).status).toBe(200);
    }
    // 40,000 and 80,000 are under the 100,000 share; the third session reserves only the 20,000 left
    // of it, so its report is clamped there and the viewer never passes their share
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 402]);
    expect(answers[2]!.body.session.tokens).toBe(SHARE - 2 * RESERVE);
    expect(answers[3]!.body.error).toMatchObject({ code: "budget_exceeded", reason: "person_share" });
    expect(answers[3]!.body.error.message).toMatch(/your share of .*100,000 tokens.*others in the brand can still/s);
    expect(await brandTokens()).toBe(SHARE);
    // the viewer's chat is refused the same way, without calling the model
    const calls = model.requests.length;
    const refused = await chat(server.url, world.viewer, world.brand.shortId, [userMessage("hello")]);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: "budget_exceeded", reason: "person_share" });
    expect(model.requests.length).toBe(calls);
    // the brand's month is not spent: the member chats, and may start voice too
    const member = await chat(server.url, world.member, world.brand.shortId, [userMessage("hello")]);
    expect(member.status).toBe(200);
    expect(await brandTokens()).toBe(SHARE + 120);
    const memberVoice = await start(world.member);
    expect(memberVoice.status).toBe(200);
    await post(server.url, "/api/voice/session/end", world.member.cookie, { session: memberVoice.body.session.id });
  });
});

describe("voice session starts per person per hour", () => {
  it("answer 429 rate_limited with Retry-After past VOICE_SESSIONS_PER_HOUR; another person still starts", async () => {
    const statuses: number[] = [];
    let refused: { status: number; headers: Headers; body: any } | undefined;
    for (let round = 0; round < STARTS_PER_HOUR + 2; round++) {
      const answer = await start(world.admin);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses).toEqual([...Array(STARTS_PER_HOUR).fill(200), 429, 429]);
    const retryAfter = Number(refused!.headers.get("retry-after"));
    // the oldest start leaves the hour's window in about an hour
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused!.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: retryAfter });
    expect(refused!.body.error.message).toMatch(/started 5 voice sessions in the last hour/);
    // a refused start reserved nothing: only the last live session's tokens are set aside
    const month = await db().aiUsage.findUniqueOrThrow({
      where: { brandId_month: { brandId: world.brand.id, month: monthOf(new Date()) } },
    });
    expect(month.reserved).toBe(RESERVE);
    // the bound is the admin's own: the member is not held back by it
    const other = await start(world.member);
    expect(other.status).toBe(200);
  });
});

describe("budget.usage: who spent what this month", () => {
  it("shows an admin each person's tokens, share and voice sessions, on the API and MCP; a member is refused", async () => {
    const adminKey = (await makeKey(world.admin.email)).key;
    const memberKey = (await makeKey(world.member.email)).key;
    const read = expectOk(await call("budget.usage", adminKey, { brand: world.brand.shortId }));
    expect(read).toMatchObject({
      month: monthOf(new Date()),
      limit: 200_000,
      spent: SHARE + 120,
      personLimit: SHARE,
    });
    expect(read.people[0]).toEqual({
      userId: world.viewer.id,
      name: "Chat viewer",
      email: world.viewer.email,
      spent: SHARE,
      share: 0.5,
      sessions: 3,
    });
    const byId = new Map(read.people.map((person: { userId: string }) => [person.userId, person]));
    expect(byId.get(world.member.id)).toMatchObject({ spent: 120, share: 0.0006, sessions: 2 });
    expect(byId.get(world.admin.id)).toMatchObject({ spent: 0, sessions: STARTS_PER_HOUR });
    expect(byId.has(world.outsider.id)).toBe(false);
    // an earlier month nobody spent in
    expect(
      expectOk(await call("budget.usage", adminKey, { brand: world.brand.shortId, month: "2020-01" })),
    ).toMatchObject({ month: "2020-01", spent: 0, people: [] });
    expect(
      expectError(
        await call("budget.usage", adminKey, { brand: world.brand.shortId, month: "2026-13" }),
        422,
        "invalid_input",
      ).field,
    ).toBe("month");
    expectError(await call("budget.usage", memberKey, { brand: world.brand.shortId }), 403, "forbidden");

    const mcp = await connectMcp(adminKey);
    try {
      expect(expectToolOk(await callTool(mcp, "budget_usage", { brand: world.brand.shortId }))).toEqual(read);
    } finally {
      await mcp.close();
    }
    const memberMcp = await connectMcp(memberKey);
    try {
      expectToolError(await callTool(memberMcp, "budget_usage", { brand: world.brand.shortId }), "forbidden");
    } finally {
      await memberMcp.close();
    }
  });
});
