// What the route fuzzer (routes.test.ts) found on PostgreSQL, held here one case at a time on the
// suite's server: a NUL character reaching the database from a route outside the pipeline was a 500
// (PostgreSQL can neither store nor compare it). A body's string holding one, or a lone surrogate
// (stored as U+FFFD before), is now 422 naming its field, as the pipeline answers; an id or a brand
// holding one names nothing (404 or 403, as any unknown one).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { makeChatWorld } from "../assistant/support";
import { baseUrl } from "../support/world";

let world: Awaited<ReturnType<typeof makeChatWorld>>;
let conversationId: string;
beforeAll(async () => {
  world = await makeChatWorld(baseUrl());
  conversationId = `c-${randomUUID()}`;
  await db().conversation.create({
    data: { id: conversationId, userId: world.admin.id, brandId: world.brand.id, title: "Before" },
  });
});

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Cookie: world.admin.cookie, Origin: baseUrl(), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, error: ((await response.json()) as any).error }));

describe("strings no database stores, sent to the routes outside the pipeline", () => {
  it("in a body: 422 invalid_input naming the field, nothing stored", async () => {
    const brand = world.brand.shortId;
    const cases: [string, string, unknown, string][] = [
      ["PATCH", `/api/conversations/${conversationId}`, { title: "Renamed\u0000" }, "title"],
      ["PATCH", `/api/conversations/${conversationId}`, { title: "Lone \ud800" }, "title"],
      [
        "POST",
        "/api/chat",
        { brand, messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Hi\u0000" }] }] },
        "messages.0.parts.0.text",
      ],
      ["POST", "/api/settings/keys", { name: "Zapier\u0000", scopes: ["kit.read"] }, "name"],
      ["POST", "/api/voice/session", { brand: `${brand}\u0000` }, "brand"],
      ["POST", "/api/voice/call", { brand, name: "kit_read", arguments: {}, callId: "call\u0000" }, "callId"],
      ["POST", "/api/assistant/run", { capabilityId: "kit.read", brand, input: {}, messageId: "m\udfff" }, "messageId"],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await send(method, path, body);
      expect({ path, status: answer.status, code: answer.error?.code, field: answer.error?.field }).toEqual({
        path,
        status: 422,
        code: "invalid_input",
        field,
      });
    }
    expect(
      (await db().conversation.findUnique({ where: { userId_id: { userId: world.admin.id, id: conversationId } } }))
        ?.title,
    ).toBe("Before");
    expect(await db().apiKey.count({ where: { userId: world.admin.id, name: { startsWith: "Zapier" } } })).toBe(0);
  });

  it("as an id or a brand in the path or the query: the answer of an unknown one", async () => {
    const cases: [string, string, unknown, number, string][] = [
      ["POST", "/api/assistant/pending/%00", { decision: "confirm" }, 404, "not_found"],
      ["DELETE", "/api/settings/keys/%00", undefined, 404, "not_found"],
      ["DELETE", "/api/settings/apps/%00", undefined, 404, "not_found"],
      ["GET", "/api/conversations?brand=%00", undefined, 403, "forbidden"],
      ["GET", "/api/assistant/capabilities?brand=x%00", undefined, 403, "forbidden"],
    ];
    for (const [method, path, body, status, code] of cases) {
      const answer = await send(method, path, body);
      expect({ path, status: answer.status, code: answer.error?.code }).toEqual({ path, status, code });
    }
  });
});
