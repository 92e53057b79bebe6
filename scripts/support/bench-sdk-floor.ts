// The MCP SDK's own cost per call, measured apart from everything else: what the MCP
// door pays the official SDK for one tools/call however lean the rest of the door gets.
//
// In a process of its own (sdk-floor-main.ts), the door's own exchanges (lib/mcp/exchange.ts: one
// connected instance for 2025-era requests, the SDK's stdio entry for 2026) serve `kit_read`,
// registered with the door's own schemas, whose handler does no work: it returns a copy of a real
// kit.read answer in the door's result shape. Beside it, the same handler is called directly and
// its JSON-RPC answer (the same bytes the SDK answers, checked) built by hand. Both parse the same
// request text and write the same answer text; the difference in CPU per call is the SDK's dispatch,
// its guards, its checks and its encoding, and nothing of the pipeline, the HTTP server or the door.
// A third path reads the API door's body and writes the same data in the API door's answer: what
// the MCP answer itself costs beyond it (the JSON-RPC envelope, the result's text copy) is the
// difference between the hand-built MCP answer and that one.
// Measured outside the server, with a smaller heap and no other work, it is a lower bound of what
// the SDK costs the door.
import type { McpServer } from "@modelcontextprotocol/server";
import { legacyExchange, modernExchange, type Exchange } from "../../lib/mcp/exchange";
import { SERVER_INFO, servedTools } from "../../lib/mcp/tools";
import { benchCall, type Door } from "./bench-calls";

/** Per round, µs per call: the SDK's own, per era; and the MCP answer's own beyond the API door's (`answer`, per era). */
export type SdkFloor = { modern: number[]; legacy: number[]; answer: { modern: number[]; legacy: number[] } };
type Path =
  | "modern through the SDK"
  | "modern beside it"
  | "legacy through the SDK"
  | "legacy beside it"
  | "the API door's answer";

const CALLS_PER_ROUND = 20_000;
const IN_FLIGHT = 10; // as the doors' runs: 10 connections
const authInfo = { token: "bench", clientId: "bench", scopes: [] };

/** Per round, the SDK's own µs per call for a 2026 and a 2025-era stateless tools/call of kit_read returning `data`. */
export async function measureSdkFloor(data: Record<string, unknown>, rounds: number): Promise<SdkFloor> {
  const kit = servedTools().find(({ tool }) => tool.name === "kit_read");
  if (!kit) throw new Error("kit_read is not served on the MCP door");
  // the door's result shape (lib/doors/mcp.ts toolResult), built per call as the door builds it
  const handler = async () => {
    const structuredContent = structuredClone(data);
    return { structuredContent, content: [{ type: "text" as const, text: JSON.stringify(structuredContent) }] };
  };
  const register = (server: McpServer) => void server.registerTool("kit_read", kit.config, handler);
  const exchanges: Record<"modern" | "legacy", Exchange> = {
    modern: modernExchange(register),
    legacy: legacyExchange(register),
  };
  // the bodies the doors' runs send (bench-calls.ts)
  const bodyOf = (door: Door) => benchCall("", "", door, "kit.read", { brand: "BENCH-1" }).body as string;
  const bodies = { modern: bodyOf("mcp 2026"), legacy: bodyOf("mcp 2025"), api: bodyOf("api") };
  // the result as the SDK writes it: content first, and on 2026 its completion and the server's identity
  const answerBeside = async (era: "modern" | "legacy", body: string) => {
    const request = JSON.parse(body) as { id: number };
    const { content, structuredContent } = await handler();
    const result =
      era === "modern"
        ? {
            content,
            structuredContent,
            resultType: "complete",
            _meta: { "io.modelcontextprotocol/serverInfo": SERVER_INFO },
          }
        : { content, structuredContent };
    return JSON.stringify({ result, jsonrpc: "2.0", id: request.id });
  };
  const answerThrough = async (era: "modern" | "legacy", body: string) =>
    JSON.stringify(await exchanges[era](JSON.parse(body), authInfo));
  const paths: Record<Path, () => Promise<string>> = {
    "modern through the SDK": () => answerThrough("modern", bodies.modern),
    "modern beside it": () => answerBeside("modern", bodies.modern),
    "legacy through the SDK": () => answerThrough("legacy", bodies.legacy),
    "legacy beside it": () => answerBeside("legacy", bodies.legacy),
    // the same data in the API door's answer, from the API door's body
    "the API door's answer": async () => {
      JSON.parse(bodies.api);
      return JSON.stringify({ ok: true, data: structuredClone(data) });
    },
  };
  // the comparison holds only if both write the same answer
  for (const era of ["modern", "legacy"] as const) {
    const [through, beside] = [await paths[`${era} through the SDK`](), await paths[`${era} beside it`]()];
    if (through !== beside)
      throw new Error(`the hand-built ${era} answer differs from the SDK's:\n${through}\n${beside}`);
  }
  for (const path of Object.values(paths)) await cpuPerCall(path); // warm-up: JIT
  const floor: SdkFloor = { modern: [], legacy: [], answer: { modern: [], legacy: [] } };
  for (let round = 0; round < rounds; round++) {
    // interleaved: a drift of the machine touches each path alike
    const cost = {} as Record<Path, number>;
    for (const [path, call] of Object.entries(paths) as [Path, () => Promise<string>][])
      cost[path] = await cpuPerCall(call);
    floor.modern.push(cost["modern through the SDK"] - cost["modern beside it"]);
    floor.legacy.push(cost["legacy through the SDK"] - cost["legacy beside it"]);
    floor.answer.modern.push(cost["modern beside it"] - cost["the API door's answer"]);
    floor.answer.legacy.push(cost["legacy beside it"] - cost["the API door's answer"]);
  }
  return floor;
}

/** CPU µs per call of `call`, IN_FLIGHT at a time. */
async function cpuPerCall(call: () => Promise<string>): Promise<number> {
  const before = process.cpuUsage();
  for (let done = 0; done < CALLS_PER_ROUND; done += IN_FLIGHT)
    await Promise.all(Array.from({ length: IN_FLIGHT }, call));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / CALLS_PER_ROUND;
}
