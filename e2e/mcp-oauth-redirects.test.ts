// An app registered with someone else's address (RFC 9700 §4.11.2), seen by a person in Chromium:
// a request that fails on purpose leaves the browser on our own error page, in the app's look, which
// says what went wrong, names the app and the address it wanted; signed in, the person may choose to
// go on. The page may reach only the service (newPage): a redirect to the app would be recorded.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson } from "./support/people";

const baseUrl = inject("baseUrl");
const ADDRESS = "https://phish.example/callback";
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("MCP OAuth: an app's error for an address this server does not trust", () => {
  it("stays on our page, which names the app and the address; going on is the signed-in person's choice", async () => {
    const person = await createPerson({ name: "Careful Person" });
    const registered = await fetch(`${baseUrl}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_name: "Totally Official Helper",
        redirect_uris: [ADDRESS],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };
    const url = new URL(`${baseUrl}/api/auth/oauth2/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id,
      redirect_uri: ADDRESS,
      scope: "nope",
      state: "s1",
    }))
      url.searchParams.set(name, value);

    const { page, blocked } = await newPage(browser, baseUrl);
    await page.goto(url.toString());
    await page.getByTestId("oauth-error").waitFor();
    expect(new URL(page.url()).pathname).toBe("/oauth/error");
    expect(await page.getByTestId("oauth-error-title").textContent()).toBe(
      "The app asked for permissions this service does not have",
    );
    expect(await page.getByTestId("oauth-error-client-name").textContent()).toBe("Totally Official Helper");
    expect(await page.getByTestId("oauth-error-address").textContent()).toBe(ADDRESS);
    expect(await page.getByTestId("oauth-error-continue").count()).toBe(0);
    await screenshot(page, "oauth-error-signed-out");

    await page.getByTestId("oauth-error-sign-in").click();
    await page.getByTestId("sign-in-email").fill(person.email);
    await page.getByTestId("sign-in-password").fill(person.password);
    await page.getByTestId("sign-in-submit").click();
    const onward = page.getByTestId("oauth-error-continue");
    await onward.waitFor();
    const href = new URL((await onward.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(ADDRESS);
    expect(href.searchParams.get("error")).toBe("invalid_scope");
    expect(href.searchParams.get("state")).toBe("s1");
    await screenshot(page, "oauth-error-signed-in");
    // nothing left for the app's address on its own
    expect(blocked).toEqual([]);
  }, 60_000);
});
