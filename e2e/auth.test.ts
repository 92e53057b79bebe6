// Signing in and out in Debian's Chromium, against the suite's server.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("sign-in page", () => {
  it("sends a signed-out person to /sign-in, says a wrong password in words, then signs in and out", async () => {
    const person = await createPerson({ name: "Grace Hopper" });
    const { page, blocked } = await newPage(browser, baseUrl);

    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/settings");
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible()).toBe(true);
    await screenshot(page, "sign-in");

    await page.getByTestId("sign-in-email").fill(person.email);
    await page.getByTestId("sign-in-password").fill("not my password");
    await page.getByTestId("sign-in-submit").click();
    await page.getByTestId("sign-in-error").waitFor();
    expect(await page.getByTestId("sign-in-error").textContent()).toBe("Wrong e-mail address or password.");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await screenshot(page, "sign-in-wrong-password");

    // an unknown address reads exactly the same: no hint whether an account exists
    await page.getByTestId("sign-in-email").fill("nobody-at-all@test.example");
    await page.getByTestId("sign-in-submit").click();
    await expect.poll(() => page.getByTestId("sign-in-submit").isEnabled()).toBe(true);
    expect(await page.getByTestId("sign-in-error").textContent()).toBe("Wrong e-mail address or password.");

    await page.getByTestId("sign-in-email").fill(person.email);
    await page.getByTestId("sign-in-password").fill(person.password);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => url.pathname === "/settings");
    expect(await page.getByTestId("signed-in-as").textContent()).toContain(person.email);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.getByTestId("sign-out").click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    expect(blocked).toEqual([]);
  });

  it("goes only to same-origin paths after sign-in", async () => {
    const person = await createPerson();
    const { page } = await newPage(browser, baseUrl);
    await page.goto(`/sign-in?next=${encodeURIComponent("//evil.example/steal")}`);
    await page.getByTestId("sign-in-email").fill(person.email);
    await page.getByTestId("sign-in-password").fill(person.password);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);

    // a signed-in person opening /sign-in goes straight on
    await page.goto("/sign-in?next=/settings");
    expect(new URL(page.url()).pathname).toBe("/settings");
    await signIn(page, person.email, person.password, "/settings"); // the helper copes with that too
  });
});
