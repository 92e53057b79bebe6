// The MCP door reads a POST's body once (lib/mcp/http.ts, readMessage) and hands it, parsed, to the
// SDK's handler. What a client sends wrong still gets the SDK's own JSON-RPC answers, never a 5xx;
// a stateless call gets its response as one JSON body or on an event stream (Streamable HTTP lets
// the server choose, and the client accepts both: test/support/mcp-answer.ts).
import { Agent, request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ANSWER_TYPES, responseOf } from "../support/mcp-answer";
import { baseUrl, makeWorld } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld();
});

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/api/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${world.viewer.key}`,
      ...headers,
    },
    body,
  });

/** The JSON-RPC response an answer carries, however it was sent. */
const rpcResponse = async (answer: Response) => responseOf(answer.headers.get("content-type"), await answer.text());

describe("MCP bodies, stateless", () => {
  it("a body that is not JSON is a JSON-RPC parse error (400, -32700)", async () => {
    const response = await post("{ not json");
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.jsonrpc).toBe("2.0");
    expect(answer.error.code).toBe(-32700);
  });

  it("an initialize nested 100,000 levels deep is a JSON-RPC Invalid Request (400) naming the bound, and opens no session", async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}},"clientInfo":{"name":"deep","version":"1"}}}`;
    const response = await post(deep);
    expect(response.status).toBe(400);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const answer = await response.json();
    expect(answer.error).toMatchObject({ code: -32600, message: "Invalid Request: body nests deeper than 64 levels" });
  });

  it("an empty body is refused with a JSON-RPC error, not a 5xx", async () => {
    const response = await post("");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()).error.code).toBeTypeOf("number");
  });

  it("a body over 4 MiB is 413 with the SDK's message, unread", async () => {
    const response = await post(new Uint8Array(4 * 1024 * 1024 + 1).fill(32));
    expect(response.status).toBe(413);
    const answer = await response.json();
    expect(answer.error).toMatchObject({ code: -32000 });
    expect(answer.error.message).toMatch(/Payload Too Large/);
  });

  it("after a 413 the kept-alive connection serves the next call (the refused body was drained)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: Buffer) =>
      new Promise<{ status: number; type?: string; text: string; reused: boolean }>((resolve, reject) => {
        const call = httpRequest(
          `${baseUrl()}/api/mcp`,
          {
            method: "POST",
            agent,
            headers: {
              "Content-Type": "application/json",
              Accept: "application/json, text/event-stream",
              Authorization: `Bearer ${world.viewer.key}`,
              "Content-Length": body.length,
            },
          },
          (answer) => {
            let text = "";
            answer.on("data", (chunk) => (text += chunk));
            answer.on("end", () =>
              resolve({
                status: answer.statusCode!,
                type: answer.headers["content-type"],
                text,
                reused: call.reusedSocket,
              }),
            );
          },
        );
        call.on("error", reject).end(body);
      });
    try {
      const refused = await send(Buffer.alloc(4 * 1024 * 1024 + 1, 32));
      expect(refused.status).toBe(413);
      const next = await send(
        Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list", params: {} })),
      );
      expect(next.status).toBe(200);
      expect(responseOf(next.type ?? null, next.text).result.tools.length).toBeGreaterThan(1);
      expect(next.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("tools/call kit_read without a session answers with the result", async () => {
    const answered = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "kit_read", arguments: { brand: world.brand.shortId } },
      }),
    );
    expect(answered.status).toBe(200);
    expect(ANSWER_TYPES).toContain(answered.headers.get("content-type"));
    const answer = await rpcResponse(answered);
    expect(answer.id).toBe(7);
    expect(answer.result.isError ?? false).toBe(false);
    expect(answer.result.structuredContent).toHaveProperty("colors");
  });

  it("tools/list without a session lists every tool the key's scopes allow, not only one", async () => {
    const answered = await post(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/list", params: {} }));
    expect(answered.status).toBe(200);
    const names = (await rpcResponse(answered)).result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["kit_read", "library_search", "brand_overview"]));
  });

  it("a tool name that is not served gets the SDK's answer for an unknown tool (all tools registered for it)", async () => {
    const answered = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "no_such_tool", arguments: {} } }),
    );
    expect(answered.status).toBe(200);
    expect(await rpcResponse(answered)).toMatchObject({
      id: 9,
      error: { code: -32602, message: "Tool no_such_tool not found" },
    });
  });

  it("DELETE without a session is 405", async () => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${world.viewer.key}` },
    });
    expect(response.status).toBe(405);
  });
});
