// The MCP door's common requests answered on node:http without Web Request objects (`npm start`,
// lib/doors/server.ts): a request from a client that is not a browser page, well formed, with a
// bearer the service knows. Every one of them is answered by the SDK itself (exchange.ts): a
// stateless 2025-era request by one connected instance, a 2026 tools/call by the instance the SDK's
// stdio entry pinned to that revision, a call on a session this instance holds by the session's own
// transport. Anything else (a browser's Origin, a refused or odd request, an initialize, a session
// held elsewhere) is not taken: the caller hands it to the door, which answers it with the SDK's
// own errors. What the SDK's serving would check first is checked here with the SDK's own functions
// (classification, Host, content type), and a request any check would refuse is left to the door,
// so the two paths cannot answer apart (test/mcp/quick-path.test.ts asks both). MCP_FAST_PATH=off
// leaves every request to the door, served by the SDK alone.
import {
  classifyInboundRequest,
  isJSONRPCRequest,
  isJsonContentType,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCRequest,
} from "@modelcontextprotocol/server";
import { config } from "../config";
import { bearerOf, callerOf, checkBearer, needsStepUp } from "./auth";
import { legacyExchange, modernExchange, type Exchange } from "./exchange";
import { heldSession } from "./held-sessions";
import { hostAdmitted } from "./origin";
import { scopeOfTool, servedTools, type RegisterTools } from "./tools";

const MODERN = "2026-07-28";
// what a stateless 2025-era client sends most; anything else goes to the door
const LEGACY_METHODS = new Set(["tools/call", "tools/list", "ping"]);

/** The JSON-RPC answer, sent with status 200 as the SDK's JSON answers are; or a session transport's own Response. */
export type QuickAnswer = { payload: unknown } | Response;
export type Header = (name: string) => string | null;

/** The quick path of a door whose servers `register` fills: an answer, or undefined for the door to answer. */
export function quickMcp(register: RegisterTools): (header: Header, body: unknown) => Promise<QuickAnswer | undefined> {
  const legacy = legacyExchange(register);
  const modern = modernExchange(register);
  return async (header, body) => {
    if (config().MCP_FAST_PATH === "off" || !plainPost(header)) return undefined;
    const sessionId = header("mcp-session-id");
    if (sessionId !== null) return sessionAnswer(sessionId, header, body);
    const route = classifyInboundRequest({
      httpMethod: "POST",
      protocolVersionHeader: header("mcp-protocol-version") ?? undefined,
      mcpMethodHeader: header("mcp-method") ?? undefined,
      mcpNameHeader: header("mcp-name") ?? undefined,
      body,
    });
    // "no-claim" is a request (not a notification, a response or a batch) without the 2026 envelope
    const plainLegacy =
      route.kind === "legacy" && route.reason === "no-claim" && legacyVersionAccepted(header("mcp-protocol-version"));
    const request = body as JSONRPCRequest;
    if (plainLegacy && LEGACY_METHODS.has(request.method)) return answer(legacy, header, request);
    const plainModern =
      route.kind === "modern" && route.messageKind === "request" && route.classification.revision === MODERN;
    if (plainModern && standardHeadersAgree(header, request)) return answer(modern, header, request);
    return undefined;
  };
}

async function answer(exchange: Exchange, header: Header, request: JSONRPCRequest): Promise<QuickAnswer | undefined> {
  const authInfo = await callerInfo(header, request);
  return authInfo && { payload: await exchange(request, authInfo) };
}

/**
 * A request on a session this instance holds, with the key or grant that opened it: given to the
 * session's own transport, as the door gives it (http.ts), with the body already parsed. Answers
 * from the client (to an elicitation), a session held elsewhere and a closing DELETE are the door's.
 */
async function sessionAnswer(sessionId: string, header: Header, body: unknown): Promise<QuickAnswer | undefined> {
  const session = heldSession(sessionId);
  if (!session || !isJSONRPCRequest(body)) return undefined;
  const authInfo = await callerInfo(header, body);
  if (!authInfo || session.token !== authInfo.token) return undefined;
  // the transport reads the headers only: the body is handed over parsed
  const request = new Request(`http://${header("host")}/api/mcp`, {
    method: "POST",
    headers: SESSION_HEADERS.flatMap((name) => present(name, header(name))),
  });
  return session.transport.handleRequest(request, { authInfo, parsedBody: body });
}

// what the SDK's session transport reads of a request
const SESSION_HEADERS = ["accept", "content-type", "mcp-session-id", "mcp-protocol-version"];
const present = (name: string, value: string | null): [string, string][] => (value === null ? [] : [[name, value]]);

/** No browser page (its Origin and CORS are the door's), a JSON body, both media types accepted, our Host. */
function plainPost(header: Header): boolean {
  const accept = header("accept") ?? "";
  return (
    header("origin") === null &&
    isJsonContentType(header("content-type")) &&
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    hostAdmitted(header("host") ?? undefined)
  );
}

/** The 2025-era transport refuses a protocol version header it does not support. */
const legacyVersionAccepted = (version: string | null) =>
  version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version);

/**
 * A 2026 tools/call whose SEP-2243 headers say exactly what its body says, for a tool whose input
 * declares no `x-mcp-header`: the checks of the SDK's serving that classification leaves out could
 * only refuse something else.
 */
function standardHeadersAgree(header: Header, body: JSONRPCRequest): boolean {
  const name = (body.params as { name?: unknown } | undefined)?.name;
  return (
    body.method === "tools/call" &&
    typeof name === "string" &&
    header("mcp-protocol-version") === MODERN &&
    header("mcp-method") === "tools/call" &&
    header("mcp-name") === name &&
    !declaresHeaders(name)
  );
}

// per list of served tools (tools.ts derives it again when the registry changes)
const declaring = new WeakMap<object, Set<string>>();
function declaresHeaders(tool: string): boolean {
  const tools = servedTools();
  let names = declaring.get(tools);
  if (!names)
    declaring.set(
      tools,
      (names = new Set(
        tools
          .filter(({ config }) => JSON.stringify(config.inputSchema).includes('"x-mcp-header"'))
          .map(({ tool: { name } }) => name),
      )),
    );
  return names.has(tool);
}

/** The caller, when the bearer is known and holds the scope the tool needs (else the door answers the challenge). */
async function callerInfo(header: Header, body: JSONRPCRequest) {
  const bearer = bearerOf(header("authorization"));
  const authInfo = bearer ? await checkBearer(bearer).catch(() => undefined) : undefined;
  const name = body.method === "tools/call" ? (body.params as { name?: unknown } | undefined)?.name : undefined;
  const needed = typeof name === "string" ? scopeOfTool(name) : undefined;
  if (!authInfo || (needed && needsStepUp(callerOf(authInfo)!.actor, needed))) return undefined;
  return authInfo;
}
