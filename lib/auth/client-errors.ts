// The endpoints an OAuth client calls itself (registration, token, revocation) refuse in their
// RFCs' shape and codes, which is what clients act on (the MCP SDK starts a new authorization on
// invalid_grant, and gives up on a code it does not know). The plugin strays in a few answers,
// found by the OAuth fuzzer, translated here:
// - better-auth's own `{ message, code }`, e.g. a token or revocation request whose body is JSON
//   rather than a form (415): RFC 6749 §5.2's 400 invalid_request (invalid_client_metadata for a
//   registration, RFC 7591 §3.2.2);
// - `invalid_token` (RFC 6750's code for resource servers, unknown to clients of these endpoints)
//   for a refresh token it cannot read: at the token endpoint that is invalid_grant (RFC 6749 §5.2);
//   at the revocation endpoint, invalid_request, the code the plugin gives every other token it does
//   not know there. (RFC 7009 §2.2 would answer 200 for all of them; the plugin means to, but its
//   check of the error's name never matches.)
// Left as they are: the rate limit's 429 with Retry-After (README, OAUTH_*_PER_MINUTE), and the
// service's own error body for JSON nested too deep (lib/auth/json-body.ts).
import { authPath } from "./auth";

const REGISTRATION_ERRORS = new Set([
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "invalid_software_statement",
  "unapproved_software_statement",
]);

export async function inOAuthErrorShape(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500 || response.status === 429) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown; error_description?: unknown; message?: unknown } | null;
  if (!body || typeof body !== "object") return response;
  const path = authPath(request);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const refuse = (error: string, description: unknown) =>
    new Response(
      JSON.stringify({
        error,
        error_description: typeof description === "string" ? description : "The request is malformed",
      }),
      { status: 400, headers },
    );
  if (body.error === undefined)
    return refuse(path === "/oauth2/register" ? "invalid_client_metadata" : "invalid_request", body.message);
  // RFC 7591 §3.2.2 names four registration errors; the plugin also answers invalid_scope (a scope it
  // will not grant), which a registering client reads as what it is: metadata it must change
  if (path === "/oauth2/register" && typeof body.error === "string" && !REGISTRATION_ERRORS.has(body.error))
    return refuse("invalid_client_metadata", body.error_description);
  if (body.error !== "invalid_token") return response;
  return refuse(path === "/oauth2/token" ? "invalid_grant" : "invalid_request", body.error_description);
}
