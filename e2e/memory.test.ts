// The brand's memory on a 360 px phone, in Debian's Chromium, by tapping and
// typing words only: a member proposes a declaration from the memory card's form; an admin opens the
// overview, taps its way into the memory waiting for review and accepts the declaration through
// the confirm card; a viewer sees the memory with no buttons. Screenshots: memory-*.png.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { paletteResult } from "./support/slash";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
const STATEMENT = "We roast on Mondays and ship on Tuesdays.";
let browser: Browser;
let brand: { id: string; shortId: string };
let member: Person;
let admin: Person;
let viewer: Person;

beforeAll(async () => {
  brand = await createTestBrand("Memory Roasters");
  member = await createPerson({ name: "Mia Member", brands: { [brand.shortId]: "member" } });
  admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  viewer = await createPerson({ name: "Vic Viewer", brands: { [brand.shortId]: "viewer" } });
  browser = await launchBrowser();
}, 60_000);

afterAll(() => browser?.close());

async function phoneAs(person: Person): Promise<Page> {
  const { page } = await newPage(browser, baseUrl, { viewport: PHONE });
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

/** Opens /<id> from the palette by tapping, runs it; returns the new result. */
const command = (page: Page, id: string): Promise<Locator> => paletteResult(page, id);

/** Taps, and returns the step of the conversation the tap added. */
async function stepOf(page: Page, target: Locator): Promise<Locator> {
  const before = await page.getByTestId("card-step").count();
  await target.click();
  await expect.poll(() => page.getByTestId("card-step").count(), { timeout: 15_000 }).toBe(before + 1);
  return page.getByTestId("card-step").nth(before);
}

/** Nothing on the page runs off a 360 px screen. */
async function fits(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("the brand's memory on a phone", () => {
  it("a member proposes a declaration from the memory card", async () => {
    const page = await phoneAs(member);
    const card = await command(page, "memory.list");
    await card.getByTestId("widget-memory").waitFor();
    await expect.poll(() => card.innerText()).toContain("Nothing in memory yet.");
    // a member may propose, never review
    expect(await card.getByTestId("memory-accept").count()).toBe(0);
    await card.getByTestId("memory-propose-open").click();
    // the form's first field has the focus: the person types straight away
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("memory-subject");
    await card.getByTestId("memory-subject").fill("Roasting days");
    await card.getByTestId("memory-statement").fill(STATEMENT);
    await screenshot(page, "memory-phone-member-form");
    // Ctrl+Enter proposes from any field of the form
    const step = await (async () => {
      const before = await page.getByTestId("card-step").count();
      await card.getByTestId("memory-statement").press("Control+Enter");
      await expect.poll(() => page.getByTestId("card-step").count(), { timeout: 15_000 }).toBe(before + 1);
      return page.getByTestId("card-step").nth(before);
    })();
    await expect.poll(() => step.innerText(), { timeout: 15_000 }).toContain(STATEMENT);
    expect(await step.innerText()).toContain("Proposed: it waits for an admin's review.");
    expect(await step.innerText()).toContain("Waiting for review");
    await fits(page);
    await screenshot(page, "memory-phone-member-proposed");
    const stored = await db().memoryDeclaration.findFirstOrThrow({ where: { brandId: brand.id } });
    expect(stored).toMatchObject({
      subject: "Roasting days",
      statement: STATEMENT,
      status: "pending",
      source: "person",
      authorId: member.id,
    });
  }, 90_000);

  it("a viewer sees the memory waiting, with no button to accept, reject or propose (on a laptop)", async () => {
    const page = await phoneAs(viewer);
    await page.setViewportSize({ width: 1280, height: 800 });
    const card = await command(page, "memory.list");
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(STATEMENT);
    expect(await card.getByTestId("memory-accept").count()).toBe(0);
    expect(await card.getByTestId("memory-reject").count()).toBe(0);
    expect(await card.getByTestId("memory-propose-open").count()).toBe(0);
    // words for people: no status value, no source value as the service spells them
    expect(await card.getByTestId("widget-memory").innerText()).not.toMatch(
      /\bpending\b|\bsource\b|\bstatus\b|memory\.\w/,
    );
    await screenshot(page, "memory-laptop-viewer");
  }, 90_000);

  it("an admin opens the memory from the overview and accepts the declaration from its card", async () => {
    const page = await phoneAs(admin);
    const overview = await command(page, "brand.overview");
    const open = overview.getByTestId("overview-memory");
    await expect.poll(() => open.innerText(), { timeout: 15_000 }).toBe("Review the brand's memory (1 waiting)");
    await screenshot(page, "memory-phone-overview");
    const memory = await stepOf(page, open);
    const row = memory.getByTestId("memory-row").filter({ hasText: STATEMENT });
    await row.waitFor();
    expect(await row.innerText()).toContain("Proposed by a person, Mia Member");
    const confirm = await stepOf(page, row.getByTestId("memory-accept"));
    const card = confirm.getByTestId("widget-confirm");
    await expect
      .poll(() => card.innerText(), { timeout: 15_000 })
      .toContain(`Accept into the brand's memory, about "Roasting days": "${STATEMENT}".`);
    // what the tap started is in view, its Confirm focused
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("confirm-accept");
    await fits(page);
    await screenshot(page, "memory-phone-admin-confirm");
    await card.getByTestId("confirm-accept").click();
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Done|done/);
    await expect
      .poll(async () => (await db().memoryDeclaration.findFirstOrThrow({ where: { brandId: brand.id } })).status, {
        timeout: 15_000,
      })
      .toBe("accepted");
    const stored = await db().memoryDeclaration.findFirstOrThrow({ where: { brandId: brand.id } });
    expect(stored.reviewedById).toBe(admin.id);
    expect(await card.innerText()).toContain("Accepted into the brand's memory.");
    // the card of what waits read itself again: nothing waits now, nothing is offered
    await expect.poll(() => memory.innerText(), { timeout: 15_000 }).toContain("Nothing waits for review.");
    expect(await memory.getByTestId("memory-accept").count()).toBe(0);
    await screenshot(page, "memory-phone-admin-accepted");
  }, 90_000);
});
