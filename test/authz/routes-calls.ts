// Each row of the routes' authorization matrix as a request: `prepare` makes the row's records once
// (the admin's, unless it says otherwise), `run` sends the request as one caller and reads the
// outcome. The matrix runs every other caller before the admin, so a record the admin may change is
// still there when everyone else is refused it.
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client";
import { makeKey } from "../support/world";
import type { Caller, RowId } from "./routes-expected";
import { hex, outcomeOf, send, type Answer } from "./routes-http";
import type { RoutesWorld } from "./routes-world";
import { LINK_ROWS } from "./routes-calls-links";

export type Row = {
  prepare?: (world: RoutesWorld) => Promise<any>;
  run: (caller: Caller, world: RoutesWorld, made: any) => Promise<string>;
};

const A = (world: RoutesWorld) => world.brand.shortId;
const withAdminTools = (answer: Answer, names: string[]) =>
  `${outcomeOf(answer)}${answer.status === 200 ? (names.includes("kit.colors.add") || names.includes("kit_colors_add") ? " with admin tools" : " without admin tools") : ""}`;
const runCapability = (capabilityId: string, input: () => Record<string, unknown>): Row => ({
  run: async (caller, world) =>
    outcomeOf(
      await send(world, caller, "POST", "/api/assistant/run", { capabilityId, brand: A(world), input: input() }),
    ),
});
const userMessage = () => ({
  id: randomUUID(),
  role: "user",
  parts: [{ type: "text", text: "What are our colours?" }],
});
/** The admin's pending call, parked by a slash run of a confirmed write. */
const adminsPending = async (world: RoutesWorld) =>
  (
    await send(world, "admin", "POST", "/api/assistant/run", {
      capabilityId: "kit.colors.add",
      brand: A(world),
      input: { name: "Matrix", hex: hex(), role: "accent" },
    })
  ).json.pendingId as string;
const adminsConversation = async (world: RoutesWorld) => {
  const id = `matrix-${randomUUID()}`;
  await db().conversation.create({
    data: { id, userId: world.people.admin.id, brandId: world.brand.id, title: "The admin's" },
  });
  return id;
};
const adminsVoiceSession = async (world: RoutesWorld) =>
  (await send(world, "admin", "POST", "/api/voice/session", { brand: A(world) })).json.session.id as string;

