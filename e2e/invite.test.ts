// The invitation's accept page in Debian's Chromium, on a 360 px phone and a laptop:
// a new person signs up there and lands in the brand; a person with an account signs in as the
// invited address and joins; someone signed in as another address is told so and nothing is joined
// (the link then still works for its owner); a used, withdrawn or expired link says which, and so does
// one whose inviter is no longer an admin. Invitations are made with lib/team/invitations.ts in the
// suite's database, as team.invite does, by an admin of the brand.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import type { Role } from "../lib/contract/roles";
import { createInvitation } from "../lib/team/invitations";
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

/**
 * The invitation's link on the suite's server: its path (the test process's APP_URL is not the
 * server's). Made by `by`, or by a new admin of the brand: an invitation gives nothing once its
 * maker is no longer an admin.
 */
async function invite(
  brandId: string,
  email: string,
  options: { role?: Role; accessUntil?: Date | null; now?: Date; by?: string } = {},
) {
  const { shortId } = await db().brand.findUniqueOrThrow({ where: { id: brandId }, select: { shortId: true } });
  const inviter = options.by ?? (await createPerson({ name: "Ines Inviter", brands: { [shortId]: "admin" } })).id;
  const made = await db().$transaction((tx) =>
    createInvitation(tx, {
      brandId,
      email,
      role: options.role ?? "member",
      accessUntil: options.accessUntil ?? null,
      createdById: inviter,
      now: options.now ?? new Date(),
    }),
  );
  return { ...made, path: new URL(made.inviteUrl).pathname };
}

const membership = (brandId: string, email: string) =>
  db().membership.findFirst({ where: { brandId, user: { email } }, select: { role: true, accessUntil: true } });

async function switcherShows(page: Page, shortId: string) {
  await page.getByTestId("brand-switcher").waitFor();
  await expect.poll(() => page.getByTestId("brand-switcher").inputValue(), { timeout: 15_000 }).toBe(shortId);
}

