// RFC 9700 §4.11.2: the authorization server is no open redirector. Anyone may register an app
// whose redirect URI is their own site; a request that fails on purpose (a bad scope, prompt=none,
// a Deny) must not send a person there on its own, signed in or not, whether the browser follows a
// 302 or a page's fetch() gets the JSON form. Our error page names the app and the address; only a
// signed-in person's click goes on. A code the person allowed still goes to the app, and loopback
// redirect URIs (native apps: mcp-remote, the SDK clients) are trusted as before.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, createUser } from "../../lib/admin/commands";
import { baseUrl, makeBrand } from "../support/world";
import { consent, navigate, pkce, REDIRECT, register, signInCookie } from "../support/oauth-flow";

const EVIL = "https://evil.example/cb";
let brand: { shortId: string };
let cookie: string;
let evil: string;

beforeAll(async () => {
  brand = await makeBrand({ name: "Redirects" });
  const email = `redirects-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  await createUser(db(), { email, name: "Redirect Person", password });
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  cookie = await signInCookie(email, password);
  const registered = await register({ client_name: "Evil Helper", redirect_uris: [EVIL] });
  expect(registered.status).toBe(201);
  evil = registered.body.client_id;
});

type Form = "302" | "json";

/** GET /authorize; where the answer sends the browser, read from the 302 or from the JSON a page's fetch() gets. */
async function sentTo(params: Record<string, string>, form: Form, cookieHeader?: string): Promise<URL> {
  const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
  for (const [name, value] of Object.entries({ response_type: "code", state: "s1", ...params }))
    url.searchParams.set(name, value);
  if (form === "302") {
    const answer = await navigate(url, cookieHeader);
    expect(answer.status).toBe(302);
    return new URL(answer.location!, baseUrl());
  }
  const response = await fetch(url, { headers: cookieHeader ? { Cookie: cookieHeader } : {}, redirect: "manual" });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { redirect: boolean; url: string };
  expect(body.redirect).toBe(true);
  return new URL(body.url, baseUrl());
}

const valid = (clientId: string, redirect = EVIL) => ({
  client_id: clientId,
  redirect_uri: redirect,
  scope: "kit.read",
  code_challenge: pkce().challenge,
  code_challenge_method: "S256",
});

/** The error page as the browser shows it; the link on, when there is one. */
async function errorPage(url: URL, cookieHeader?: string): Promise<{ html: string; continueTo: URL | null }> {
  expect(url.origin + url.pathname).toBe(`${baseUrl()}/oauth/error`);
  const response = await fetch(url, { headers: cookieHeader ? { Cookie: cookieHeader } : {} });
  expect(response.status).toBe(200);
  const html = await response.text();
  const href = /href="([^"]+)"[^>]*data-testid="oauth-error-continue"/.exec(html)?.[1];
  return { html, continueTo: href ? new URL(href.replaceAll("&amp;", "&")) : null };
}

describe("an app on an untrusted address is never redirected to on its own", () => {
  for (const form of ["302", "json"] as const) {
    it(`a visitor not signed in, a request failing on purpose (${form}): our page, naming the app and the address`, async () => {
      // the review's request: no PKCE, an unknown scope
      const target = await sentTo({ client_id: evil, redirect_uri: EVIL, scope: "nope" }, form);
      expect(target.origin).toBe(new URL(baseUrl()).origin);
      expect(target.searchParams.get("error")).toBe("invalid_scope");
      const page = await errorPage(target);
      expect(page.html).toContain("permissions this service does not have");
      expect(page.html).toContain("Evil Helper");
      expect(page.html).toContain(EVIL);
      expect(page.html).toContain('data-testid="oauth-error-sign-in"');
      // not signed in: no way on to the app from our page
      expect(page.continueTo).toBeNull();
      expect(page.html).not.toContain('href="https://evil.example');
    });

    it(`prompt=none without a session (${form}): login_required on our page, not at the app`, async () => {
      const target = await sentTo({ ...valid(evil), prompt: "none" }, form);
      expect(target.pathname).toBe("/oauth/error");
      expect(target.searchParams.get("error")).toBe("login_required");
      expect((await errorPage(target)).html).toContain("You are not signed in");
    });
  }

  it("signed in: the error is shown, and the person may choose to go on (a link only this server can write)", async () => {
    const target = await sentTo({ client_id: evil, redirect_uri: EVIL, scope: "nope" }, "302", cookie);
    expect(target.pathname).toBe("/oauth/error");
    const { continueTo } = await errorPage(target, cookie);
    expect(continueTo?.origin + continueTo!.pathname).toBe(EVIL);
    expect(continueTo?.searchParams.get("error")).toBe("invalid_scope");
    expect(continueTo?.searchParams.get("state")).toBe("s1");
    // the same page pointing elsewhere, or past its time, offers no link
    const forged = new URL(target);
    forged.searchParams.set("to", "https://phish.example/login");
    expect((await errorPage(forged, cookie)).continueTo).toBeNull();
    const stale = new URL(target);
    stale.searchParams.set("exp", "1700000000");
    expect((await errorPage(stale, cookie)).continueTo).toBeNull();
  });

  it("signed in, prompt=none for an app never allowed: consent_required on our page", async () => {
    const target = await sentTo({ ...valid(evil), prompt: "none" }, "json", cookie);
    expect(target.pathname).toBe("/oauth/error");
    expect(target.searchParams.get("error")).toBe("consent_required");
  });

  it("Deny on the consent page leads to our page; Allow sends the code to the app, the person's choice", async () => {
    const consentUrl = await sentTo(valid(evil), "302", cookie);
    expect(consentUrl.pathname).toBe("/oauth/consent");
    const denied = await consent(cookie, consentUrl, { brands: [brand.shortId], scopes: ["kit.read"], accept: false });
    const deniedTo = new URL(denied.body.data.url);
    expect(deniedTo.origin + deniedTo.pathname).toBe(`${baseUrl()}/oauth/error`);
    expect(deniedTo.searchParams.get("error")).toBe("access_denied");
    expect((await errorPage(deniedTo, cookie)).continueTo?.origin).toBe("https://evil.example");

    const again = await sentTo(valid(evil), "302", cookie);
    const allowed = await consent(cookie, again, { brands: [brand.shortId], scopes: ["kit.read"] });
    const code = new URL(allowed.body.data.url);
    expect(code.origin + code.pathname).toBe(EVIL);
    expect(code.searchParams.get("code")).toBeTruthy();
    // allowed before: a later authorization comes back with a code, as for any app
    const silent = await sentTo({ ...valid(evil), prompt: "none" }, "302", cookie);
    expect(silent.origin).toBe("https://evil.example");
    expect(silent.searchParams.get("code")).toBeTruthy();
  });

  it("a native app's loopback redirect URI is trusted: its errors go back to it", async () => {
    const native = (await register()).body.client_id as string;
    for (const form of ["302", "json"] as const) {
      const target = await sentTo({ client_id: native, redirect_uri: REDIRECT, scope: "nope" }, form);
      expect(target.origin + target.pathname).toBe(REDIRECT);
      expect(target.searchParams.get("error")).toBe("invalid_scope");
    }
  });
});

describe("an app known by its metadata document is no more trusted", () => {
  let server: Server;
  let clientId = "";
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          client_id: clientId,
          client_name: "Documented Evil",
          redirect_uris: [EVIL],
          token_endpoint_auth_method: "none",
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    clientId = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a visitor not signed in, a bad scope: our page, with the document's name", async () => {
    const target = await sentTo({ client_id: clientId, redirect_uri: EVIL, scope: "nope" }, "302");
    expect(target.pathname).toBe("/oauth/error");
    const page = await errorPage(target);
    expect(page.html).toContain("Documented Evil");
    expect(page.html).toContain("identified by its address");
  });
});
