// RFC 9700 §4.11.2: with open registration anyone can register a redirect URI (their phishing site
// included) and then send people an authorization request that fails on purpose, so that this
// server, a site they trust, sends them on there. The plugin redirects every error for a registered
// URI, even before anyone signed in, even for prompt=none. So every answer of the authorization
// server that sends a browser to an app passes one decision here:
// - our own pages (sign-in, consent, the error page) and trusted redirect URIs go through: this
//   service's origin, and loopback (RFC 8252 §7.3: a native app on the person's own machine, as
//   mcp-remote and the SDK clients use);
// - a redirect that carries an authorization code goes through: the plugin issues one only to a
//   signed-in person who allowed this app (now on the consent page, or before);
// - anything else (an error, a Deny, for an app on any other address) is shown on our own error
//   page, naming the app and the address it wanted; going on there is the person's choice.
// The plugin answers a browser with a 302 and fetch() callers with JSON { redirect, url }: both.
import { config } from "../config";
import { boundedText } from "../http/body";
import { errorPageUrl, OAUTH_ERROR_PATH } from "./error-page";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** An address this server sends a browser to on its own. */
export function isTrustedRedirect(target: URL, appUrl = config().APP_URL): boolean {
  if (target.origin === new URL(appUrl).origin) return true;
  return (target.protocol === "http:" || target.protocol === "https:") && LOOPBACK_HOSTS.has(target.hostname);
}

/**
 * The plugin's success answer: the redirect URI with `code` (and state, iss) in its query. An error
 * has `error` in the query or the fragment; anything ambiguous counts as an error (shown on our page).
 */
const carriesCode = (target: URL, raw: string) =>
  !raw.includes("#") && target.searchParams.has("code") && !target.searchParams.has("error");

type Next = { url: string; form: "location" } | { url: string; form: "json"; body: Record<string, unknown> };

/** Where this answer sends the browser next, if anywhere. */
async function nextAddress(response: Response): Promise<Next | null> {
  const location = response.headers.get("location");
  if (response.status >= 300 && response.status < 400 && location) return { url: location, form: "location" };
  if (response.status !== 200 || !response.headers.get("content-type")?.includes("application/json")) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  return body?.redirect === true && typeof body.url === "string" ? { url: body.url, form: "json", body } : null;
}

/** The answer with the browser sent to `url` instead, in the same form, every other header (cookies) kept. */
function redirectedTo(response: Response, next: Next, url: string): Response {
  const headers = new Headers(response.headers);
  if (next.form === "location") {
    headers.set("location", url);
    return new Response(null, { status: response.status, headers });
  }
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...next.body, url }), { status: response.status, headers });
}

/**
 * The authorization server's answer to `request`, with a redirect to an untrusted address replaced
 * by our error page. `request` must be unread (a clone): the app's client_id is read from it only
 * when an answer is replaced.
 */
export async function keepRedirectsTrusted(request: Request, response: Response): Promise<Response> {
  const next = await nextAddress(response);
  if (!next) return response;
  const appUrl = config().APP_URL;
  // not an address at all: nothing to go on to, the page says so
  if (!URL.canParse(next.url, appUrl))
    return redirectedTo(response, next, new URL(`${OAUTH_ERROR_PATH}?error=invalid_request`, appUrl).toString());
  const target = new URL(next.url, appUrl);
  if (isTrustedRedirect(target, appUrl) || carriesCode(target, next.url)) return response;
  return redirectedTo(response, next, errorPageUrl(await clientIdOf(request), target));
}

/** The app an authorization request names: in the query (authorize), or in the signed oauth_query a page posts (sign-in, consent). */
async function clientIdOf(request: Request): Promise<string> {
  const direct = new URL(request.url).searchParams.get("client_id");
  if (direct || request.method !== "POST") return direct ?? "";
  const text = (await boundedText(request).catch(() => "")) ?? "";
  let fields: URLSearchParams;
  try {
    const json = JSON.parse(text) as { oauth_query?: unknown; client_id?: unknown };
    fields = new URLSearchParams(
      typeof json?.oauth_query === "string"
        ? json.oauth_query
        : typeof json?.client_id === "string"
          ? { client_id: json.client_id }
          : {},
    );
  } catch {
    const form = new URLSearchParams(text);
    fields = form.has("client_id") ? form : new URLSearchParams(form.get("oauth_query") ?? "");
  }
  return fields.get("client_id") ?? "";
}
