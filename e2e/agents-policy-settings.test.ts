// Settings › Changes asked for by apps on a 360 px phone in Debian's Chromium: an admin sees who
// confirms the changes apps signed in with OAuth ask for in their brand, chooses "always their
// person", reads the server's summary and confirms it; the brand's policy is stored. A member of
// the brand is not offered the section. Nothing runs off the screen, and axe finds nothing serious.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { axeProblems } from "./support/axe-problems";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { layoutProblems } from "./support/layout";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function fitsThePhone(page: Page, name: string) {
  await page.getByTestId("agents-policy").scrollIntoViewIfNeeded();
  await screenshot(page, name);
  const problems = await layoutProblems(page);
  expect(problems.clipped, `${name}: clipped`).toEqual([]);
  expect(problems.small, `${name}: small targets`).toEqual([]);
  expect(await axeProblems(page), `${name}: axe`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: sideways`).toBeLessThanOrEqual(
    PHONE.width,
  );
}

const stored = async (brandId: string) =>
  (await db().brand.findUniqueOrThrow({ where: { id: brandId }, select: { agentsConfirmBy: true } })).agentsConfirmBy;

describe("Settings › Changes asked for by apps on a phone", () => {
  it("an admin makes every app's changes wait for their person, after confirming", async () => {
    const brand = await createTestBrand("Policy Roasters");
    const admin = await createPerson({ name: "Pia Admin", brands: { [brand.shortId]: "admin" } });
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    await signIn(page, admin.email, admin.password, "/settings");
    const current = page.getByTestId("agents-policy-current");
    await current.waitFor();
    expect(await current.textContent()).toBe("Now: As each connected app is set");
    expect(await page.getByTestId("agents-policy-either").isChecked()).toBe(true);
    expect(await page.getByTestId("agents-policy-save").isDisabled()).toBe(true);
    await fitsThePhone(page, "agents-policy-phone");

    await page.getByTestId("agents-policy-person").check();
    await page.getByTestId("agents-policy-save").click();
    const ask = page.getByTestId("agents-policy-confirm");
    await ask.waitFor();
    expect(await ask.textContent()).toContain(
      "Require a person to confirm every write of agents signed in with OAuth in Policy Roasters.",
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "agents-policy-confirm-yes",
    );
    expect(await stored(brand.id)).toBe("either");
    await fitsThePhone(page, "agents-policy-confirm-phone");

    await page.getByTestId("agents-policy-confirm-yes").click();
    await ask.waitFor({ state: "detached" });
    await expect.poll(() => current.textContent()).toBe("Now: Always their person, in Brand Operations");
    expect(await stored(brand.id)).toBe("person");
    await fitsThePhone(page, "agents-policy-saved-phone");
  }, 60_000);

  it("a member of the brand is not offered the section", async () => {
    const brand = await createTestBrand("Member Roasters");
    const member = await createPerson({ name: "Mo Member", brands: { [brand.shortId]: "member" } });
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    await signIn(page, member.email, member.password, "/settings");
    await page.getByTestId("connected-apps").waitFor();
    expect(await page.getByTestId("agents-policy").count()).toBe(0);
  }, 60_000);
});
