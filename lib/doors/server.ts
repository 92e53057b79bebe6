// What `npm start` serves (scripts/serve.ts): the API door (`/api/v1/<id>`) and the MCP door
// (`/api/mcp`) in front of Next's request handler, which serves everything else. The doors are the
// hot path of integrations and agents: Next's routing and request wrapping cost more than the
// pipeline itself, and so did a Web Request and Response per call, so their POSTs are answered on
// node:http itself (the API door's answerApiCall, the MCP door's quick path), their other methods
// by their `Request → Response` functions (docs/contributors.md, Benchmark). The route handlers
// under app/api call the same functions, so `next start` serves the same answers, only slower. A path this does not match exactly (a trailing slash, the OpenAPI
// document and catalogue, a method the MCP route does not export) is Next's, as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "../contract/errors";
import { answerApiCall, handleApiCall } from "./api";
import { methodNotAllowed, requestIdFrom, requestIdOf } from "../http/request";
import { mcpDoor } from "./mcp";
import { serveMcpPost } from "./mcp-post";
import { headerOf, nodeReader, sendJson, sendWebResponse, toWebRequest } from "../http/node-bridge";
import { hasMalformedEscape, malformedPathAnswer } from "./malformed-path";
import { callStarted } from "../http/calls-in-flight";

type Door = (request: Request) => Promise<Response>;
type NodeHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

const API_PATH = /^\/api\/v1\/([^/]+)$/;
const NEXT_OWNED = new Set(["openapi.json", "catalog.json"]);
// OPTIONS too: the door answers browser hosts' preflights itself (lib/mcp/cors.ts)
const MCP_METHODS = new Set(["GET", "POST", "DELETE", "OPTIONS"]);
const postOnly = methodNotAllowed("POST");

/** The door for this method and path, or undefined when Next answers it. */
export function doorFor(method: string, pathname: string): Door | undefined {
  if (pathname === "/api/mcp") return MCP_METHODS.has(method) ? mcpDoor : undefined;
  const capabilityId = apiCapabilityOf(pathname);
  if (capabilityId === undefined) return undefined;
  if (method !== "POST") return async (request) => postOnly(request);
  return (request) => handleApiCall(request, capabilityId);
}

/** The capability an API door path names, or undefined when the path is not the door's. */
function apiCapabilityOf(pathname: string): string | undefined {
  const match = API_PATH.exec(pathname);
  if (!match || NEXT_OWNED.has(match[1]!)) return undefined;
  // as Next decodes the [capability] segment; one that does not decode names no capability, and the
  // pipeline says so in its order of checks (a key first: docs/design.md, order of checks)
  return hasMalformedEscape(match[1]!) ? match[1]! : decodeURIComponent(match[1]!);
}

/** A node:http request handler: the doors first, then Next. */
export function doorsInFrontOf(next: NodeHandler, onError: (error: unknown) => void): NodeHandler {
  return (request, response) => {
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    // the doors' POSTs answered on node:http itself, without a Web Request and Response per call
    // (npm run bench:profile): the API door (api.ts) and the MCP door's quick path (mcp-post.ts)
    // counted while answered (calls-in-flight.ts): short calls, never a stream held open
    if (request.method === "POST" && pathname === "/api/mcp") {
      response.once("close", callStarted());
      return serveMcpPost(request, response).catch((error: unknown) =>
        internalError(response, requestIdFrom(headerOf(request)("x-request-id")), error, onError),
      );
    }
    const capabilityId = request.method === "POST" ? apiCapabilityOf(pathname) : undefined;
    if (capabilityId !== undefined) {
      response.once("close", callStarted());
      const header = headerOf(request);
      return answerApiCall({ header, reader: nodeReader(request) }, capabilityId)
        .then((answer) => sendJson(response, answer.status, answer.headers, answer.payload))
        .catch((error: unknown) => internalError(response, requestIdFrom(header("x-request-id")), error, onError));
    }
    const found = doorFor(request.method ?? "GET", pathname);
    // Next would answer a route's parameter that does not decode with a bare 500 (malformed-path.ts)
    const door =
      found ??
      (hasMalformedEscape(pathname) ? async (webRequest: Request) => malformedPathAnswer(webRequest) : undefined);
    if (!door) return next(request, response);
    const webRequest = toWebRequest(request);
    return door(webRequest)
      .then((answer) => sendWebResponse(answer, response, request.method))
      .catch((error: unknown) => internalError(response, requestIdOf(webRequest), error, onError));
  };
}

/** The doors answer every failure themselves: this is a defect, and it must not hang the client. */
function internalError(
  response: ServerResponse,
  requestId: string,
  error: unknown,
  onError: (error: unknown) => void,
): void {
  onError(error);
  if (response.headersSent) return void response.destroy();
  response.writeHead(500, { "Content-Type": "application/json", "X-Request-Id": requestId });
  response.end(JSON.stringify(new AppError("internal", "Unexpected error").toBody(requestId)));
}