async function fitsThePhone(page: Page, name: string) {
  await screenshot(page, name);
  const problems = await layoutProblems(page);
  expect(problems.clipped, `${name}: clipped`).toEqual([]);
  expect(problems.small, `${name}: small targets`).toEqual([]);
  expect(await axeProblems(page), `${name}: axe`).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: no sideways scroll`).toBeLessThanOrEqual(PHONE.width);
}

describe("the invitation's accept page", () => {
  it("a new person signs up on a phone with the invited address fixed, joins with the role, and sees the brand", async () => {
    const brand = await createTestBrand("Invited Roasters");
    const email = `new-${Date.now()}@test.example`;
    const link = await invite(brand.id, email, { role: "viewer", accessUntil: new Date(Date.now() + 30 * 86_400_000) });
    const { page, blocked } = await newPage(browser, baseUrl, { viewport: PHONE });
    await page.goto(link.path);
    await page.getByTestId("invite-form-sign-up").waitFor();
    const about = await page.getByTestId("invite-about").textContent();
    expect(about).toContain("Ines Inviter invited");
    expect(about).toContain(email);
    expect(about).toContain("Invited Roasters as a viewer");
    expect(await page.getByTestId("invite-access-until").textContent()).toMatch(
      /ends on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC/,
    );
    // the address is the invitation's: shown, not chosen
    expect(await page.getByTestId("invite-email").inputValue()).toBe(email);
    expect(await page.getByTestId("invite-email").getAttribute("readonly")).not.toBeNull();
    // the name field has focus: the page's one task starts there
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("invite-name");
    await fitsThePhone(page, "invite-sign-up-phone");

    // too short a password is refused in words before anything is created
    await page.getByTestId("invite-name").fill("Nora New");
    await page.getByTestId("invite-password").fill("short");
    await page.getByTestId("invite-submit").click();
    expect(await page.getByTestId("invite-error").textContent()).toBe("Choose a password of at least 8 characters.");
    expect(await db().user.findUnique({ where: { email } })).toBeNull();

    await page.getByTestId("invite-password").fill("a long enough password");
    // Ctrl+Enter from a field runs the form, as Enter does
    await page.getByTestId("invite-password").press("Control+Enter");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    await switcherShows(page, brand.shortId);
    await screenshot(page, "invite-joined-phone");
    expect(await membership(brand.id, email)).toMatchObject({ role: "viewer" });
    expect((await membership(brand.id, email))?.accessUntil).not.toBeNull();
    expect((await db().user.findUnique({ where: { email } }))?.name).toBe("Nora New");

    // the link worked once: opened again it says so
    await page.goto(link.path);
    await page.getByTestId("invite-used").waitFor();
    expect(await page.locator("h1").textContent()).toBe("This invitation was already used");
    expect(blocked).toEqual([]);
  });

  it("a person with an account signs in as the invited address on a laptop and joins", async () => {
    const brand = await createTestBrand("Signed In Roasters");
    const person = await createPerson({ name: "Omar Existing" });
    const link = await invite(brand.id, person.email, { role: "admin" });
    const { page } = await newPage(browser, baseUrl);
    await page.goto(link.path);
    await page.getByTestId("invite-form-sign-in").waitFor();
    expect(await page.getByTestId("invite-about").textContent()).toContain("as an admin");
    expect(await page.getByTestId("invite-email").inputValue()).toBe(person.email);
    await screenshot(page, "invite-sign-in-laptop");
    await page.getByTestId("invite-password").fill("not the password");
    await page.getByTestId("invite-submit").click();
    await page.getByTestId("invite-error").waitFor();
    expect(await page.getByTestId("invite-error").textContent()).toBe(`Wrong password for ${person.email}.`);
    expect(await membership(brand.id, person.email)).toBeNull();
    await page.getByTestId("invite-password").fill(person.password);
    await page.getByTestId("invite-submit").click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    await switcherShows(page, brand.shortId);
    expect(await membership(brand.id, person.email)).toMatchObject({ role: "admin", accessUntil: null });
  });

  it("signed in as another address: the page says so, nothing is joined, and the link still works for its owner", async () => {
    const brand = await createTestBrand("Someone Else's Roasters");
    const owner = await createPerson({ name: "Olga Owner" });
    const other = await createPerson({ name: "Walt Wrong" });
    const link = await invite(brand.id, owner.email);
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    await signIn(page, other.email, other.password);
    await page.goto(link.path);
    await page.getByTestId("invite-wrong-person").waitFor();
    const text = await page.getByTestId("invite-wrong-person-text").textContent();
    expect(text).toContain(`You are signed in as ${other.email}`);
    expect(text).toContain(`Nothing was joined, and the link still works for ${owner.email}`);
    await fitsThePhone(page, "invite-wrong-person-phone");
    expect(await membership(brand.id, other.email)).toBeNull();
    // the accept route refuses the other person too, whatever the page showed
    const refused = await page.evaluate(
      (token) =>
        fetch("/api/invite/accept", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ token }),
        }).then((response) => response.json()),
      link.path.split("/").pop(),
    );
    expect(refused).toEqual({ outcome: "wrong_email", invitedEmail: owner.email });
    expect(await membership(brand.id, other.email)).toBeNull();

    // sign out from there: the same invitation asks for its owner, who joins
    await page.getByTestId("invite-sign-out").click();
    await page.getByTestId("invite-form-sign-in").waitFor();
    await page.getByTestId("invite-password").fill(owner.password);
    await page.getByTestId("invite-submit").click();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    await switcherShows(page, brand.shortId);
    expect(await membership(brand.id, owner.email)).toMatchObject({ role: "member" });
  });

  it("a withdrawn, an expired, an unknown link and one whose inviter is no longer an admin each say which", async () => {
    const brand = await createTestBrand("Closed Door Roasters");
    const withdrawn = await invite(brand.id, "withdrawn@test.example");
    await db().teamInvitation.update({ where: { id: withdrawn.id }, data: { revokedAt: new Date() } });
    const expired = await invite(brand.id, "late@test.example", { now: new Date(Date.now() - 8 * 86_400_000) });
    // made by an admin who is a member now (changed behind its back: nothing revoked it)
    const former = await createPerson({ name: "Fern Former", brands: { [brand.shortId]: "admin" } });
    const orphaned = await invite(brand.id, "orphan@test.example", { by: former.id });
    await db().membership.update({
      where: { brandId_userId: { brandId: brand.id, userId: former.id } },
      data: { role: "member" },
    });
    const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
    const cases: [string, string, string][] = [
      [withdrawn.path, "invite-revoked", "This invitation was withdrawn"],
      [expired.path, "invite-expired", "This invitation has expired"],
      [orphaned.path, "invite-inviter_no_longer_admin", "This invitation no longer works"],
      ["/invite/inv_notARealToken", "invite-unknown", "This invitation link is not valid"],
    ];
    for (const [path, testId, title] of cases) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      expect(await page.locator("h1").textContent()).toBe(title);
      if (testId === "invite-inviter_no_longer_admin") {
        expect(await page.getByTestId(testId).textContent()).toContain("Ask another admin of the brand");
        await fitsThePhone(page, "invite-inviter-no-longer-admin-phone");
      }
    }
    await fitsThePhone(page, "invite-unknown-phone");
  });
});
