// HTTP details every door and file route shares: the request id they echo, and the 405 answer.
import { randomUUID } from "node:crypto";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's X-Request-Id when it is 1–128 characters of [A-Za-z0-9._-], else a new one (decisions §1). */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get("x-request-id");
  return sent && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** A route handler answering 405 with the methods the route does allow, and no body. */
export function methodNotAllowed(allow: string) {
  return (request: Request) => new Response(null, { status: 405, headers: { Allow: allow, "X-Request-Id": requestIdOf(request) } });
}
