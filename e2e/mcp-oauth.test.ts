// MCP OAuth end to end, as a person connects a remote MCP client: the official SDK client discovers
// the protected resource and the authorization server, registers itself (RFC 7591) and starts an
// authorization code flow with PKCE; Debian's Chromium signs in and consents on the real pages,
// choosing one brand, some scopes and that the app confirms its own changes; the client exchanges
// the code, lists its tools, reads the kit and makes a confirmed write (elicitation). Then Revoke in
// Security and access cuts it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, type Person } from "./support/people";
import {
  finishAuthorization,
  LoopbackRedirect,
  MemoryOAuthProvider,
  startAuthorization,
} from "../test/support/oauth-mcp-client";
import { otherLoopbackUrl } from "../test/support/world";

const baseUrl = inject("baseUrl");
let browser: Browser;
let redirect: LoopbackRedirect;
beforeAll(async () => {
  browser = await launchBrowser();
  redirect = await new LoopbackRedirect().start();
});
afterAll(async () => {
  await browser?.close();
  await redirect?.close();
});

type ToolResult = { isError?: boolean; structuredContent?: Record<string, any> };

/** Opens the authorization URL, signs in, and leaves the page on the consent form. */
async function openConsent(page: Page, url: URL, person: Person): Promise<void> {
  // the page may leave for the client's loopback redirect URI
  await page.context().route(`${new URL(redirect.url).origin}/**`, (route) => route.continue());
  await page.goto(url.toString());
  await page.getByTestId("sign-in-email").fill(person.email);
  await page.getByTestId("sign-in-password").fill(person.password);
  await page.getByTestId("sign-in-submit").click();
  await page.locator('[data-testid="consent-form"][data-ready="true"]').waitFor();
}

/** Clicks Allow or Deny and answers what the client's redirect URI received (or the page's error). */
async function answer(page: Page, button: "consent-allow" | "consent-deny"): Promise<URLSearchParams> {
  const received = redirect.next();
  await page.getByTestId(button).click();
  // settles only if the page shows a refusal: a slow redirect is waited for, not taken for one
  const refused = page
    .getByTestId("consent-error")
    .waitFor({ timeout: 100_000 })
    .then(
      async () => {
        throw new Error(`consent refused: ${await page.getByTestId("consent-error").textContent()}`);
      },
      () => new Promise<never>(() => undefined),
    );
  return Promise.race([received, refused]);
}

// A whole sign-in, consent, token, tools and settings flow. CI's distributed run once timed out in
// it (30 s) where every other run takes 4 s: the step it was at is printed on failure, and the
// flow has 120 s, so a slow step and a stuck one can be told apart.
let step = "";
const at = (name: string) => void (step = name);

