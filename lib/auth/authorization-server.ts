// better-auth's endpoints (/api/auth) as the route and the consent answer reach them:
// handleAuthRequest (lib/auth/auth.ts) decides which are served and how; around it, what the OAuth
// provider plugin lacks: registrations within bounds before the plugin stores anything
// (lib/oauth/registration-bounds.ts), browsers sent on only to addresses this server trusts
// (lib/oauth/trusted-redirects.ts), and the clients' own endpoints refusing in their RFCs' shape
// (lib/auth/client-errors.ts).
import { authPath, handleAuthRequest, isOAuthClientEndpoint } from "./auth";
import { inOAuthErrorShape } from "./client-errors";
import { withBoundedJson } from "./json-body";
import { boundedRegistrationRequest } from "../oauth/registration-bounds";
import { keepRedirectsTrusted } from "../oauth/trusted-redirects";

/** The endpoints whose answers send a person's browser on: authorize, and the page posts that continue it. */
const BROWSER_STEPS = new Set(["/oauth2/authorize", "/oauth2/consent", "/sign-in/email"]);

export async function answerAuthRequest(request: Request): Promise<Response> {
  const answer = await answerUnshaped(request);
  return isOAuthClientEndpoint(request) && request.method === "POST" ? inOAuthErrorShape(request, answer) : answer;
}

async function answerUnshaped(request: Request): Promise<Response> {
  const path = authPath(request);
  if (path === "/oauth2/register" && request.method === "POST") {
    const bounded = await boundedRegistrationRequest(request);
    return bounded instanceof Response ? bounded : handleAuthRequest(bounded);
  }
  if (!BROWSER_STEPS.has(path)) return handleAuthRequest(request);
  // bounded before it is cloned: a clone's branch would keep what the other reads, past any limit
  const bounded = await withBoundedJson(request);
  if (bounded instanceof Response) return bounded;
  // the app's client_id may be in the body: kept unread until an answer has to be replaced
  const unread = bounded.method === "POST" ? bounded.clone() : bounded;
  return keepRedirectsTrusted(unread, await handleAuthRequest(bounded));
}
