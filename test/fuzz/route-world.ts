// The world the route fuzzer acts in: a server of its own with realtime voice (the scripted Realtime
// server) and a chat model (the scripted OpenAI-compatible one), so that valid-looking calls reach
// the model, the voice reservations and the stores; a brand whose admin the fuzzer signs in as, with
// records of the admin's to act on and records of a member's that the admin must never reach.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { inject } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { mcpToolName } from "../../lib/contract/catalogue";
import { createPending } from "../../lib/pending/store";
import { db } from "../../lib/db/client";
import { startScriptedModel } from "../../scripts/support/scripted-openai";
import { startScriptedRealtime } from "../../scripts/support/scripted-realtime";
import { startServer } from "../../scripts/support/start-server";
import { makeChatWorld, post, run, type Person } from "../assistant/support";
import { makeBrand, makeKey } from "../support/world";
import type { Hints } from "./arbitraries";

/** The server: realtime voice reserving 1,000 tokens a session, and a model that always says one word. */
export async function startFuzzServer() {
  const [model, realtime] = await Promise.all([
    startScriptedModel(() => ({ text: "Noted." })),
    startScriptedRealtime(),
  ]);
  const server = await startServer({
    ...inject("testEnv"),
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    VOICE_MODE: "realtime",
    OPENAI_API_KEY: "sk-fuzz",
    REALTIME_BASE_URL: realtime.baseUrl,
    REALTIME_TRANSPORT: "websocket",
    VOICE_SESSION_TOKENS: "1000",
  });
  return {
    url: server.url,
    stop: async () => void (await Promise.all([server.stop(), model.stop(), realtime.stop()])),
  };
}

/** A record of each kind for one person: a conversation, a pending call, a key, an app grant. */
async function recordsOf(person: Person, brandId: string, pendingId: string) {
  const conversationId = `c-${randomUUID()}`;
  const now = new Date();
  await db().conversation.create({
    data: {
      id: conversationId,
      userId: person.id,
      brandId,
      title: `Kept ${conversationId}`,
      createdAt: now,
      updatedAt: now,
    },
  });
  const grantId = randomUUID();
  await db().appGrant.create({
    data: {
      id: grantId,
      userId: person.id,
      clientId: `client-${randomUUID()}`,
      brandIds: [brandId],
      scopes: ["kit.read"],
    },
  });
  return { conversationId, pendingId, keyId: (await makeKey(person.email)).id, grantId };
}

export async function makeRouteWorld(url: string) {
  const world = await makeChatWorld(url);
  const elsewhere = await makeBrand({ name: "Fuzz brand of nobody here" });
  // the admin's pending call is parked through the route itself; the member's is written directly
  const parked = await run(url, world.admin, "kit.colors.add", world.brand.shortId, {
    name: "Fuzz",
    hex: "#123456",
    role: "accent",
  });
  const memberPending = await createPending(
    {
      userId: world.member.id,
      brandId: world.brand.id,
      capabilityId: "questions.ask",
      input: "{}",
      token: "bct_never",
      summary: "Ask nothing",
      expiresAt: new Date(Date.now() + 600_000),
      toolCallId: null,
      door: "assistant",
      conversationId: null,
      caller: null,
    },
    new Date(),
  );
  const own = await recordsOf(world.admin, world.brand.id, parked.body.pendingId);
  const others = await recordsOf(world.member, world.brand.id, memberPending);
  const memberSession = (await post(url, "/api/voice/session", world.member.cookie, { brand: world.brand.shortId }))
    .body.session.id as string;
  // more conversations than a page holds, so that the list has a real cursor to offer
  const now = Date.now();
  await db().conversation.createMany({
    data: Array.from({ length: 31 }, (_, index) => ({
      id: `page-${index}-${randomUUID()}`,
      userId: world.admin.id,
      brandId: world.brand.id,
      title: "Filler",
      createdAt: new Date(now - index),
      updatedAt: new Date(now - index),
    })),
  });
  const listed = await fetch(`${url}/api/conversations?brand=${world.brand.shortId}`, {
    headers: { Cookie: world.admin.cookie },
  });
  const cursor = ((await listed.json()) as { nextCursor: string }).nextCursor;
  return { ...world, url, elsewhere, own, others, memberSession, cursor };
}