describe("MCP OAuth: the SDK client and a person in Chromium", () => {
  it("connects with the brands and scopes chosen, calls tools as allowed, and is cut by Revoke", async () => {
    onTestFailed(() => console.error(`[mcp-oauth] the flow stopped at: ${step}`));
    at("seeding");
    const brand = await createTestBrand("Oauth Bakery");
    const other = await createTestBrand("Oauth Other");
    const person = await createPerson({
      name: "Olive Auth",
      brands: { [brand.shortId]: "admin", [other.shortId]: "admin" },
    });
    const provider = new MemoryOAuthProvider(redirect.url, "Test MCP Client");

    at("discovery and registration (SDK)");
    const url = await startAuthorization(baseUrl, provider);
    expect(url.pathname).toBe("/api/auth/oauth2/authorize");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(`${baseUrl}/api/mcp`);

    at("sign-in in Chromium");
    const { page } = await newPage(browser, baseUrl);
    await openConsent(page, url, person);
    expect(await page.getByTestId("consent-client-name").textContent()).toBe("Test MCP Client");
    expect(await page.getByTestId("consent-unverified").isVisible()).toBe(true);
    // least privilege first: reading only, no brand chosen while there are two
    expect(await page.getByTestId("consent-scope-kit.read").isChecked()).toBe(true);
    expect(await page.getByTestId("consent-scope-kit.write").isChecked()).toBe(false);
    expect(await page.getByTestId("consent-allow").isDisabled()).toBe(true);
    await page.getByTestId(`consent-brand-${brand.shortId}`).check();
    await page.getByTestId("consent-preset-all").click();
    await page.getByTestId("consent-scope-connections.write").uncheck();
    // the app's changes wait for the person unless she chooses otherwise: this app asks her in its own dialog
    expect(await page.getByTestId("consent-confirm-by-person").isChecked()).toBe(true);
    await page.getByTestId("consent-confirm-by-caller").check();
    await screenshot(page, "mcp-oauth-consent");
    at("consent → redirect");
    const params = await answer(page, "consent-allow");
    expect(params.get("iss")).toBe(`${baseUrl}/api/auth`);
    const code = params.get("code")!;
    expect(code).toBeTruthy();
    expect(
      (await db().appGrant.findFirstOrThrow({ where: { userId: person.id }, select: { confirmBy: true } })).confirmBy,
    ).toBe("caller");

    at("token exchange and connect");
    const client = await finishAuthorization(baseUrl, provider, code, "accept");
    expect(provider.stored?.access_token).toMatch(/^boa_/);
    expect(provider.stored?.refresh_token).toMatch(/^bor_/);
    at("tools/list");
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("kit_read");
    expect(tools).toContain("kit_colors_add");
    expect(tools).not.toContain("connections_connect");

    at("kit_read");
    const read = (await client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as ToolResult;
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toHaveProperty("colors");
    const elsewhere = (await client.callTool({ name: "kit_read", arguments: { brand: other.shortId } })) as ToolResult;
    expect(elsewhere.structuredContent?.error?.code).toBe("forbidden");

    // a confirmed write: the person is asked (elicitation), the door presents the token itself
    const hex = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")
      .toUpperCase()}`;
    at("confirmed write by elicitation");
    const write = (await client.callTool({
      name: "kit_colors_add",
      arguments: { brand: brand.shortId, name: "Crust", hex, role: "accent" },
    })) as ToolResult;
    expect(write.isError, JSON.stringify(write.structuredContent)).toBeFalsy();
    const audit = await db().auditEntry.findFirst({
      where: { capabilityId: "kit.colors.add", userId: person.id, outcome: "ok" },
    });
    expect(audit).toMatchObject({
      door: "mcp",
      appName: "Test MCP Client",
      appClientId: provider.client!.client_id,
      apiKeyId: null,
    });

    // Security and access lists the app; Revoke cuts it at the next call
    at("Connected apps and Revoke");
    await page.goto("/settings");
    const row = page.getByTestId("connected-app");
    await row.waitFor();
    expect(await page.getByTestId("connected-app-name").textContent()).toBe("Test MCP Client");
    expect((await row.textContent())!).toContain(brand.shortId);
    expect((await row.textContent())!).not.toContain(other.shortId);
    expect((await row.textContent())!).toMatch(/last used (?!never)/);
    expect(await page.getByTestId("connected-app-confirm-by").textContent()).toBe("the app");
    await screenshot(page, "mcp-oauth-connected-apps");
    await page.getByTestId("connected-app-revoke").click();
    await page.getByTestId("connected-apps-empty").waitFor();
    const response = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${provider.stored!.access_token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  }, 120_000);

  it("connects through the server's other loopback name, the person signing in where APP_URL is", async () => {
    const brand = await createTestBrand("Oauth Localhost");
    const person = await createPerson({ name: "Lo Calhost", brands: { [brand.shortId]: "admin" } });
    // a client configured with localhost while APP_URL names 127.0.0.1: the metadata it finds there
    // names localhost's resource (RFC 9728 clients refuse any other), the authorization server is APP_URL's
    const other = otherLoopbackUrl();
    const provider = new MemoryOAuthProvider(redirect.url, "Localhost Client");
    const url = await startAuthorization(other, provider);
    expect(url.origin + url.pathname).toBe(`${baseUrl}/api/auth/oauth2/authorize`);
    expect(url.searchParams.get("resource")).toBe(`${other}/api/mcp`);
    const { page } = await newPage(browser, baseUrl);
    await openConsent(page, url, person);
    const params = await answer(page, "consent-allow");
    expect(params.get("iss")).toBe(`${baseUrl}/api/auth`);
    // left as offered: the app's changes wait for the person
    expect(
      (await db().appGrant.findFirstOrThrow({ where: { userId: person.id }, select: { confirmBy: true } })).confirmBy,
    ).toBe("person");
    const client = await finishAuthorization(other, provider, params.get("code")!);
    const read = (await client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as ToolResult;
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toHaveProperty("colors");
    await client.close();
  }, 120_000);

  it("the consent page fits a 360 px phone", async () => {
    const brand = await createTestBrand("Oauth Phone");
    const person = await createPerson({ name: "Phone Auth", brands: { [brand.shortId]: "viewer" } });
    const provider = new MemoryOAuthProvider(redirect.url, "Phone Client");
    const url = await startAuthorization(baseUrl, provider);
    const { page } = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await openConsent(page, url, person);
    // the one brand is chosen already; the page does not scroll sideways
    expect(await page.getByTestId(`consent-brand-${brand.shortId}`).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "mcp-oauth-consent-phone");
    expect((await answer(page, "consent-deny")).get("error")).toBe("access_denied");
  }, 120_000);
});
