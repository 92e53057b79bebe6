// Undo in Debian's Chromium: a colour added by clicking in the chat is taken back from
// the card the confirmed write left, then added again and taken back from the Activity page; each
// through the confirm card with what comes back in words, on a laptop and a 360 px phone. A refused
// undo (the colour changed since) reads in words. A card showing one record (a file's review card)
// reads it again after an undo, which names only the entry it took back. Screenshots undo-*.png.
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createKey } from "../lib/admin/commands";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
let browser: Browser;
let brand: { id: string; shortId: string };
let admin: Person;

beforeAll(async () => {
  browser = await launchBrowser();
  brand = await createTestBrand("Undo Roasters");
  admin = await createPerson({ name: "Uma Undo", brands: { [brand.shortId]: "admin" } });
}, 60_000);
afterAll(() => browser?.close());

async function openChat(viewport: { width: number; height: number }): Promise<Page> {
  const { page, blocked } = await newPage(browser, baseUrl, { viewport });
  await signIn(page, admin.email, admin.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  expect(blocked).toEqual([]);
  return page;
}

/** Adds a colour from the slash palette by clicking and typing words, and confirms it; returns its card. */
async function addColour(page: Page, name: string, hex: string): Promise<Locator> {
  const before = await page.getByTestId("slash-result").count();
  await page.getByTestId("chat-input").fill("/");
  await page.getByTestId("slash-item-kit.colors.add").click();
  await page.getByTestId("slash-field-name").fill(name);
  await page.getByTestId("slash-field-hex").fill(hex);
  await page.getByTestId("slash-run").click();
  await expect.poll(() => page.getByTestId("slash-result").count(), { timeout: 15_000 }).toBe(before + 1);
  const card = page.getByTestId("slash-result").nth(before);
  await confirmIn(card);
  return card;
}

async function confirmIn(area: Locator) {
  await accept(area.getByTestId("widget-confirm").last());
}

async function accept(card: Locator) {
  await card.getByTestId("confirm-accept").click();
  await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Done|done/);
}

const colours = (hex: string) => db().kitColor.count({ where: { brandId: brand.id, hex } });

