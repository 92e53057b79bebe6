// People sign in with better-auth (e-mail and password) on our own Prisma client and tables.
// Public sign-up is off: people are created by the operator CLI (lib/admin/people.ts), which
// hashes with better-auth's own scrypt hasher, so both sides agree on the stored format.
import "server-only";
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { config } from "../config";
import { hmac } from "../crypto";
import { rateLimitStore } from "../core/rate-limit";
import { db, dialect } from "../db/client";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { withBoundedJson } from "./json-body";
import { boundedText } from "../http/body";
import { checkSignIn, deviceCookie } from "./sign-in-limits";
import { OAUTH_ERROR_PATH } from "../oauth/error-page";
import { oauthProviderPlugin } from "../oauth/provider";
import { OFFLINE_ACCESS } from "../oauth/resource";

export const SESSION_DAYS = 7;

function createAuth() {
  const settings = config();
  return betterAuth({
    appName: "Brand Operations",
    baseURL: settings.APP_URL,
    basePath: "/api/auth",
    // its own key, derived from APP_SECRET: rotating one rotates both, without sharing the raw secret
    secret: hmac(settings.APP_SECRET, "better-auth", "session-secret"),
    trustedOrigins: [settings.APP_URL],
    // the same database and client as the rest of the service, SQLite or PostgreSQL
    database: prismaAdapter(db(), { provider: dialect(), transaction: true }),
    telemetry: { enabled: false },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { modelName: "authSession", expiresIn: SESSION_DAYS * 86_400, updateAge: 86_400 },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    user: { fields: { image: "avatarUrl" } },
    // the authorization server of the MCP door's OAuth (lib/oauth)
    plugins: [oauthProviderPlugin()],
    // failed authorizations that have no trusted place to return to: our own page, in words
    onAPIError: { errorURL: new URL(OAUTH_ERROR_PATH, settings.APP_URL).toString() },
    rateLimit: {
      enabled: true,
      // every rule counts over 60 s in the service's own limiter (shared between instances when it is)
      window: 60,
      max: 100,
      customStorage: { consume: consumeAttempt },
      // per client address, as this server resolved it (never a header the client chose)
      customRules: { "/sign-in/email": { window: 60, max: settings.SIGN_IN_PER_MINUTE } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => randomUUID() },
      // Secure follows APP_URL: https in production, plain http on a developer's machine
      useSecureCookies: settings.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
  });
}

/** better-auth's limiter on the API door's store: a sliding 60-second log per client address and path. */
async function consumeAttempt(key: string, rule: { max: number }) {
  const decision = await rateLimitStore().hit(`auth:${key}`, rule.max, Date.now());
  return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { brandOpsAuth?: { key: string; auth: Auth } };

/** Built on first use, not at import: `next build` imports routes without a database. */
export function auth(): Auth {
  const settings = config();
  const key = `${settings.DATABASE_URL}|${settings.APP_URL}`;
  if (globalForAuth.brandOpsAuth?.key !== key) globalForAuth.brandOpsAuth = { key, auth: createAuth() };
  return globalForAuth.brandOpsAuth.auth;
}

/**
 * The better-auth endpoints this service uses; every other one (sign-up, e-mail change, password
 * reset, social accounts, user updates) answers 404, whatever a later better-auth version adds.
 */
const SERVED = new Set([
  "/sign-in/email",
  "/sign-out",
  "/get-session",
  "/change-password",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  // OAuth for MCP clients: the person's browser (authorize, consent) and the client (the rest)
  "/oauth2/authorize",
  "/oauth2/consent",
  "/oauth2/token",
  "/oauth2/register",
  "/oauth2/revoke",
]);
/** Called by OAuth clients themselves, from no page of ours: no Origin to check, and no cookie read. */
const CLIENT_ENDPOINTS = new Set(["/oauth2/token", "/oauth2/register", "/oauth2/revoke"]);
export const authPath = (request: Request) =>
  new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/+$/, "");
/** Whether /api/auth answers at this address: the authorization server's metadata names no other endpoint. */
export const servesAuthEndpoint = (url: string) =>
  URL.canParse(url) &&
  new URL(url).origin === new URL(config().APP_URL).origin &&
  SERVED.has(authPath(new Request(url)));
/** An endpoint OAuth clients call themselves (the ones a browser MCP host gets CORS on). */
export const isOAuthClientEndpoint = (request: Request) => CLIENT_ENDPOINTS.has(authPath(request));

/**
 * A registration whose redirect URIs are all loopback (RFC 8252 §7.3) or private-use schemes is a
 * native app's, whatever it forgot to say. MCP clients (mcp-remote, IDE agents, the SDK) register
 * `http://127.0.0.1:<port>/callback` without `application_type`, which RFC 7591 reads as "web",
 * and the plugin rightly refuses http redirects for web clients; so the type is filled in here.
 */
async function asNativeWhenLoopback(request: Request): Promise<Request> {
  const text = (await boundedText(request)) ?? "";
  let body: { application_type?: unknown; redirect_uris?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return new Request(request, { body: text });
  }
  const uris = Array.isArray(body?.redirect_uris) ? body.redirect_uris : [];
  const native =
    uris.length > 0 &&
    uris.every((uri) => typeof uri === "string" && URL.canParse(uri) && isNativeRedirect(new URL(uri)));
  const patched =
    body && typeof body === "object" && body.application_type === undefined && native
      ? { ...body, application_type: "native" }
      : body;
  return new Request(request, { body: JSON.stringify(patched) });
}

const isNativeRedirect = (uri: URL) =>
  (uri.protocol === "http:" && ["127.0.0.1", "[::1]", "localhost"].includes(uri.hostname)) ||
  !["http:", "https:", "javascript:", "data:", "file:"].includes(uri.protocol);

/**
 * Every authorization asks for offline_access, so every grant gets a rotating refresh token: MCP
 * clients ask for the scopes the door names and rarely think of it, and without it a person would
 * sign in again every hour. (The authorization server may issue refresh tokens at its discretion,
 * OAuth 2.1 §4.3; this is that discretion, exercised the same way for everyone.)
 */
function withOfflineAccess(request: Request): Request {
  const url = new URL(request.url);
  const scope = url.searchParams.get("scope");
  if (scope === null || scope.split(" ").includes(OFFLINE_ACCESS)) return request;
  url.searchParams.set("scope", `${scope} ${OFFLINE_ACCESS}`.trim());
  return new Request(url, request);
}

export async function handleAuthRequest(received: Request): Promise<Response> {
  const path = authPath(received);
  if (!SERVED.has(path)) return Response.json({ message: "Not found" }, { status: 404 });
  const request = await withBoundedJson(received);
  if (request instanceof Response) return request;
  // better-auth checks Origin only when a cookie is present; a sign-in without one from another
  // site (login CSRF: signing someone into the attacker's account) is refused here too
  if (path === "/oauth2/register" && request.method === "POST")
    return auth().handler(await asNativeWhenLoopback(request));
  if (CLIENT_ENDPOINTS.has(path)) return auth().handler(request);
  if (path === "/oauth2/authorize")
    return auth().handler(request.method === "GET" ? withOfflineAccess(request) : request);
  if (request.method !== "GET" && request.headers.get("origin") !== new URL(config().APP_URL).origin) {
    return Response.json({ message: "Requests must come from this service's own pages" }, { status: 403 });
  }
  if (path !== "/sign-in/email" || request.method !== "POST") return auth().handler(request);
  const email = await request
    .clone()
    .json()
    .then(
      (body: { email?: unknown }) => (typeof body?.email === "string" ? body.email : ""),
      () => "",
    );
  const verdict = await checkSignIn(request, email);
  if (!verdict.allowed) {
    const headers = {
      "Retry-After": String(verdict.retryAfterSeconds),
      "X-Retry-After": String(verdict.retryAfterSeconds),
    };
    return Response.json({ code: "TOO_MANY_REQUESTS", message: verdict.message }, { status: 429, headers });
  }
  const response = await auth().handler(request);
  if (response.ok && email) response.headers.append("Set-Cookie", deviceCookie(email));
  return response;
}
