// A path whose percent-encoding does not decode (`/api/conversations/%`, `%E0%A4%A`, `%FF`) names
// nothing this service serves. Next decodes the dynamic segments of a route before its handler
// runs and, for route handlers, answers such a path with a bare 500 "Internal Server Error"
// (a DecodeError it turns into 400 only for pages): unauthenticated, on every route with a
// parameter (the route fuzzer found it). It is answered here first, as the unknown address it is.
import { AppError } from "../contract/errors";
import { requestIdOf } from "../http/request";

/** Whether some segment of the path cannot be percent-decoded as UTF-8. */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** 404 not_found in the service's error body (docs/design.md, errors), for a path that does not decode. */
export function malformedPathAnswer(request: Request): Response {
  const requestId = requestIdOf(request);
  const error = new AppError("not_found", "Nothing is served at this address: its percent-encoding is malformed");
  return Response.json(error.toBody(requestId), {
    status: 404,
    headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" },
  });
}