describe("undo", () => {
  for (const [device, viewport] of [
    ["laptop", { width: 1280, height: 900 }],
    ["phone", { width: 360, height: 780 }],
  ] as const) {
    it(`on a ${device}: a colour added by clicking is undone from its card, then from the Activity page`, async () => {
      const page = await openChat(viewport);
      const hex = device === "laptop" ? "#2A9D8F" : "#E76F51";
      const card = await addColour(page, `Harbour ${device}`, hex.toLowerCase());
      expect(await colours(hex)).toBe(1);

      // the card the confirmed write left offers Undo; its confirm card says what will change, in words
      await card.getByTestId("undo").click();
      // in a conversation the undo's confirm card is its next step, below the card
      const undoCard = page.getByTestId("widget-confirm").filter({ hasText: `remove the colour "Harbour ${device}"` });
      await expect.poll(() => undoCard.count(), { timeout: 15_000 }).toBe(1);
      await screenshot(page, `undo-card-${device}`, { fullPage: false });
      await undoCard.getByTestId("confirm-accept").click();
      await expect.poll(() => undoCard.innerText(), { timeout: 15_000 }).toMatch(/Done|done/);
      expect(await colours(hex)).toBe(0);

      // added again, then taken back from the Activity page
      await addColour(page, `Harbour ${device}`, hex.toLowerCase());
      expect(await colours(hex)).toBe(1);
      await page.goto(`${baseUrl}/activity`);
      const row = page
        .getByTestId("activity-row")
        .filter({ hasText: `Harbour ${device}` })
        .first();
      await row.getByTestId("undo").click();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(`remove the colour "Harbour ${device}"`);
      await screenshot(page, `undo-activity-${device}`);
      await confirmIn(row);
      expect(await colours(hex)).toBe(0);
      await page.context().close();
    });
  }

  it("a file approved from its review card, then undone: the review card reads the file again and offers Approve", async () => {
    await proposeFile("harbour-poster.png");
    const page = await openChat({ width: 1280, height: 900 });
    await runFromPalette(page, "library.search");
    await page.getByTestId("widget-carousel").last().getByRole("button", { name: "Review" }).first().click();
    await page.getByTestId("widget-review").first().waitFor({ timeout: 15_000 });
    // this card, by its place: later steps (the undo's own card) may show the file too
    const review = page.getByTestId("widget-review").nth((await page.getByTestId("widget-review").count()) - 1);
    await review.getByTestId("review-approve").click();
    // the review's confirm card is the next step of the conversation
    const confirms = page.getByTestId("widget-confirm");
    await confirms.filter({ hasText: "harbour-poster.png" }).first().waitFor({ timeout: 15_000 });
    // pinned by its place too: the undo's confirm card names the file as well
    const approval = confirms.nth((await confirms.count()) - 1);
    await accept(approval);
    // each card's badge is the file's status as read
    const status = (card: Locator) => card.locator(".widget-aside").first().innerText();
    const result = approval.getByTestId("widget-review");
    await expect.poll(() => status(review), { timeout: 15_000 }).toBe("approved");
    await expect.poll(() => status(result), { timeout: 15_000 }).toBe("approved");
    await expect.poll(() => review.getByTestId("review-approve").count()).toBe(0);

    await approval.getByTestId("undo").click();
    const undoCard = page.getByTestId("widget-confirm").last();
    await expect.poll(() => undoCard.innerText(), { timeout: 15_000 }).toContain("harbour-poster.png");
    await accept(undoCard);
    // the undo touched its activity entry, not the file: the review card reads the file again anyway
    await expect.poll(() => status(review), { timeout: 15_000 }).toBe("proposed");
    await expect.poll(() => status(result), { timeout: 15_000 }).toBe("proposed");
    expect(await result.innerText()).toContain("Proposed again: this review was undone.");
    // the approval's card no longer offers an Undo that would only be refused
    expect(await approval.getByTestId("undo").count()).toBe(0);
    expect(await approval.getByTestId("undone").innerText()).toContain("Undone");
    await review
      .getByTestId("review-approve")
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, "undo-review-card-failed", { fullPage: true });
        throw error;
      });
    expect(
      await db().asset.count({ where: { brandId: brand.id, name: "harbour-poster.png", status: "proposed" } }),
    ).toBe(1);
    await screenshot(page, "undo-review-card", { fullPage: false });
    await page.context().close();
  }, 90_000);

  it("a refused undo reads in words: the colour changed since, by whom", async () => {
    const page = await openChat({ width: 1280, height: 900 });
    const card = await addColour(page, "Sea", "#219ebc");
    await db().kitColor.updateMany({ where: { brandId: brand.id, hex: "#219EBC" }, data: { name: "Ocean" } });
    await card.getByTestId("undo").click();
    const refusal = page.getByText("This cannot be undone").last();
    await refusal.waitFor({ timeout: 15_000 });
    const words = await refusal.innerText();
    expect(words).toContain('the colour "Ocean" (#219EBC, no particular role) changed since (its name)');
    expect(words).not.toMatch(/undo_conflict|activityId/);
    await screenshot(page, "undo-refused", { fullPage: false });
    await page.context().close();
  });
});

/** A proposed image in the brand's library, uploaded as an integration would. */
async function proposeFile(fileName: string): Promise<void> {
  const { key } = await createKey(db(), { email: admin.email, scopes: "all" });
  const api = async (body: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}/api/v1/library.upload.create`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify({ brand: brand.shortId, ...body }),
    });
    return ((await response.json()) as { data: Record<string, string> }).data;
  };
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2A9D8F" } })
    .png()
    .toBuffer();
  const started = await api({ step: "start", fileName, mimeType: "image/png", sizeBytes: png.length });
  await fetch(started.uploadUrl!, {
    method: "PUT",
    body: new Uint8Array(png),
    headers: { "Content-Type": "image/png" },
  });
  await api({ step: "complete", uploadId: started.uploadId });
}
