// better-auth reads bodies itself (better-call's router, then JSON.stringify and schema checks that
// recurse), and reads them whole: so each body is read here first, as it streams in, and refused
// past BODY_LIMIT (1 MiB, as the API door) before it is all held (lib/http/body.ts); a JSON body is
// also held to every route's depth bound (lib/http/json-text.ts). Both refusals carry the service's
// own error body (docs/design.md, errors): 422 `invalid_input` naming `body`, as the API door
// answers both.
import { invalidInput } from "../contract/errors";
import { BODY_LIMIT, BODY_LIMIT_TEXT, readBoundedBytes, webBody } from "../http/body";
import { requestIdOf } from "../http/request";
import { depthProblem } from "../http/json-text";

// the media types better-call parses as JSON
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

const hasNoBody = (request: Request) => request.method === "GET" || request.method === "HEAD" || !request.body;

/**
 * The request, its body read once within its limit and handed on as bytes; or the 422 for a body
 * too large or a JSON body nested too deep.
 */
export async function withBoundedJson(request: Request): Promise<Request | Response> {
  if (hasNoBody(request)) return request;
  const read = await readBoundedBytes(webBody(request), BODY_LIMIT, BODY_LIMIT_TEXT, {
    drainRefused: false,
  });
  const requestId = requestIdOf(request);
  const refuse = (message: string) =>
    Response.json(invalidInput("body", message).toBody(requestId), {
      status: 422,
      headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" },
    });
  if (!read.ok) return refuse(read.message);
  const problem = JSON_TYPE.test(request.headers.get("content-type") ?? "")
    ? depthProblem(new TextDecoder().decode(read.bytes))
    : undefined;
  if (problem) return refuse(problem);
  return new Request(request, { body: Buffer.from(read.bytes) });
}
