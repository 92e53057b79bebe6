// Settings › People on a 360 px phone in Debian's Chromium: an admin invites someone
// (confirmed, the link shown once and copied; no SMTP on the suite's server, so the page says to pass
// it on), the new person accepts on the accept page and sees the brand, then the admin changes their
// role and removes them, and withdraws another invitation; a viewer sees the team without buttons.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { axeProblems } from "./support/axe-problems";
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
  await screenshot(page, name);
  const problems = await layoutProblems(page);
  expect(problems.clipped, `${name}: clipped`).toEqual([]);
  expect(problems.small, `${name}: small targets`).toEqual([]);
  expect(await axeProblems(page), `${name}: axe`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: sideways`).toBeLessThanOrEqual(
    PHONE.width,
  );
}

/** Confirms the parked change; its Confirm has focus, the person's next step. */
async function confirm(page: Page) {
  await page.getByTestId("people-confirm").waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("people-confirm-yes");
  await page.getByTestId("people-confirm-yes").click();
  await page.getByTestId("people-confirm").waitFor({ state: "detached" });
}

const memberRow = async (brandId: string, email: string) =>
  db().membership.findFirst({
    where: { brandId, user: { email } },
    select: { role: true, userId: true, accessUntil: true },
  });

describe("Settings › People on a phone", () => {
  it("invite, copy the link, the new person joins from it; change their role, remove them, withdraw an invitation", async () => {
    const brand = await createTestBrand("People Roasters");
    const admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
    const { page, blocked } = await newPage(browser, baseUrl, { viewport: PHONE, clipboard: true });
    await signIn(page, admin.email, admin.password, "/settings/people");
    await page.getByTestId(`people-member-${admin.id}`).waitFor();
    expect(await page.getByTestId(`people-member-${admin.id}-role`).textContent()).toBe("Admin");
    // no SMTP on the suite's server: the admin is told the link is theirs to pass on
    expect(await page.getByTestId("people-mail-note").textContent()).toContain("E-mail is not set up");
    await fitsThePhone(page, "people-phone");

    const email = `joiner-${Date.now()}@test.example`;
    await page.getByTestId("people-invite-email").fill(email);
    await page.getByTestId("people-invite-role-viewer").check();
    // an agency's access: it ends by itself at the end of the day chosen
    const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId("people-invite-until").fill(lastDay);
    await page.getByTestId("people-invite-submit").click();
    await confirm(page);
    await page.getByTestId("people-link-shown").waitFor();
    const url = (await page.getByTestId("people-link").textContent())!.trim();
    expect(url).toMatch(/\/invite\/inv_[0-9A-Za-z]{40}$/);
    expect(await page.getByTestId("people-link-note").textContent()).toContain(`give it to ${email} yourself`);
    // the copy button has focus: the next step
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("people-link-copy");
    await page.getByTestId("people-link-copy").click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.getByTestId(`people-invitation-${email}`).waitFor();
    await fitsThePhone(page, "people-link-shown-phone");

    // the new person, on their own phone, follows the link and signs up
    const joiner = await newPage(browser, baseUrl, { viewport: PHONE });
    await joiner.page.goto(new URL(url).pathname);
    await joiner.page.getByTestId("invite-name").fill("Jo Joiner");
    await joiner.page.getByTestId("invite-password").fill("joiner's password");
    await joiner.page.getByTestId("invite-submit").click();
    await joiner.page.waitForURL((address) => address.pathname === "/", { timeout: 30_000 });
    await expect
      .poll(() => joiner.page.getByTestId("brand-switcher").inputValue(), { timeout: 15_000 })
      .toBe(brand.shortId);
    await screenshot(joiner.page, "people-joiner-in-brand-phone");
    const joined = await memberRow(brand.id, email);
    expect(joined?.role).toBe("viewer");
    expect(joined?.accessUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // back on the admin's page: the person is in the team, the invitation no longer waits
    await page.reload();
    const row = `people-member-${joined!.userId}`;
    await page.getByTestId(row).waitFor();
    expect(await page.getByTestId(`people-invitation-${email}`).count()).toBe(0);
    expect(await page.getByTestId(`${row}-role`).textContent()).toBe("Viewer");
    expect(await page.getByTestId(`${row}-dates`).textContent()).toMatch(/access until \d{1,2} \w+ \d{4}/);

    // change role: the form opens with focus on the role chosen now
    await page.getByTestId(`${row}-edit`).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      `${row}-role-choice-viewer`,
    );
    await page.getByTestId(`${row}-role-choice-member`).check();
    await page.getByTestId(`${row}-save`).click();
    await confirm(page);
    await expect.poll(() => page.getByTestId(`${row}-role`).textContent()).toBe("Member");
    expect((await memberRow(brand.id, email))?.role).toBe("member");

    await page.getByTestId(`${row}-remove`).click();
    await confirm(page);
    await page.getByTestId(row).waitFor({ state: "detached" });
    expect(await memberRow(brand.id, email)).toBeNull();

    // another invitation, withdrawn: its link then says so
    const second = `second-${Date.now()}@test.example`;
    await page.getByTestId("people-invite-email").fill(second);
    await page.getByTestId("people-invite-submit").click();
    await confirm(page);
    const secondUrl = (await page.getByTestId("people-link").textContent())!.trim();
    await page.getByTestId("people-link-done").click();
    await page.getByTestId(`people-invitation-revoke-${second}`).click();
    await page.getByTestId(`people-invitation-${second}`).waitFor({ state: "detached" });
    await joiner.page.goto(new URL(secondUrl).pathname);
    await joiner.page.getByTestId("invite-revoked").waitFor();
    await joiner.context.close();
    expect(blocked).toEqual([]);
  });

  it("a viewer sees the team in words, without invite or change buttons", async () => {
    const brand = await createTestBrand("Watched Roasters");
    const admin = await createPerson({ name: "Ann Admin", brands: { [brand.shortId]: "admin" } });
    const viewer = await createPerson({ name: "Vic Viewer", brands: { [brand.shortId]: "viewer" } });
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    await signIn(page, viewer.email, viewer.password, "/settings/people");
    await page.getByTestId(`people-member-${admin.id}`).waitFor();
    expect(await page.getByTestId("people-not-admin").textContent()).toContain("only the brand's admins");
    expect(await page.getByTestId("people-invite-form").count()).toBe(0);
    expect(await page.locator('[data-testid$="-remove"], [data-testid$="-edit"]').count()).toBe(0);
    // e-mail addresses are for admins
    expect(await page.getByTestId(`people-member-${admin.id}`).textContent()).not.toContain(admin.email);
    await fitsThePhone(page, "people-viewer-phone");
  });
});
