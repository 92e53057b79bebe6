// The review card shows brand.check's findings before an admin approves a file, in
// Debian's Chromium on a 360 px phone and a laptop: a proposed image in a colour outside the kit is
// opened for review from the library's carousel, and the card says Off brand, in words, above
// Approve. And under a draft the assistant wrote, Check on brand shows what is off in place.
// Screenshots: brand-check-review-phone.png, brand-check-review-laptop.png, brand-check-draft.png.
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { createKey } from "../lib/admin/commands";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { startScriptedModel, type ScriptedModel } from "../scripts/support/scripted-openai";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
let browser: Browser;
let brand: { id: string; shortId: string };
let admin: Person;

async function api(key: string, capability: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/v1/${capability}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
    body: JSON.stringify({ brand: brand.shortId, ...body }),
  });
  return (await response.json()) as { ok: boolean; data: Record<string, string> };
}

beforeAll(async () => {
  brand = await createTestBrand("Check Roasters");
  admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  await db().kitColor.create({
    data: { id: randomUUID(), brandId: brand.id, name: "Ocean", hex: "#1F6FEB", role: "primary", approved: true },
  });
  // a proposed poster in a red the kit does not have, uploaded as an integration would
  const { key } = await createKey(db(), { email: admin.email, scopes: "all" });
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#D93A2B" } })
    .png()
    .toBuffer();
  const started = await api(key, "library.upload.create", {
    step: "start",
    fileName: "red-poster.png",
    mimeType: "image/png",
    sizeBytes: png.length,
  });
  await fetch(started.data.uploadUrl!, {
    method: "PUT",
    body: new Uint8Array(png),
    headers: { "Content-Type": "image/png" },
  });
  await api(key, "library.upload.create", { step: "complete", uploadId: started.data.uploadId });
  browser = await launchBrowser();
}, 60_000);

afterAll(() => browser?.close());

async function reviewCard(page: Page): Promise<Locator> {
  await runFromPalette(page, "library.search");
  const carousel = page.getByTestId("widget-carousel").last();
  await carousel.getByRole("button", { name: "Review" }).first().click();
  const review = page.getByTestId("widget-review").last();
  await review.waitFor({ timeout: 15_000 });
  return review;
}

describe("the review card checks a proposed file against the brand", () => {
  it.each([
    ["phone", { width: 360, height: 740 }],
    ["laptop", { width: 1280, height: 800 }],
  ] as const)(
    "shows Off brand and why, above Approve, on a %s",
    async (name, viewport) => {
      const { page } = await newPage(browser, baseUrl, { viewport });
      await signIn(page, admin.email, admin.password);
      await page.waitForFunction(
        (shortId) =>
          (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
        brand.shortId,
      );
      const review = await reviewCard(page);
      const check = review.getByTestId("review-check");
      await expect
        .poll(() => check.getByTestId("check-verdict").getAttribute("data-verdict"), { timeout: 20_000 })
        .toBe("off_brand");
      const text = await check.innerText();
      expect(text).toContain("Off brand");
      expect(text).toMatch(/100% of the image is in colours outside the kit's palette/);
      expect(text).toMatch(/not a kit colour \(the nearest, Ocean #1F6FEB/);
      expect(text).toContain("Use Ocean (#1F6FEB) or another kit colour.");
      // no machine words: no rule kinds, no severities as the server names them
      expect(text).not.toMatch(/off_brand|vocabulary_avoid|\bcolor\b|warning|error/);
      // the findings come before the decision
      const [checkBox, approveBox] = await Promise.all([
        check.boundingBox(),
        review.getByTestId("review-approve").boundingBox(),
      ]);
      expect(checkBox!.y).toBeLessThan(approveBox!.y);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(client);
      await review.scrollIntoViewIfNeeded();
      await screenshot(page, `brand-check-review-${name}`, { fullPage: false });
      await page.close();
    },
    90_000,
  );
});

describe("Check on brand under a draft the assistant wrote", () => {
  const DRAFT = "Our artisanal beans are roasted this week by our growers in the hills of Huila, just for you.";
  let model: ScriptedModel;
  let server: RunningServer;
  beforeAll(async () => {
    // the chat gets the draft; brand.check's own question to the model (its guardrails) gets no finding
    model = await startScriptedModel((request) =>
      JSON.stringify(request.messages).includes("You check a text") ? { text: '{"findings":[]}' } : { text: DRAFT },
    );
    server = await startServer({
      ...inject("testEnv"),
      OPENAI_BASE_URL: model.baseUrl,
      ASSISTANT_MODEL: "scripted-model",
    });
    await db().genomeEntry.create({
      data: {
        id: randomUUID(),
        brandId: brand.id,
        kind: "vocabulary_avoid",
        value: "artisanal → small-batch",
        status: "approved",
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await model?.stop();
  });

  it("checks the reply in place on a phone, naming the avoided word and what to write instead", async () => {
    const { page } = await newPage(browser, server.url, { viewport: { width: 360, height: 740 } });
    await signIn(page, admin.email, admin.password);
    await page.waitForFunction(
      (shortId) =>
        (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
      brand.shortId,
    );
    await page.getByTestId("chat-input").fill("Write a post about this week's beans");
    await page.getByTestId("chat-send").click();
    const reply = page.getByTestId("message-assistant").last();
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain("artisanal beans");
    await reply.getByTestId("check-on-brand").click();
    const result = reply.getByTestId("check-result");
    await expect
      .poll(() => result.getByTestId("check-verdict").getAttribute("data-verdict"), { timeout: 20_000 })
      .toBe("needs_changes");
    const text = await result.innerText();
    expect(text).toContain("Needs changes");
    expect(text).toContain("“artisanal” is on the brand's list of words to avoid");
    expect(text).toContain("Write “small-batch” instead.");
    // the result has the focus, so the next step is where the person is
    expect(await result.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, "brand-check-draft", { fullPage: false });
    await page.close();
  }, 90_000);
});
