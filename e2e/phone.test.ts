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

/** The one header: brand switcher at the same place, the whole name shown, the role in words. */
async function header(page: Page, brandName: string) {
  const name = page.getByTestId("brand-switcher-name");
  await expect.poll(() => name.textContent()).toBe(brandName);
  expect(await page.getByTestId("brand-switcher-role").textContent()).toBe("Admin");
  // the whole name and role shown, in two lines at most (at 360 px this name fits whole)
  const shown = page.locator(".brand-switcher-shown");
  expect(await shown.evaluate((element) => element.scrollHeight <= element.clientHeight + 1), "name cut").toBe(true);
  expect(await shown.getAttribute("title")).toBe(`${brandName} · Admin`);
  const box = await page.getByTestId("brand-switcher-label").boundingBox();
  expect(box && box.y < 20 && box.x + box.width <= PHONE.width, "brand switcher at the top, on screen").toBe(true);
  expect(await page.getByTestId("topbar").count()).toBe(1);
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
    // the brand's whole name (wrapped, not cut) and the person's role in words
    await header(page, "Phone Roasters With A Long Name");
    // voice off: its sentence once, in a line or two, not 40 % of the phone
    const note = await page.getByTestId("voice-control").boundingBox();
    expect(note?.height, "voice control height").toBeLessThan(PHONE.height * 0.12);
    expect(
      await page.evaluate(() => document.body.innerText.split("Voice isn't set up here yet").length - 1),
      "voice sentence shown once",
    ).toBe(1);
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
    await header(page, "Phone Roasters With A Long Name");
    await page.getByTestId("menu-toggle").click();
    for (const name of ["Assistant", "Security and access"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box && box.x + box.width <= PHONE.width, `${name} link on the Activity page`).toBe(true);
    }
    await page.goto("/settings");
    // on a phone Sign out is in the Menu, as on every page
    await page.getByTestId("sign-out").waitFor({ state: "attached" });
    await fits(page, "settings");
    // the same header: brand switcher and Menu, and a way back to the assistant
    await header(page, "Phone Roasters With A Long Name");
    await page.getByTestId("menu-toggle").click();
    const back = await page.getByTestId("nav-assistant").boundingBox();
    expect(back && back.x + back.width <= PHONE.width, "Assistant link on Settings").toBe(true);
    await screenshot(page, "phone-settings-menu");
    await page.getByTestId("menu-toggle").click();
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

  it("on a laptop, the same header on the chat, Activity and Settings, with the way back to the assistant", async () => {
    const brand = await createTestBrand("Laptop Roasters");
    const person = await createPerson({ name: "Lou Laptop", brands: { [brand.shortId]: "member" } });
    const { page } = await newPage(browser, baseUrl, { viewport: { width: 1280, height: 800 } });
    await signIn(page, person.email, person.password, "/settings");
    await expect.poll(() => page.getByTestId("brand-switcher-role").textContent()).toBe("Member");
    expect(await page.getByTestId("brand-switcher-name").textContent()).toBe("Laptop Roasters");
    await page.getByTestId("nav-assistant").click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByTestId("brand-switcher-role").textContent()).toBe("Member");
    // a member is not offered Activity, on any page
    expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
    await screenshot(page, "laptop-chat-header");
  });
});
