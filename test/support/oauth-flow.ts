// MCP OAuth over plain HTTP, for the negative tests: what a client and a person's browser send,
// step by step (register, sign in, authorize, consent, token), so each step can be got wrong on
// purpose. The happy path with the SDK client and Chromium is e2e/mcp-oauth.test.ts.
import { createHash, randomBytes } from "node:crypto";
import { get } from "node:http";
import { responseOf } from "./mcp-answer";
import { baseUrl } from "./world";

let serverUrl: string | undefined;
/** Where the steps go: the suite's server, or (multi-instance tests) a balancer in front of several. */
export function useServer(url: string): void {
  serverUrl = url;
}
const server = () => serverUrl ?? baseUrl();

export const REDIRECT = "http://127.0.0.1:43123/callback";

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function register(metadata: Record<string, unknown> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server()}/api/auth/oauth2/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Negative Client",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      ...metadata,
    }),
  });
  return { status: response.status, body: await response.json() };
}

/** The session cookie of a person signed in on the real sign-in endpoint. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const response = await fetch(`${server()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(server()).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** GET /authorize as the browser would; answers where it sends the browser. */
export async function authorize(cookie: string, params: Record<string, string>): Promise<URL> {
  const url = new URL(`${server()}/api/auth/oauth2/authorize`);
  for (const [name, value] of Object.entries({
    response_type: "code",
    redirect_uri: REDIRECT,
    resource: `${server()}/api/mcp`,
    state: "s1",
    ...params,
  })) {
    if (value !== "") url.searchParams.set(name, value);
  }
  return followAuthorize(url, cookie);
}

/** The authorization server's answer as a navigation would follow it (a 302, or its JSON form to fetch). */
export async function followAuthorize(url: URL, cookie: string): Promise<URL> {
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  const location =
    response.headers.get("location") ?? ((await response.json().catch(() => null)) as { url?: string } | null)?.url;
  if (!location) throw new Error(`authorize answered ${response.status} without a redirect`);
  return new URL(location, server());
}

/**
 * GET as a browser's navigation: better-auth answers it with a 302, where fetch() (undici always
 * sends Sec-Fetch-Mode: cors) gets the JSON form. Answers the status and the Location.
 */
export function navigate(url: URL, cookie?: string): Promise<{ status: number; location: string | null }> {
  const headers = { "Sec-Fetch-Mode": "navigate", Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) };
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null });
    }).on("error", reject);
  });
}

/** The consent page's answer, as its form posts it; answers the redirect URL (code or error). */
export async function consent(
  cookie: string,
  consentUrl: URL,
  choice: { brands: string[]; scopes: string[]; accept?: boolean; confirmBy?: "person" | "caller" },
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server()}/api/oauth/consent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: new URL(server()).origin },
    body: JSON.stringify({
      oauthQuery: consentUrl.searchParams.toString(),
      accept: choice.accept ?? true,
      brands: choice.brands,
      scopes: choice.scopes,
      // absent, as a page that does not ask: the grant's writes wait for the person
      confirmBy: choice.confirmBy,
    }),
  });
  return { status: response.status, body: await response.json() };
}

export async function token(form: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server()}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: await response.json() };
}

/** The person's part of a client's authorization URL (signed in, consenting to this); answers what the redirect URI receives. */
export async function answerAuthorization(
  cookie: string,
  url: URL,
  choice: { brands: string[]; scopes: string[] },
): Promise<URLSearchParams> {
  const consentUrl = await followAuthorize(url, cookie);
  if (consentUrl.pathname !== "/oauth/consent") throw new Error(`authorize went to ${consentUrl}`);
  const answered = await consent(cookie, consentUrl, choice);
  return new URL(answered.body.data.url).searchParams;
}

/** A whole grant: registration, authorization with PKCE, consent with these brands and scopes, tokens (for `resource`). */
export async function connect(
  cookie: string,
  choice: { brands: string[]; scopes: string[]; confirmBy?: "person" | "caller" },
  resource = `${server()}/api/mcp`,
) {
  const client = await register();
  const clientId = client.body.client_id as string;
  const { verifier, challenge } = pkce();
  const consentUrl = await authorize(cookie, {
    client_id: clientId,
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: choice.scopes.join(" "),
    resource,
  });
  if (consentUrl.pathname !== "/oauth/consent") throw new Error(`authorize went to ${consentUrl}`);
  const answered = await consent(cookie, consentUrl, choice);
  const code = new URL(answered.body.data.url).searchParams.get("code")!;
  const tokens = await token({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
    resource,
  });
  return {
    clientId,
    verifier,
    code,
    tokens: tokens.body as { access_token: string; refresh_token: string; scope: string },
  };
}

/** A JSON-RPC message to the door, at the server's address or another name of it (`url`). */
export async function mcpPost(accessToken: string, message: Record<string, unknown>, url = server()) {
  return fetch(`${url}/api/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${accessToken}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
  });
}

export async function callTool(accessToken: string, name: string, args: Record<string, unknown>) {
  const response = await mcpPost(accessToken, { method: "tools/call", params: { name, arguments: args } });
  return {
    status: response.status,
    challenge: response.headers.get("www-authenticate"),
    // the JSON-RPC response, however the door sent it (one JSON body or an event stream)
    body:
      response.status === 200
        ? responseOf(response.headers.get("content-type"), await response.text())
        : await response.text(),
  };
}
