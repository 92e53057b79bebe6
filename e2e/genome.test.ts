// The brand voice shaped by its people on a 360 px phone, in Debian's Chromium, by
// tapping and typing words only: a member proposes a guardrail from the genome card; a viewer sees
// it with no button; an admin approves it through the confirm card and sees the voice change, with
// the line's source on demand. Screenshots: genome-*.png.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { paletteResult } from "./support/slash";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
const GUARDRAIL = "Never promise delivery dates.";
let browser: Browser;
let brand: { id: string; shortId: string };
let member: Person;
let admin: Person;
let viewer: Person;

beforeAll(async () => {
  brand = await createTestBrand("Genome Roasters");
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

const MACHINE_WORDS = /\b(proposed|approved|guardrail|vocabulary_use|vocabulary_avoid|seed)\b|genome\.|[0-9a-f]{8}-/;

describe("the brand voice on a phone: propose a guardrail, approve it, see the voice change", () => {
  it("a member proposes a guardrail from the genome card", async () => {
    const page = await phoneAs(member);
    const card = await command(page, "genome.read");
    await card.getByTestId("widget-genome").waitFor();
    await expect.poll(() => card.innerText()).toContain("No entries yet.");
    // a member may propose, never review
    expect(await card.getByTestId("genome-approve").count()).toBe(0);
    await card.getByTestId("genome-propose-open").click();
    // the form's first field has the focus; its kinds are words
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("genome-kind");
    expect(await card.getByTestId("genome-kind").locator("option").allInnerTexts()).toEqual([
      "Tone of voice",
      "Guardrail",
      "Word to use",
      "Word to avoid",
      "Archetype",
    ]);
    await card.getByTestId("genome-kind").selectOption({ label: "Guardrail" });
    await card.getByTestId("genome-value").fill(GUARDRAIL);
    await card.getByTestId("genome-note").fill("Customers asked us twice");
    await screenshot(page, "genome-phone-member-form");
    // Ctrl+Enter proposes from any field of the form
    const before = await page.getByTestId("card-step").count();
    await card.getByTestId("genome-value").press("Control+Enter");
    await expect.poll(() => page.getByTestId("card-step").count(), { timeout: 15_000 }).toBe(before + 1);
    const step = page.getByTestId("card-step").nth(before);
    await expect.poll(() => step.innerText(), { timeout: 15_000 }).toContain(GUARDRAIL);
    expect(await step.innerText()).toContain("Proposed: it reaches the voice once an admin approves it.");
    expect(await step.innerText()).toContain("Waiting for review");
    expect(await step.innerText()).toContain("Guardrail · Proposed by a person, Mia Member");
    await fits(page);
    await screenshot(page, "genome-phone-member-proposed");
    const stored = await db().genomeEntry.findFirstOrThrow({ where: { brandId: brand.id } });
    expect(stored).toMatchObject({ kind: "guardrail", value: GUARDRAIL, status: "proposed", sourceKind: "person" });
  }, 90_000);

  it("a viewer sees the proposal in words, with no button to approve, reject, retire or propose", async () => {
    const page = await phoneAs(viewer);
    const card = await command(page, "genome.read");
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(GUARDRAIL);
    for (const button of ["genome-approve", "genome-reject", "genome-retire", "genome-propose-open"])
      expect(await card.getByTestId(button).count(), button).toBe(0);
    expect(await card.getByTestId("widget-genome").innerText()).not.toMatch(MACHINE_WORDS);
    await screenshot(page, "genome-phone-viewer");
  }, 90_000);

  it("an admin approves it through the confirm card, and the voice carries it with its source", async () => {
    const page = await phoneAs(admin);
    const before = await command(page, "brand.soul.read");
    await expect.poll(() => before.innerText(), { timeout: 15_000 }).toContain("Nothing approved yet");

    const card = await command(page, "genome.read");
    const row = card.getByTestId("genome-row").filter({ hasText: GUARDRAIL });
    await row.waitFor();
    const confirm = await stepOf(page, row.getByTestId("genome-approve"));
    const confirmCard = confirm.getByTestId("widget-confirm");
    await expect
      .poll(() => confirmCard.innerText(), { timeout: 15_000 })
      .toContain(`The voice gains the guardrail: "${GUARDRAIL}".`);
    // what the tap started is in view, its Confirm focused
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("confirm-accept");
    await fits(page);
    await screenshot(page, "genome-phone-admin-confirm");
    await confirmCard.getByTestId("confirm-accept").click();
    await expect.poll(() => confirmCard.innerText(), { timeout: 15_000 }).toMatch(/Done|done/);
    await expect
      .poll(async () => (await db().genomeEntry.findFirstOrThrow({ where: { brandId: brand.id } })).status, {
        timeout: 15_000,
      })
      .toBe("approved");
    // the genome card read itself again: the entry is in the voice, and Retire is offered now
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("In the voice");
    expect(await row.getByTestId("genome-retire").count()).toBe(1);

    const voice = await command(page, "brand.soul.read");
    await expect.poll(() => voice.innerText(), { timeout: 15_000 }).toContain(GUARDRAIL);
    const line = voice.getByTestId("soul-line").filter({ hasText: GUARDRAIL });
    await line.getByTestId("soul-source-toggle").click();
    await expect
      .poll(() => line.getByTestId("soul-source").innerText(), { timeout: 15_000 })
      .toMatch(/Proposed by a person, Mia Member · .* · Approved by Ada Admin/);
    expect(await voice.innerText()).not.toMatch(MACHINE_WORDS);
    await fits(page);
    await screenshot(page, "genome-phone-admin-voice");
    // the same cards on a laptop
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "genome-laptop-admin");
  }, 90_000);
});
