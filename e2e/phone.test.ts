// The app's pages on a 360 px phone in Debian's Chromium: nothing runs off the screen (the page
// never scrolls sideways: scrollWidth <= clientWidth), and the header's links stay reachable (in
// the chat, through its Menu). Every element of the chat is measured in e2e/layout.test.ts.
// Screenshots phone-*.png.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The elements that stick out on the right, to name them when the page is too wide. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      scroll: document.documentElement.scrollWidth,
      client: width,
      wide: [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").join(".")}`,
        )
        .slice(0, 8),
    };
  });
}

async function fits(page: Page, name: string) {
  await screenshot(page, `phone-${name}`);
  const measured = await overflow(page);
  expect(measured.scroll, `${name}: ${measured.wide.join(", ")}`).toBeLessThanOrEqual(measured.client);
}

describe("every page at 360 px", () => {
  it("sign-in, chat, activity and settings fit without sideways scrolling; the header's links are on screen", async () => {
    const brand = await createTestBrand("Phone Roasters With A Long Name");
    const person = await createPerson({ name: "Pat Phone", brands: { [brand.shortId]: "admin" } });
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    await page.goto("/sign-in");
    await fits(page, "sign-in");
    await signIn(page, person.email, person.password);
    await page.getByTestId("brand-switcher").waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value !== "",
    );
    await fits(page, "chat");
    // on a phone the header is one row: the links and Sign out are in its Menu
    await page.getByTestId("menu-toggle").click();
    for (const name of ["Activity", "Security and access"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box && box.x + box.width <= PHONE.width, `${name} link on screen`).toBe(true);
    }
    const signOut = await page.getByTestId("sign-out").boundingBox();
    expect(signOut && signOut.x + signOut.width <= PHONE.width).toBe(true);
    await page.goto("/activity");
    await page.getByTestId("activity-filters").waitFor();
    await fits(page, "activity");
    for (const name of ["Assistant", "Security and access"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box && box.x + box.width <= PHONE.width, `${name} link on the Activity page`).toBe(true);
    }
    await page.goto("/settings");
    await page.getByTestId("sign-out").waitFor();
    await fits(page, "settings");
    // with a key in the list: the table becomes one card per key, Revoke on screen
    await page.getByTestId("key-create-name").fill("Phone key");
    await page.getByTestId("key-create-scope-all").check();
    await page.getByTestId("key-create-submit").click();
    await page.getByTestId("key-shown").waitFor();
    const revoke = page.locator('[data-testid^="key-revoke-"]').first();
    await revoke.waitFor();
    const box = await revoke.boundingBox();
    expect(box && box.x + box.width <= PHONE.width, "Revoke on screen").toBe(true);
    await fits(page, "settings-key");
  });
});
