// Every page checked by axe-core (through @axe-core/playwright) in Debian's Chromium, in the states a
// person sees: sign-in, the chat (empty, with the slash palette open, with a form, with a widget),
// the Activity page, settings and the 404 page; in the light and in the dark appearance (the
// system's prefers-color-scheme), so contrast is checked in both. No serious or critical violation
// is allowed; what axe found is listed when one is. Dark screenshots: dark-*.png.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
let person: Person;
let brand: { id: string; shortId: string };

beforeAll(async () => {
  brand = await createTestBrand("Axe Roasters");
  person = await createPerson({ name: "Ari Access", brands: { [brand.shortId]: "admin" } });
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

    it("the 404 page", async () => {
      await page.goto(`${baseUrl}/no-such-page`);
      expect(await problems(page)).toEqual([]);
    });
  },
);
