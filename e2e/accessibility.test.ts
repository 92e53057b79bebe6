// Every page checked by axe-core (through @axe-core/playwright) in Debian's Chromium, in the states a
// person sees: sign-in, the chat (empty, with the slash palette open, with a form, with a widget),
// the Activity page, settings, Waiting for you and the 404 page; in the light and in the dark
// appearance (the system's prefers-color-scheme), so contrast is checked in both. No serious or
// critical violation is allowed; what axe found is listed when one is. Dark screenshots: dark-*.png.
// Also the API reference (/docs, rendered by Scalar, and its summary when the script does not
// load), the OAuth consent and error pages (the confirm page: e2e/mcp-confirm-page.test.ts), and the
// reduced-motion preference. Screenshots docs-light, docs-dark, docs-phone, docs-summary.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { pkce, REDIRECT, register } from "../test/support/oauth-flow";
import { createKey } from "../lib/admin/commands";
import { db } from "../lib/db/client";

const baseUrl = inject("baseUrl");
let browser: Browser;
let person: Person;
let brand: { id: string; shortId: string };

beforeAll(async () => {
  brand = await createTestBrand("Axe Roasters");
  person = await createPerson({ name: "Ari Access", brands: { [brand.shortId]: "admin" } });
  // settings list a key and a connected app, each with its controls
  await createKey(db(), { email: person.email, scopes: "all", name: "Axe key", confirmBy: "person" });
  await db().appGrant.create({
    data: {
      id: randomUUID(),
      userId: person.id,
      clientId: `axe-${randomUUID()}`,
      brandIds: [brand.id],
      scopes: ["kit.read"],
    },
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** axe's serious and critical violations on the page as it is now, in words. */
async function problems(target: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page: target as never }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}

describe.each(["light", "dark"] as const)(
  "accessibility (axe-core), %s appearance: no serious or critical violation",
  (scheme) => {
    let page: Page;
    beforeAll(async () => {
      page = (await newPage(browser, baseUrl)).page;
      await page.emulateMedia({ colorScheme: scheme });
    });
    const keep = (name: string) =>
      scheme === "dark" ? screenshot(page, `dark-${name}`, { fullPage: false }) : undefined;

    it("sign-in", async () => {
      await page.goto(`${baseUrl}/sign-in`);
      await page.getByLabel("E-mail address").waitFor();
      expect(await problems(page)).toEqual([]);
      await keep("sign-in");
    });

    it("the chat: empty, with the slash palette, with a form, and with a widget", async () => {
      await signIn(page, person.email, person.password);
      await page.waitForFunction(
        (id) => (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === id,
        brand.shortId,
      );
      expect(await problems(page)).toEqual([]);
      await page.getByTestId("chat-input").fill("/");
      await page.getByTestId("slash-item-kit.read").waitFor();
      expect(await problems(page)).toEqual([]);
      // WAI-ARIA's listbox popup: the message box names the highlighted option, arrows move it
      const box = page.getByTestId("chat-input");
      const options = page.getByRole("listbox", { name: "Commands" }).getByRole("option");
      const [first, second] = [await options.nth(0).getAttribute("id"), await options.nth(1).getAttribute("id")];
      expect(await box.getAttribute("aria-controls")).toBe("slash-listbox");
      expect(await box.getAttribute("aria-activedescendant")).toBe(first);
      await box.press("ArrowDown");
      expect(await box.getAttribute("aria-activedescendant")).toBe(second);
      expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
      expect(await options.nth(0).getAttribute("aria-selected")).toBe("false");
      await page.getByTestId("slash-item-kit.colors.add").click();
      await page.getByTestId("slash-run").waitFor();
      // Tab goes round the form's controls and never leaves the palette
      for (let step = 0; step < 8; step++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[data-testid=slash-palette]")))).toBe(
          true,
        );
      }
      expect(await problems(page)).toEqual([]);
      await keep("chat-form");
      await page.getByTestId("chat-input").fill("");
      await page.getByTestId("chat-input").fill("/");
      await page.getByTestId("slash-item-kit.read").click();
      await page.getByTestId("slash-run").click();
      await page.getByTestId("slash-result").getByTestId("widget-palette").waitFor();
      expect(await problems(page)).toEqual([]);
      // one level-one heading whatever the conversation holds; no table header without words
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await emptyHeaders(page)).toEqual([]);
      await keep("chat");
    });

    it("the Activity page and settings", async () => {
      await page.goto(`${baseUrl}/activity`);
      await page.getByTestId("activity-filters").waitFor();
      expect(await problems(page)).toEqual([]);
      await keep("activity");
      await page.goto(`${baseUrl}/settings`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await problems(page)).toEqual([]);
      await keep("settings");
    });

    it("Waiting for you, with a write waiting and the header's badge", async () => {
      const { key } = await createKey(db(), {
        email: person.email,
        scopes: "all",
        name: `Axe waits ${scheme}`,
        confirmBy: "person",
      });
      const parked = await fetch(`${baseUrl}/api/v1/kit.colors.add`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ brand: brand.shortId, name: `Axe ${scheme}`, hex: "#336699", role: "accent" }),
      });
      expect(parked.status).toBe(409);
      await page.goto(`${baseUrl}/waiting`);
      await page.getByTestId("waiting-item").first().waitFor();
      await page.getByTestId("waiting-badge").waitFor();
      expect(await problems(page)).toEqual([]);
      await keep("waiting");
    });

    it("the 404 page", async () => {
      await page.goto(`${baseUrl}/no-such-page`);
      expect(await problems(page)).toEqual([]);
    });

    it("the OAuth consent page and the OAuth error page", async () => {
      const client = await register({ client_name: "Axe Agent" });
      const { challenge } = pkce();
      const authorize = new URL(`${baseUrl}/api/auth/oauth2/authorize`);
      for (const [name, value] of Object.entries({
        response_type: "code",
        client_id: client.body.client_id,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        scope: "kit.read",
        state: "axe",
        resource: `${baseUrl}/api/mcp`,
      }))
        authorize.searchParams.set(name, value);
      await page.goto(authorize.toString());
      await page.getByTestId("consent-title").waitFor();
      expect(await problems(page)).toEqual([]);
      await page.goto(`${baseUrl}/oauth/error?error=invalid_scope`);
      await page.getByTestId("oauth-error-title").waitFor();
      expect(await problems(page)).toEqual([]);
    });

    it("the API reference (/docs) as Scalar renders it, on a laptop and on a phone", async () => {
      await page.goto(`${baseUrl}/docs`);
      await scalarRendered(page);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(await problems(page)).toEqual([]);
      // the summary (a main of its own) is hidden once Scalar has mounted: one main landmark
      expect(await page.locator("main:visible").count()).toBe(1);
      await screenshot(page, `docs-${scheme}`, { fullPage: false });
      const phone = (await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } })).page;
      await phone.emulateMedia({ colorScheme: scheme });
      await phone.goto(`${baseUrl}/docs`);
      await scalarRendered(phone);
      expect(await problems(phone)).toEqual([]);
      if (scheme === "light") await screenshot(phone, "docs-phone", { fullPage: false });
      await phone.close();
    }, 120_000);

    it("the API reference's summary, when Scalar's script does not load", async () => {
      const bare = (await newPage(browser, baseUrl)).page;
      await bare.emulateMedia({ colorScheme: scheme });
      await bare.route("**/docs/scalar.js", (route) => route.abort());
      await bare.goto(`${baseUrl}/docs`);
      await bare.locator("#reference-summary h1").waitFor();
      expect(await bare.getAttribute("html", "lang")).toBe("en");
      expect(await problems(bare)).toEqual([]);
      if (scheme === "light") await screenshot(bare, "docs-summary", { fullPage: false });
      await bare.close();
    });
  },
);