export type RouteWorld = Awaited<ReturnType<typeof makeRouteWorld>>;

/** Marks a value to be replaced, when sent, by the admin's live voice session (started if none). */
export const LIVE_SESSION = "\u27e8live-session\u27e9";

/** The ids and values each field or path parameter takes, mixed with random ones. */
export function hintsOf(world: RouteWorld): Hints {
  const mine = world.own;
  const theirs = world.others;
  const both = <K extends keyof typeof mine>(key: K) => fc.constantFrom(mine[key], theirs[key]);
  return {
    brand: fc.constantFrom(
      world.brand.shortId,
      world.brand.shortId.toLowerCase(),
      world.brand.id,
      world.elsewhere.shortId,
    ),
    id: both("conversationId"),
    conversationId: both("conversationId"),
    conversation: both("conversationId"),
    pendingId: both("pendingId"),
    decided: both("pendingId"),
    keyId: both("keyId"),
    grantId: both("grantId"),
    session: fc.constantFrom(LIVE_SESSION, LIVE_SESSION, world.memberSession),
    capabilityId: fc.constantFrom(...capabilities.map((capability) => capability.id)),
    name: fc.constantFrom(...capabilities.map((capability) => mcpToolName(capability.id)), "confirmation_decide"),
    messages: fc.constant([{ id: "m-fuzz", role: "user", parts: [{ type: "text", text: "What are our colours?" }] }]),
    input: fc.constantFrom(
      {},
      { parts: ["colors"] },
      { name: "Fuzz", hex: "#654321", role: "accent" },
      { questions: [] },
    ),
    arguments: fc.constantFrom("{}", '{"parts":["colors"]}', "", "[1]", { parts: ["colors"] }),
    cursor: fc.constant(world.cursor),
    brands: fc.constantFrom(
      [],
      [world.brand.shortId],
      [world.brand.id, world.brand.shortId],
      [world.elsewhere.shortId],
    ),
    expiresAt: fc.constantFrom("2099-01-01T00:00:00Z", "2099-01-01T00:00:00+02:00", "2001-01-01T00:00:00Z"),
    before: fc.constantFrom("1", "2", "30", "999999999", "0", "01", "1e3"),
    audio: fc.constantFrom("UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=", "not base64 !", "UklGRg=="),
  };
}

/** The admin's live voice session, started when there is none (a start settles the one before). */
export async function liveSession(world: RouteWorld): Promise<string> {
  const live = await db().voiceSession.findFirst({
    where: { userId: world.admin.id, endedAt: null, expiresAt: { gt: new Date() } },
  });
  if (live) return live.id;
  const started = await post(world.url, "/api/voice/session", world.admin.cookie, { brand: world.brand.shortId });
  return started.body?.session?.id ?? "vs_none"; // a spent budget starts none: the report is then 404
}

/** What the admin and the member hold: a refused call must leave it exactly as it was. */
export async function fingerprint(world: RouteWorld): Promise<string> {
  const people = { in: [world.admin.id, world.member.id] };
  const order = { id: "asc" } as const;
  const rows = await Promise.all([
    db().conversation.findMany({
      where: { userId: people },
      select: { userId: true, id: true, title: true },
      orderBy: [{ userId: "asc" }, order],
    }),
    db().conversationMessage.count({ where: { userId: people } }),
    db().apiKey.findMany({
      where: { userId: people },
      select: { id: true, revokedAt: true, confirmBy: true },
      orderBy: order,
    }),
    db().appGrant.findMany({ where: { userId: people }, select: { id: true, confirmBy: true }, orderBy: order }),
    db().pendingCall.findMany({ where: { userId: people }, select: { id: true, status: true }, orderBy: order }),
    db().voiceSession.findMany({
      where: { userId: people },
      select: { id: true, endedAt: true, charged: true },
      orderBy: order,
    }),
    db().aiUsage.findMany({
      where: { brandId: world.brand.id },
      select: { month: true, tokens: true, reserved: true },
    }),
  ]);
  return JSON.stringify(rows);
}