export const ROWS: Record<RowId, Row> = {
  "assistant.capabilities of brand A": {
    run: async (caller, world) => {
      const answer = await send(world, caller, "GET", `/api/assistant/capabilities?brand=${A(world)}`);
      return withAdminTools(
        answer,
        (answer.json?.items ?? []).map((item: { id: string }) => item.id),
      );
    },
  },
  "assistant.run kit.read (viewer) in brand A": runCapability("kit.read", () => ({ parts: ["colors"] })),
  "assistant.run questions.ask (member) in brand A": runCapability("questions.ask", () => ({
    questions: [
      {
        key: `matrix.${randomUUID().slice(0, 8)}`,
        question: "Which roast?",
        options: ["Light", "Dark"],
        scope: "genome",
      },
    ],
  })),
  "assistant.run kit.colors.add (admin, confirmed) in brand A": runCapability("kit.colors.add", () => ({
    name: "Matrix",
    hex: hex(),
    role: "accent",
  })),
  "assistant.pending: cancel the admin's pending call": {
    prepare: adminsPending,
    run: async (caller, world, pendingId) =>
      outcomeOf(await send(world, caller, "POST", `/api/assistant/pending/${pendingId}`, { decision: "cancel" })),
  },
  "conversations of brand A": {
    run: async (caller, world) => outcomeOf(await send(world, caller, "GET", `/api/conversations?brand=${A(world)}`)),
  },
  "conversation: read the admin's": {
    prepare: adminsConversation,
    run: async (caller, world, id) => outcomeOf(await send(world, caller, "GET", `/api/conversations/${id}`)),
  },
  "conversation: rename the admin's": {
    prepare: adminsConversation,
    run: async (caller, world, id) =>
      outcomeOf(await send(world, caller, "PATCH", `/api/conversations/${id}`, { title: `By ${caller}` })),
  },
  "conversation: delete the admin's": {
    prepare: adminsConversation,
    run: async (caller, world, id) => outcomeOf(await send(world, caller, "DELETE", `/api/conversations/${id}`)),
  },
  "chat in brand A": {
    run: async (caller, world) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/chat", {
          id: randomUUID(),
          brand: A(world),
          messages: [userMessage()],
        }),
      ),
  },
  "chat continuing the admin's conversation id": {
    prepare: adminsConversation,
    run: async (caller, world, id) => {
      const kept = () =>
        db().conversationMessage.count({ where: { userId: world.people.admin.id, conversationId: id } });
      const before = await kept();
      const outcome = outcomeOf(
        await send(world, caller, "POST", "/api/chat", { id, brand: A(world), messages: [userMessage()] }),
      );
      if (outcome !== "200") return outcome;
      // the answer is stored as the stream ends: give it a moment before reading
      for (let wait = 0; wait < 20 && (await kept()) === before; wait++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return `${outcome}, the admin's ${(await kept()) === before ? "untouched" : "continued"}`;
    },
  },
  "voice.session in brand A": {
    run: async (caller, world) => {
      const answer = await send(world, caller, "POST", "/api/voice/session", { brand: A(world) });
      return withAdminTools(
        answer,
        (answer.json?.tools ?? []).map((tool: { name: string }) => tool.name),
      );
    },
  },
  "voice.usage on the admin's live session": {
    prepare: adminsVoiceSession,
    run: async (caller, world, session) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/voice/usage", {
          session,
          responseId: `resp-${caller}`,
          usage: { total_tokens: 10 },
        }),
      ),
  },
  "voice.session.end of the admin's session": {
    prepare: adminsVoiceSession,
    run: async (caller, world, session) =>
      outcomeOf(await send(world, caller, "POST", "/api/voice/session/end", { session })),
  },
  "voice.call kit_read in brand A": {
    run: async (caller, world) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/voice/call", { brand: A(world), name: "kit_read", arguments: {} }),
      ),
  },
  "voice.call kit_colors_add in brand A": {
    run: async (caller, world) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/voice/call", {
          brand: A(world),
          name: "kit_colors_add",
          arguments: { name: "Matrix", hex: hex(), role: "accent" },
        }),
      ),
  },
  "voice.said into the admin's conversation": {
    prepare: adminsConversation,
    run: async (caller, world, conversation) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/voice/said", {
          brand: A(world),
          conversation,
          role: "user",
          text: `Said by ${caller}`,
        }),
      ),
  },
  "voice.call kit_read into the admin's conversation": {
    prepare: adminsConversation,
    run: async (caller, world, conversation) =>
      outcomeOf(
        await send(world, caller, "POST", "/api/voice/call", {
          brand: A(world),
          name: "kit_read",
          arguments: {},
          conversation,
        }),
      ),
  },
  "voice.turn told of the admin's pending call": {
    prepare: adminsPending,
    run: async (caller, world, decided) =>
      outcomeOf(await send(world, caller, "POST", "/api/voice/turn", { brand: A(world), decided }, world.turnsUrl)),
  },
  "settings: list my keys": {
    run: async (caller, world) => outcomeOf(await send(world, caller, "GET", "/api/settings/keys")),
  },
  "settings: create a key limited to brand A": {
    run: async (caller, world) =>
      outcomeOf(await send(world, caller, "POST", "/api/settings/keys", { scopes: ["kit.read"], brands: [A(world)] })),
  },
  "settings: revoke the admin's key": {
    prepare: async (world) => (await makeKey(world.people.admin.email)).id,
    run: async (caller, world, id) => outcomeOf(await send(world, caller, "DELETE", `/api/settings/keys/${id}`)),
  },
  "settings: revoke the admin's connected app": {
    prepare: async (world) => {
      const id = randomUUID();
      await db().appGrant.create({
        data: {
          id,
          userId: world.people.admin.id,
          clientId: `matrix-${randomUUID()}`,
          brandIds: [world.brand.id],
          scopes: ["kit.read"],
        },
      });
      return id;
    },
    run: async (caller, world, id) => outcomeOf(await send(world, caller, "DELETE", `/api/settings/apps/${id}`)),
  },
  // a refusal changes nothing: the admin's own change, last, still finds the value it was made with
  "settings: make the admin's key wait for its person": {
    prepare: async (world) => (await makeKey(world.people.admin.email)).id,
    run: async (caller, world, id) => {
      const answer = await send(world, caller, "PATCH", `/api/settings/keys/${id}`, { confirmBy: "person" });
      const stored = await db().apiKey.findUnique({ where: { id }, select: { confirmBy: true } });
      return `${outcomeOf(answer)}, ${stored?.confirmBy}`;
    },
  },
  "settings: let the admin's connected app confirm": {
    prepare: async (world) => {
      const id = randomUUID();
      await db().appGrant.create({
        data: {
          id,
          userId: world.people.admin.id,
          clientId: `matrix-${randomUUID()}`,
          brandIds: [world.brand.id],
          scopes: ["kit.read"],
        },
      });
      return id;
    },
    run: async (caller, world, id) => {
      const answer = await send(world, caller, "PATCH", `/api/settings/apps/${id}`, { confirmBy: "caller" });
      const stored = await db().appGrant.findUnique({ where: { id }, select: { confirmBy: true } });
      return `${outcomeOf(answer)}, ${stored?.confirmBy}`;
    },
  },
  ...LINK_ROWS,
};
