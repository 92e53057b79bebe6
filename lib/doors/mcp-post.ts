// A POST to the MCP door on node:http (`npm start`, server.ts): its body read here, the common
// stateless requests answered by the quick path (lib/mcp/quick.ts), every other request by the
// door itself, given the same bytes. Bodies of undeclared or large size go to the door untouched,
// which reads them with its own bound and answers 413 past it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { headerOf, readWhole, sendJson, sendWebResponse, toWebRequest } from "../http/node-bridge";
import { depthProblem } from "../http/json-text";
import { mcpDoor, mcpQuick } from "./mcp";

// a tool call's arguments are small; past this the door's own reading is as good
const QUICK_BODY_LIMIT = 256 * 1024;
const utf8 = new TextDecoder();

export async function serveMcpPost(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const header = headerOf(request);
  const declared = Number(header("content-length") ?? Number.NaN);
  if (!(declared <= QUICK_BODY_LIMIT)) return sendWebResponse(await mcpDoor(toWebRequest(request)), response, "POST");
  const read = await readWhole(request);
  const body = parsed(utf8.decode(read));
  const quick = body === undefined ? undefined : await mcpQuick(header, body);
  if (!quick) return sendWebResponse(await mcpDoor(toWebRequest(request, read)), response, "POST");
  // as the door's CORS wrapper marks every answer (lib/mcp/cors.ts); this path serves no Origin
  if (!(quick instanceof Response)) return sendJson(response, 200, { Vary: "Origin" }, quick.payload);
  quick.headers.append("Vary", "Origin");
  return sendWebResponse(quick, response, "POST");
}

/** The JSON value of a body, or undefined when it is not JSON or nests deeper than any message (the door answers it). */
function parsed(text: string): unknown {
  if (text.length === 0 || depthProblem(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
