// Realtime voice usage against the brand's AI budget, over HTTP: the browser's
// reports are charged only against the tokens the server reserved when it minted the session, for
// a live session of the person reporting, once per response id, never beyond the reservation; the
// session's end (the page's call, a new session, the background sweep) releases the rest; with
// Voice off nothing is taken. Before the fix a viewer's one report spent the whole month.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { monthOf } from "../../lib/assistant/budget";
import { db } from "../../lib/db/client";
import { sweepVoiceSessions } from "../../lib/voice/reservation";
import { startScriptedRealtime, type ScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { baseUrl } from "../support/world";
import { makeChatWorld, post, type Person } from "../assistant/support";

const RESERVE = 1000;
let realtime: ScriptedRealtime;
let server: RunningServer;
let world: Awaited<ReturnType<typeof makeChatWorld>>;

beforeAll(async () => {
  realtime = await startScriptedRealtime();
  server = await startServer({
    ...inject("testEnv"),
    VOICE_MODE: "realtime",
    OPENAI_API_KEY: "sk-usage-test",
    REALTIME_BASE_URL: realtime.baseUrl,
    REALTIME_TRANSPORT: "websocket",
    VOICE_SESSION_TOKENS: String(RESERVE),
  });
  world = await makeChatWorld(server.url);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await realtime?.stop();
});

/** The brand's month: tokens used and reserved. */
async function month() {
  const row = await db().aiUsage.findUnique({
    where: { brandId_month: { brandId: world.brand.id, month: monthOf(new Date()) } },
  });
  return { tokens: row?.tokens ?? 0, reserved: row?.reserved ?? 0 };
}

async function start(person: Person): Promise<{ id: string; tokens: number; endsAt: string }> {
  const answer = await post(server.url, "/api/voice/session", person.cookie, { brand: world.brand.shortId });
  expect(answer.status).toBe(200);
  return answer.body.session;
}

const report = (person: Person, session: string, responseId: string, total_tokens: number) =>
  post(server.url, "/api/voice/usage", person.cookie, {
    session,
    responseId,
    usage: { total_tokens, input_tokens: 1, output_tokens: 1 },
  });
const end = (person: Person, session: string) => post(server.url, "/api/voice/session/end", person.cookie, { session });

describe("realtime voice usage", () => {
  it("the issue's report, a viewer's 10,000,000 tokens without a session, is refused and spends nothing", async () => {
    const before = await month();
    const answer = await post(server.url, "/api/voice/usage", world.viewer.cookie, {
      brand: world.brand.shortId,
      usage: { total_tokens: 10_000_000 },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "invalid_input", field: "session" });
    const unknown = await report(world.viewer, "vs_notasessionofanyone", "resp_1", 10_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, error: { code: "not_found", field: "session" } });
    expect(await month()).toEqual(before);
  });

  it("a viewer's 10,000,000-token report in a live session charges at most its reservation; later reports are refused", async () => {
    const before = await month();
    const session = await start(world.viewer);
    expect(session).toMatchObject({ id: expect.stringMatching(/^vs_/), tokens: RESERVE });
    expect(Date.parse(session.endsAt)).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(await month()).toEqual({ tokens: before.tokens, reserved: before.reserved + RESERVE });
    const answer = await report(world.viewer, session.id, "resp_big", 10_000_000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      charged: RESERVE,
      left: 0,
      ended: true,
      exhausted: false,
      used: before.tokens + RESERVE,
      limit: 200_000,
    });
    expect(answer.body.message).toMatch(/Start voice/);
    expect(await month()).toEqual({ tokens: before.tokens + RESERVE, reserved: before.reserved });
    // the reservation is spent, the session settled: clamped once, then refused
    const later = await report(world.viewer, session.id, "resp_next", 10);
    expect(later.status).toBe(404);
    expect(later.body.error).toMatchObject({ code: "not_found", field: "session" });
    expect(await month()).toEqual({ tokens: before.tokens + RESERVE, reserved: before.reserved });
  });

  it("a replayed response id charges nothing", async () => {
    const before = await month();
    const session = await start(world.member);
    expect((await report(world.member, session.id, "resp_once", 300)).body).toMatchObject({
      charged: 300,
      left: RESERVE - 300,
      ended: false,
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      const again = await report(world.member, session.id, "resp_once", 300);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ charged: 0, left: RESERVE - 300, ended: false });
    }
    expect((await month()).tokens).toBe(before.tokens + 300);
    await end(world.member, session.id);
  });

  it("parallel reports of one session together charge at most its reservation", async () => {
    const before = await month();
    const session = await start(world.member);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => report(world.member, session.id, `resp_parallel_${index}`, 300)),
    );
    const charged = answers
      .filter((answer) => answer.status === 200)
      .reduce((sum, answer) => sum + answer.body.charged, 0);
    expect(charged).toBe(RESERVE);
    expect(answers.filter((answer) => answer.status === 404).length).toBe(4);
    expect(await month()).toEqual({ tokens: before.tokens + RESERVE, reserved: before.reserved });
  });

  it("only the person who started a session reports on it or ends it", async () => {
    const before = await month();
    const session = await start(world.viewer);
    for (const person of [world.admin, world.outsider]) {
      expect((await report(person, session.id, "resp_theirs", 500)).status).toBe(404);
      expect((await end(person, session.id)).status).toBe(404);
    }
    expect(await month()).toEqual({ tokens: before.tokens, reserved: before.reserved + RESERVE });
    expect((await report(world.viewer, session.id, "resp_mine", 100)).body).toMatchObject({ charged: 100 });
    await end(world.viewer, session.id);
  });

  it("the end call settles the session: what was reported stays spent, the rest of the reservation is released", async () => {
    const before = await month();
    const session = await start(world.admin);
    await report(world.admin, session.id, "resp_a", 200);
    expect(await month()).toEqual({ tokens: before.tokens + 200, reserved: before.reserved + RESERVE - 200 });
    expect(await end(world.admin, session.id)).toMatchObject({ status: 200, body: { ended: true } });
    expect(await month()).toEqual({ tokens: before.tokens + 200, reserved: before.reserved });
    // ending twice is harmless; a report after the end is refused
    expect((await end(world.admin, session.id)).status).toBe(200);
    expect((await report(world.admin, session.id, "resp_b", 50)).status).toBe(404);
    expect(await month()).toEqual({ tokens: before.tokens + 200, reserved: before.reserved });
  });

  it("a new session of the same person settles the previous one", async () => {
    const before = await month();
    const first = await start(world.admin);
    const second = await start(world.admin);
    expect(await month()).toEqual({ tokens: before.tokens, reserved: before.reserved + RESERVE });
    expect((await report(world.admin, first.id, "resp_old", 10)).status).toBe(404);
    await end(world.admin, second.id);
    expect(await month()).toEqual(before);
  });

  it("an expired session takes no reports, and the background sweep releases its reservation", async () => {
    const before = await month();
    const session = await start(world.member);
    await report(world.member, session.id, "resp_early", 120);
    await db().voiceSession.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await report(world.member, session.id, "resp_late", 120)).status).toBe(404);
    expect(await month()).toEqual({ tokens: before.tokens + 120, reserved: before.reserved + RESERVE - 120 });
    expect(await sweepVoiceSessions(new Date())).toBeGreaterThanOrEqual(1);
    expect(await month()).toEqual({ tokens: before.tokens + 120, reserved: before.reserved });
    expect((await db().voiceSession.findUniqueOrThrow({ where: { id: session.id } })).endedAt).not.toBeNull();
  });

  it("bad bodies are 422 naming the field, never a 500; other methods 405", async () => {
    const session = await start(world.viewer);
    for (const [body, field] of [
      [{ session: session.id, responseId: "resp_neg", usage: { total_tokens: -1 } }, "usage.total_tokens"],
      [{ session: session.id, responseId: "resp_huge", usage: { total_tokens: 1e12 } }, "usage.total_tokens"],
      [{ session: 5, responseId: "resp_1", usage: {} }, "session"],
      [{ session: session.id, responseId: "", usage: {} }, "responseId"],
      [{ session: session.id, responseId: "resp_1", usage: {}, brand: world.brand.shortId }, "brand"],
    ] as const) {
      const answer = await post(server.url, "/api/voice/usage", world.viewer.cookie, body);
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({ code: "invalid_input", field });
    }
    expect((await post(server.url, "/api/voice/session/end", world.viewer.cookie, {})).body.error).toMatchObject({
      code: "invalid_input",
      field: "session",
    });
    expect((await fetch(`${server.url}/api/voice/session/end`)).status).toBe(405);
    expect((await post(server.url, "/api/voice/session/end", null, { session: session.id })).status).toBe(401);
    await end(world.viewer, session.id);
  });

  it("ending with the conversation the session opened (the person left it) removes it only while nothing is in it, and only theirs", async () => {
    const opened = async (person: Person) => {
      const id = randomUUID();
      const answer = await post(server.url, "/api/voice/session", person.cookie, {
        brand: world.brand.shortId,
        conversation: id,
      });
      expect(answer.status).toBe(200);
      expect(await db().conversation.count({ where: { userId: person.id, id } })).toBe(1);
      return { id, session: answer.body.session.id as string };
    };
    const endLeaving = (person: Person, session: string, conversation: string) =>
      post(server.url, "/api/voice/session/end", person.cookie, { session, conversation });
    // left before anything was said: gone
    const empty = await opened(world.member);
    expect((await endLeaving(world.member, empty.session, empty.id)).body).toEqual({ ended: true });
    expect(await db().conversation.count({ where: { userId: world.member.id, id: empty.id } })).toBe(0);
    // something was said: kept, with what was said
    const spoken = await opened(world.member);
    expect(
      (
        await post(server.url, "/api/voice/said", world.member.cookie, {
          brand: world.brand.shortId,
          conversation: spoken.id,
          role: "user",
          text: "what are our colours",
        })
      ).status,
    ).toBe(200);
    expect((await endLeaving(world.member, spoken.session, spoken.id)).body).toEqual({ ended: true });
    expect(
      await db().conversationMessage.count({ where: { userId: world.member.id, conversationId: spoken.id } }),
    ).toBe(1);
    // renamed by the person: kept
    const renamed = await opened(world.member);
    await db().conversation.update({
      where: { userId_id: { userId: world.member.id, id: renamed.id } },
      data: { title: "Colours to try" },
    });
    await endLeaving(world.member, renamed.session, renamed.id);
    expect(await db().conversation.count({ where: { userId: world.member.id, id: renamed.id } })).toBe(1);
    // another person's empty one, named in one's own session's end: kept, and the same answer
    const theirs = await opened(world.viewer);
    const mine = await opened(world.member);
    expect((await endLeaving(world.member, mine.session, theirs.id)).body).toEqual({ ended: true });
    expect(await db().conversation.count({ where: { userId: world.viewer.id, id: theirs.id } })).toBe(1);
    await end(world.viewer, theirs.session);
    // a conversation id no conversation can have: 422 naming it
    const bad = await post(server.url, "/api/voice/session/end", world.member.cookie, {
      session: mine.session,
      conversation: "not an id!",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: "invalid_input", field: "conversation" });
    await end(world.member, mine.session);
  });

  it("a session the provider refuses to mint holds no reservation", async () => {
    const before = await month();
    realtime.failMint(500);
    try {
      expect(
        (await post(server.url, "/api/voice/session", world.viewer.cookie, { brand: world.brand.shortId })).status,
      ).toBe(503);
    } finally {
      realtime.failMint(null);
    }
    expect(await month()).toEqual(before);
  });
});

