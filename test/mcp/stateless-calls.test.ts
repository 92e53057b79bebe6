// Stateless calls of either era on the MCP door (lib/mcp/http.ts, and the fast path in front of
// it): each request on a server of its own, answered with its one response, as one JSON body or on
// an event stream (the client accepts both), and many callers at once never see each other's
// answers, however their JSON-RPC ids collide.
import { beforeAll, describe, expect, it } from "vitest";
import { ANSWER_TYPES, messageTexts, responseOf } from "../support/mcp-answer";
import { baseUrl, makeWorld } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld();
});

const MODERN = "2026-07-28";
type Era = "2025" | "2026";
const envelope = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "stateless-test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A stateless tools/call of `era`. */
function toolCall(era: Era, key: string, name: string, args: Record<string, unknown>, id: number) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    Authorization: `Bearer ${key}`,
  };
  const params = { name, arguments: args };
  if (era === "2025") return { headers, body: { jsonrpc: "2.0", id, method: "tools/call", params } };
  Object.assign(headers, { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/call", "Mcp-Name": name });
  return { headers, body: { jsonrpc: "2.0", id, method: "tools/call", params: { ...params, _meta: envelope } } };
}

async function send({ headers, body }: ReturnType<typeof toolCall>) {
  const response = await fetch(`${baseUrl()}/api/mcp`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("stateless calls", () => {
  it.each(["2025", "2026"] as const)("%s: kit_read is answered with the kit, its one message", async (era) => {
    const answer = await send(toolCall(era, world.viewer.key, "kit_read", { brand: world.brand.shortId }, 1));
    expect(answer.status).toBe(200);
    expect(ANSWER_TYPES).toContain(answer.type);
    // nothing is sent before the result: a stateless caller could not answer it
    expect(messageTexts(answer.type, answer.text)).toHaveLength(1);
    const message = responseOf(answer.type, answer.text);
    expect(message.id).toBe(1);
    expect(message.result.isError).toBeFalsy();
    expect(Object.keys(message.result.structuredContent)).toEqual(
      expect.arrayContaining(["colors", "typography", "logos"]),
    );
  });

  it("many callers at once, the same JSON-RPC id: each answer is its own caller's", async () => {
    const calls = Array.from({ length: 40 }, (_, index) => {
      const era: Era = index % 2 ? "2025" : "2026";
      const role = index % 4 < 2 ? "admin" : "viewer";
      const args = { brand: world.brand.shortId, section: "general", text: `Stateless ${index}` };
      return send(toolCall(era, world[role].key, "kit_instructions_update", args, 7)).then((answer) => ({
        role,
        answer: responseOf(answer.type, answer.text),
      }));
    });
    for (const { role, answer } of await Promise.all(calls)) {
      expect(answer.id).toBe(7);
      expect(answer.result.structuredContent.error.code).toBe(role === "admin" ? "confirmation_required" : "forbidden");
    }
  });
});