describe("prefers-reduced-motion: reduce stills the spinner, the voice pulse and the drawer", () => {
  /** The motion of each moving part, on a phone (where the conversations are a drawer). */
  async function motion(reduced: boolean) {
    const { page, context } = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await page.emulateMedia({ reducedMotion: reduced ? "reduce" : "no-preference" });
    await signIn(page, person.email, person.password);
    await page.getByTestId("chat-input").waitFor();
    const found = await page.evaluate(() => {
      // the spinner and the voice dot appear only while something runs or listens: made here with the app's classes
      const holder = document.createElement("div");
      holder.innerHTML =
        '<span class="spinner"></span><span class="voice-listening"><span class="voice-dot"></span></span>';
      document.body.append(holder);
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        spinner: style(".spinner").animationName,
        pulse: style(".voice-dot").animationName,
        drawer: style(".conversations").transitionDuration,
      };
    });
    await context.close();
    return found;
  }

  it("with the preference nothing moves; without it they do (so the check can tell)", async () => {
    expect(await motion(false)).toEqual({ spinner: "spin", pulse: "pulse", drawer: "0.2s" });
    expect(await motion(true)).toEqual({ spinner: "none", pulse: "none", drawer: "0s" });
  });
});

/** Scalar has replaced the summary with its own reference (its operations listed). */
async function scalarRendered(target: Page): Promise<void> {
  // its title inside its own mount point (on a phone the operations are behind a menu)
  await target.locator("#app h1").first().waitFor({ timeout: 30_000 });
}

/** Table headers with no words in them (axe's empty-table-header, a minor finding it does not fail on). */
function emptyHeaders(target: Page): Promise<string[]> {
  return target
    .locator("th")
    .evaluateAll((headers) => headers.filter((th) => !th.textContent?.trim()).map((th) => th.outerHTML));
}