describe("realtime voice usage at the month's end", () => {
  it("a report that spends the month's last tokens ends the session and releases the rest of its reservation", async () => {
    const key = { brandId_month: { brandId: world.brand.id, month: monthOf(new Date()) } };
    await db().aiUsage.update({ where: key, data: { tokens: 200_000 - 500 } });
    // the session reserves only the 500 left of the month, so a report past them is clamped there
    const session = await start(world.member);
    expect(session.tokens).toBe(500);
    const answer = await report(world.member, session.id, "resp_last", 600);
    expect(answer.body).toMatchObject({ charged: 500, exhausted: true, ended: true, left: 0, used: 200_000 });
    expect(answer.body.message).toMatch(/used its 200,000 assistant tokens/);
    expect(await month()).toMatchObject({ tokens: 200_000, reserved: 0 });
    expect((await report(world.member, session.id, "resp_after", 1)).status).toBe(404);
    expect(
      (await post(server.url, "/api/voice/session", world.member.cookie, { brand: world.brand.shortId })).status,
    ).toBe(402);
  });
});

describe("with Voice off", () => {
  it("a usage report is refused with 503 unavailable (in words for a viewer, the settings for an admin), and spends nothing", async () => {
    const offWorld = await makeChatWorld(baseUrl());
    const viewer = offWorld.viewer;
    for (const body of [
      { brand: offWorld.brand.shortId, usage: { total_tokens: 10_000_000 } },
      { session: "vs_x", responseId: "resp_1", usage: { total_tokens: 5 } },
    ]) {
      const answer = await post(baseUrl(), "/api/voice/usage", viewer.cookie, body);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ ok: false, error: { code: "unavailable" } });
      expect(answer.body.error.message).toBe("Voice isn't set up here yet; an admin can switch it on.");
    }
    const admin = await post(baseUrl(), "/api/voice/usage", offWorld.admin.cookie, {
      session: "vs_x",
      responseId: "resp_1",
      usage: { total_tokens: 5 },
    });
    expect(admin.status).toBe(503);
    expect(admin.body.error.message).toMatch(/Voice is not configured on this service: set OPENAI_API_KEY/);
    expect(
      await db().aiUsage.findUnique({
        where: { brandId_month: { brandId: offWorld.brand.id, month: monthOf(new Date()) } },
      }),
    ).toBeNull();
  });
});
