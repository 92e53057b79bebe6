// The calls `npm run bench` and `npm run bench:profile` send: one capability through the API door
// and through the MCP door in each protocol a client speaks, so the doors compare on the same work.
//   api           POST /api/v1/<id>
//   mcp 2026      a stateless tools/call of protocol 2026-07-28 (the per-request `_meta` envelope)
//   mcp 2025      a 2025-era tools/call without a session, as desktop clients send it
//   mcp session   a 2025-era tools/call on a session opened by `initialize` (the SDK 1.x Client)
import type autocannon from "autocannon";

export type Door = "api" | "mcp 2026" | "mcp 2025" | "mcp session";
export const MODERN = "2026-07-28";
const json = { "content-type": "application/json" };
const mcpAccept = { accept: "application/json, text/event-stream" };

/** A 2025-era session for `key` on the server at `base`: its id, after `initialize` and `initialized`. */
export async function openBenchSession(base: string, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${key}`, ...json, ...mcpAccept };
  const params = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } };
  const opened = await fetch(`${base}/api/mcp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params }),
  });
  const id = opened.headers.get("mcp-session-id");
  await opened.text();
  if (!opened.ok || !id) throw new Error(`no MCP session: ${opened.status}`);
  const sessionHeaders = { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" };
  await (
    await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    })
  ).text();
  return id;
}

/** The request of `capability` (e.g. "kit.read") with `args` through `door`; `session` for "mcp session". */
export function benchCall(
  base: string,
  key: string,
  door: Door,
  capability: string,
  args: Record<string, unknown>,
  session?: string,
): autocannon.Options {
  const bearer = { authorization: `Bearer ${key}` };
  if (door === "api")
    return {
      url: `${base}/api/v1/${capability}`,
      method: "POST",
      headers: { ...bearer, ...json },
      body: JSON.stringify(args),
    };
  const name = capability.replaceAll(".", "_");
  const call = { jsonrpc: "2.0", id: 1, method: "tools/call" };
  if (door === "mcp 2026") {
    const _meta = {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const headers = {
      ...bearer,
      ...json,
      ...mcpAccept,
      "mcp-protocol-version": MODERN,
      "mcp-method": "tools/call",
      "mcp-name": name,
    };
    return {
      url: `${base}/api/mcp`,
      method: "POST",
      headers,
      body: JSON.stringify({ ...call, params: { name, arguments: args, _meta } }),
    };
  }
  const headers =
    door === "mcp session"
      ? { ...bearer, ...json, ...mcpAccept, "mcp-session-id": session!, "mcp-protocol-version": "2025-11-25" }
      : { ...bearer, ...json, ...mcpAccept };
  return {
    url: `${base}/api/mcp`,
    method: "POST",
    headers,
    body: JSON.stringify({ ...call, params: { name, arguments: args } }),
  };
}
