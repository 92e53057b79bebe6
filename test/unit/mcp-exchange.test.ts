// The MCP fast path's exchanges (lib/mcp/exchange.ts) never leave a caller waiting: a call its
// instance does not answer in time is answered with an error, a close of the SDK's transport
// answers every waiting call at once, and the next request is served by an exchange built again.
import type { AuthInfo, JSONRPCRequest, McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { legacyExchange, modernExchange, type Exchange } from "../../lib/mcp/exchange";

const MODERN = "2026-07-28";
const authInfo: AuthInfo = { token: "test", clientId: "test", scopes: [] };

let releaseStuck: (() => void) | undefined;
/** Two tools: one answers at once, one waits until the test lets it go. */
function register(server: McpServer): void {
  server.registerTool("echo", { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  server.registerTool("stuck", { inputSchema: z.object({}) }, async () => {
    await new Promise<void>((resolve) => {
      releaseStuck = resolve;
    });
    return { content: [{ type: "text", text: "late" }] };
  });
}

afterEach(() => {
  releaseStuck?.();
  releaseStuck = undefined;
});

type Era = "2025" | "2026";
/** An answer as the test reads it: a tool's result or a JSON-RPC error. */
type Read = { id: unknown; result?: { content: { text: string }[] }; error?: { code: number; message: string } };
const ask = async (exchange: Exchange, request: JSONRPCRequest) =>
  (await exchange(request, authInfo)) as unknown as Read;
let nextId = 0;
function call(era: Era, name: string, args: Record<string, unknown>): JSONRPCRequest {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientInfo": { name: "exchange-test", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const params = era === "2026" ? { name, arguments: args, _meta: meta } : { name, arguments: args };
  return { jsonrpc: "2.0", id: `call-${++nextId}`, method: "tools/call", params };
}

const exchanges: Record<Era, (timeoutMs: number) => Exchange> = {
  "2025": (timeoutMs) => legacyExchange(register, { timeoutMs }),
  "2026": (timeoutMs) => modernExchange(register, { timeoutMs }),
};

describe.each(["2025", "2026"] as const)("the %s exchange", (era) => {
  it("answers a call", async () => {
    const exchange = exchanges[era](5_000);
    const request = call(era, "echo", { text: "hello" });
    const answer = await ask(exchange, request);
    expect(answer.id).toBe(request.id);
    expect(answer.result?.content[0]?.text).toBe("hello");
  });

  it("answers a call its instance does not answer in time with a JSON-RPC error, under the call's id", async () => {
    const exchange = exchanges[era](200);
    const request = call(era, "stuck", {});
    const started = Date.now();
    const answer = await ask(exchange, request);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(answer.id).toBe(request.id);
    expect(answer.error?.code).toBe(-32000);
    expect(answer.error?.message).toBe("The server did not answer within 0.2 s: send the request again");
    // the instance is still usable
    expect((await ask(exchange, call(era, "echo", { text: "after" }))).result?.content[0]?.text).toBe("after");
  });

  it("answers every waiting call when the SDK closes its transport, then serves the next call on a new one", async () => {
    const exchange = exchanges[era](30_000);
    expect((await ask(exchange, call(era, "echo", { text: "before" }))).result).toBeDefined();
    const waiting = ask(exchange, call(era, "stuck", {}));
    // the stuck call is in its instance before the close
    await expect.poll(() => releaseStuck !== undefined).toBe(true);
    await exchange.close();
    const closed = await waiting;
    expect(closed.error?.code).toBe(-32000);
    expect(closed.error?.message).toMatch(/closed this exchange/);
    expect((await ask(exchange, call(era, "echo", { text: "again" }))).result?.content[0]?.text).toBe("again");
  });
});
