// better-auth reads JSON bodies itself (better-call's router, then JSON.stringify and schema
// checks that recurse): they are held to every route's depth bound (lib/http/json-text.ts) before
// it sees them, and refused with the service's own error body (decisions §2).
import { invalidInput } from "../contract/errors";
import { requestIdOf } from "../http/request";
import { depthProblem } from "../http/json-text";

// the media types better-call parses as JSON
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/** The request, its JSON body read once and handed on as text; or the 422 for a body nested too deep. */
export async function withBoundedJson(request: Request): Promise<Request | Response> {
  if (
    request.method === "GET" ||
    request.method === "HEAD" ||
    !request.body ||
    !JSON_TYPE.test(request.headers.get("content-type") ?? "")
  )
    return request;
  const text = await request.text();
  const problem = depthProblem(text);
  if (!problem) return new Request(request, { body: text });
  const requestId = requestIdOf(request);
  return Response.json(invalidInput("body", problem).toBody(requestId), {
    status: 422,
    headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" },
  });
}
