// The team card in the chat, reached by the slash command /team.list in Debian's
// Chromium on a 360 px phone: the people with their role in words, the waiting invitations, and for
// an admin a role proposed on a row as a confirm card; a viewer sees the same people without buttons.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { createInvitation } from "../lib/team/invitations";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function chatIn(person: Person, shortId: string): Promise<Page> {
  const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (brand) => (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === brand,
    shortId,
  );
  return page;
}

async function teamCard(page: Page) {
  await runFromPalette(page, "team.list", undefined, "/team.list");
  const card = page.getByTestId("widget-team").last();
  await card.waitFor();
  return card;
}

describe("the team card in the chat", () => {
  it("shows the people and waiting invitations in words; an admin proposes a role as a confirm card", async () => {
    const brand = await createTestBrand("Carded Roasters");
    const admin = await createPerson({ name: "Cara Admin", brands: { [brand.shortId]: "admin" } });
    const viewer = await createPerson({ name: "Vera Viewer", brands: { [brand.shortId]: "viewer" } });
    await db().$transaction((tx) =>
      createInvitation(tx, {
        brandId: brand.id,
        email: "waiting@test.example",
        role: "member",
        accessUntil: null,
        createdById: admin.id,
        now: new Date(),
      }),
    );
    const page = await chatIn(admin, brand.shortId);
    const card = await teamCard(page);
    const row = card.getByTestId(`team-member-${viewer.id}`);
    expect(await row.textContent()).toContain("Vera Viewer");
    expect(await row.textContent()).toContain("Viewer");
    expect(await row.textContent()).toContain(viewer.email);
    expect(await card.textContent()).toContain("waiting@test.example");
    // no machine words: no ids, no ISO times
    expect(await card.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|T\d\d:\d\d/);
    await screenshot(page, "team-card-phone");
    await row.getByTestId("team-make-member").click();
    await page.getByTestId("confirm-accept").last().click();
    await expect
      .poll(async () => (await db().membership.findFirst({ where: { brandId: brand.id, userId: viewer.id } }))?.role)
      .toBe("member");

    // their own card (a member now): the same people, no buttons, no e-mail addresses
    const theirs = await chatIn(viewer, brand.shortId);
    const seen = await teamCard(theirs);
    await seen.getByTestId(`team-member-${admin.id}`).waitFor();
    expect(await seen.locator("[data-testid^=team-make-], [data-testid=team-remove]").count()).toBe(0);
    expect(await seen.textContent()).not.toContain(admin.email);
  });
});
