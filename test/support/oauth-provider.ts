// A real OAuth 2 authorization server on loopback (oauth2-mock-server), recording what our service
// sends it: token requests, revocations, userinfo calls. Endpoints use 127.0.0.1, not localhost,
// so that nothing depends on how this machine resolves names.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { IncomingMessage } from "node:http";
import { expect } from "vitest";
import { OAuth2Server, Events } from "oauth2-mock-server";
import { setPassword } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";

export type Recorded = { body: Record<string, string>; authorization: string | undefined };

export async function startMockProvider(options: { accountName?: string } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const base = `http://127.0.0.1:${server.address().port}`;

  const tokenRequests: Recorded[] = [];
  const tokenResponses: Record<string, unknown>[] = [];
  const revocations: Promise<Recorded>[] = [];
  const userinfoCalls: string[] = [];
  server.service.on(Events.BeforeResponse, (response, req) => {
    tokenRequests.push({ body: { ...(req.body as Record<string, string>) }, authorization: req.headers.authorization });
    tokenResponses.push(response.body as Record<string, unknown>);
  });
  server.service.on(Events.BeforeRevoke, (_response, req) => {
    revocations.push(readForm(req));
  });
  server.service.on(Events.BeforeUserinfo, (response, req) => {
    userinfoCalls.push(req.headers.authorization ?? "");
    response.body = { sub: "johndoe", name: options.accountName ?? "Northwind Social" };
  });

  return {
    server,
    base,
    tokenRequests,
    tokenResponses,
    userinfoCalls,
    /** revocation requests received so far, with their form bodies */
    revocations: () => Promise.all(revocations),
    /** an entry of CONNECTION_PROVIDERS_FILE pointing at this server */
    entry(provider: string, overrides: Record<string, unknown> = {}) {
      return {
        provider,
        name: `Mock ${provider}`,
        authorizationUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        revocationUrl: `${base}/revoke`,
        clientId: `client-${provider}`,
        clientSecret: `secret-${provider}`,
        scopes: ["openid", "posts.write"],
        userinfoUrl: `${base}/userinfo`,
        accountField: "name",
        ...overrides,
      };
    },
    stop: () => server.stop(),
  };
}

export type MockProvider = Awaited<ReturnType<typeof startMockProvider>>;

/** Writes a CONNECTION_PROVIDERS_FILE into a temporary folder; returns its path and a cleanup. */
export function writeProvidersFile(entries: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-providers-"));
  const file = path.join(dir, "providers.json");
  writeFileSync(file, typeof entries === "string" ? entries : JSON.stringify(entries, null, 2));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function readForm(req: IncomingMessage): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () =>
      resolve({ body: Object.fromEntries(new URLSearchParams(text)), authorization: req.headers.authorization }),
    );
    req.on("error", reject);
  });
}

const PASSWORD = "connect-links-password";
const withPassword = new Set<string>();

/**
 * A browser of this person signed in on the server at `serverUrl`: its session cookie. Each call
 * is another browser (another sign-in session); the person's password is set once, by the
 * operator command, for people the world made without one.
 */
export async function signedInBrowser(serverUrl: string, email: string): Promise<string> {
  if (!withPassword.has(email)) {
    await setPassword(db(), { email, password: PASSWORD });
    withPassword.add(email);
  }
  const response = await fetch(`${serverUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(serverUrl).origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** The link's first stop, opened in this browser: where it sends the browser (303). */
export async function openLink(
  link: string,
  cookie?: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(link, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** The provider's authorization URL the link leads its owner's browser to. */
export async function providerUrlOf(link: string, cookie: string): Promise<string> {
  const opened = await openLink(link, cookie);
  expect(opened.status, opened.html).toBe(303);
  return opened.location!;
}

/**
 * The person opens the link in this browser: our service sends it on to the provider, which (no
 * login screen here) redirects to our callback. Answers the callback URL.
 */
export async function visitProvider(link: string, cookie: string): Promise<string> {
  const response = await fetch(await providerUrlOf(link, cookie), { redirect: "manual" });
  expect(response.status).toBe(302);
  return response.headers.get("location")!;
}

/** A page of ours, in a browser with this cookie (or none). */
export async function openPage(url: string, cookie?: string) {
  const response = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    html: await response.text(),
    headers: response.headers,
  };
}

export function expectPage(
  page: Awaited<ReturnType<typeof openPage>>,
  status: number,
  outcome: "connected" | "failed",
) {
  expect(page.status, page.html).toBe(status);
  expect(page.type).toMatch(/^text\/html/);
  expect(page.html).toMatch(/^<!doctype html>/);
  expect(page.html).toContain(`data-outcome="${outcome}"`);
  expect(page.html).not.toMatch(/"ok":|\bat .+\.js:\d+/); // never JSON, never a stack
}

export function stateIdOf(authorizationUrl: string): string {
  const state = new URL(authorizationUrl).searchParams.get("state")!;
  return JSON.parse(Buffer.from(state.split(".")[0]!, "base64url").toString()).i;
}
