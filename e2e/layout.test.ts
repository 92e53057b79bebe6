// The chat as a person holds it: a conversation with every card kind, measured at 320, 360 and 400
// px wide, light and dark, in Debian's Chromium. On EVERY element: nothing cut off (content wider
// than its box, or hidden by an overflow), every control at least 24×24 px (WCAG 2.2 AA 2.5.8),
// placeholders readable (4.5:1) and whole (support/layout.ts). Also: the phone header's height
// budget, and the view scrolling to each new card without yanking a person reading further up.
// Screenshot: docs/screenshots/phone-chat.png (the README shows it) and layout-*.png.
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { bytes, upload, uploadApproved } from "../test/support/files";
import { call, confirmAndCall, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { layoutProblems, placeholderFits } from "./support/layout";
import { createPerson, createTestBrand, signIn } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
const PHONE = { width: 360, height: 740 };
let browser: Browser;
let page: Page;

/** Opens /<id> from the palette by clicking, lets `fill` fill its form, runs it; the new result. */
async function command(id: string, fill?: () => Promise<void>): Promise<Locator> {
  // this command's results only: an action taken in a card is a result (a step) of its own
  const results = page.getByTestId("slash-result").filter({
    has: page.getByTestId("slash-echo").locator("code", { hasText: new RegExp(`^/${id.replaceAll(".", "\\.")}$`) }),
  });
  const before = await results.count();
  await runFromPalette(page, id, fill);
  await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(before + 1);
  return results.last();
}

/** Where `locator`'s top is, relative to the conversation's visible area (0 = its top edge). */
async function topInView(locator: Locator) {
  return locator.evaluate((element) => {
    const box = document.querySelector(".conversation-scroll")!.getBoundingClientRect();
    const top = element.getBoundingClientRect().top;
    return { top: top - box.top, height: box.height };
  });
}

async function expectNothingWrong(where: string) {
  const found = await layoutProblems(page);
  expect({ where, ...found }).toEqual({ where, clipped: [], small: [], faint: [] });
}

beforeAll(async () => {
  const brand = await createTestBrand("Layout Roasters of the Very Long Valley Name");
  const person = await createPerson({ name: "Lou Layout", brands: { [brand.shortId]: "admin" } });
  const key = (await makeKey(person.email)).key;
  const who = { key, brand: brand.shortId };
  for (const [name, hex, role] of [
    ["Espresso", "#3B2416", "primary"],
    ["Crema with a rather long colour name", "#F2E3C6", "secondary"],
    ["Teal", "#0A9396", "accent"],
  ]) {
    expectOk(await confirmAndCall("kit.colors.add", key, { brand: brand.shortId, name, hex, role }));
  }
  await uploadApproved(who, {
    fileName: "shop-front.png",
    mimeType: "image/png",
    body: bytes.png(),
    category: "logo",
    name: "Shop front",
  });
  await upload(who, {
    fileName: "a-very-long-file-name-for-the-winter-menu-2026-final.png",
    mimeType: "image/png",
    body: bytes.png(),
    category: "print",
    name: "a-very-long-file-name-for-the-winter-menu-2026-final.png",
  });
  expectOk(
    await confirmAndCall("brand.contacts.save", key, {
      brand: brand.shortId,
      op: "upsert",
      type: "website",
      value: "https://layout-roasters.example/a/rather/long/path",
      label: "Shop",
    }),
  );
  expectOk(
    await call("questions.ask", key, {
      brand: brand.shortId,
      questions: [
        {
          key: "tone",
          question: "Which tone do we use with customers who write to us?",
          scope: "genome",
          options: ["Warm", "Formal", "Playful"],
        },
      ],
    }),
  );
  await db().connection.create({
    data: {
      id: randomUUID(),
      brandId: brand.id,
      provider: "linkedin",
      account: "Layout Roasters page",
      status: "connected",
      connectedAt: new Date(),
    },
  });
  browser = await launchBrowser();
  page = (await newPage(browser, baseUrl, { viewport: PHONE })).page;
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (id) => (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === id,
    brand.shortId,
  );
}, 120_000);
afterAll(() => browser?.close());

describe("the chat on a phone", () => {
  it("has a one-row header and leaves most of the 360×740 screen to the conversation; the placeholder is whole", async () => {
    const heights = await page.evaluate(() => ({
      header: document.querySelector(".topbar")!.getBoundingClientRect().height,
      conversation: document.querySelector(".conversation-scroll")!.getBoundingClientRect().height,
    }));
    expect(heights.header).toBeLessThanOrEqual(56);
    expect(heights.conversation).toBeGreaterThanOrEqual(PHONE.height * 0.68);
    // the rest is in the Menu, on screen when opened
    await page.getByTestId("menu-toggle").click();
    for (const name of ["Activity", "Security and access"]) {
      const box = await page.getByRole("link", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} on screen`).toBe(true);
    }
    await expectNothingWrong("menu open");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("link", { name: "Activity" }).isVisible()).toBe(false);
    for (const width of [320, 360, 400]) {
      await page.setViewportSize({ width, height: PHONE.height });
      const fits = await placeholderFits(page.getByTestId("chat-input"));
      expect(fits.needs, `"${fits.text}" at ${width} px`).toBeLessThanOrEqual(fits.has);
    }
    // the slash palette and a command's form, on the narrowest phone
    await page.setViewportSize({ width: 320, height: PHONE.height });
    await page.getByTestId("chat-input").fill("/");
    await page.getByTestId("slash-item-kit.read").waitFor();
    await expectNothingWrong("slash palette, 320 px");
    await page.getByTestId("slash-item-kit.colors.add").click();
    await page.getByTestId("slash-run").waitFor();
    await expectNothingWrong("a command's form, 320 px");
    await page.getByTestId("chat-input").press("Escape");
    await page.setViewportSize(PHONE);
  });

  it("scrolls to each new card, and to each step a person starts in a card further up", async () => {
    for (const id of ["kit.read", "library.search", "brand.contacts.list", "questions.list"]) {
      const card = await command(id);
      await card.locator("[data-testid^=widget-]").first().waitFor();
      await expect
        .poll(
          async () => {
            const { top, height } = await topInView(card);
            return top >= -1 && top < height - 40;
          },
          { message: `${id}'s card in view` },
        )
        .toBe(true);
    }
    // reading further up: an action the person takes in a card there (Review) is a step of the
    // conversation, kept below everything else, and brought into view because the person started it
    const scroller = page.locator(".conversation-scroll");
    const carousel = page.getByTestId("widget-carousel").first();
    await carousel.evaluate((element) => element.scrollIntoView({ block: "start" }));
    const before = await scroller.evaluate((element) => element.scrollTop);
    expect(before).toBeLessThan(
      await scroller.evaluate((element) => element.scrollHeight - element.clientHeight - 100),
    );
    await carousel.getByRole("button", { name: "Review" }).click();
    const step = page.getByTestId("card-step").last();
    await step.getByTestId("review-approve").waitFor();
    await expect
      .poll(
        async () => {
          const { top, height } = await topInView(step);
          return top >= -1 && top < height - 40;
        },
        { message: "the Review step in view" },
      )
      .toBe(true);
    // a command the person runs from up there is brought into view; on a desktop too
    await page.setViewportSize({ width: 1280, height: 900 });
    const overview = await command("brand.overview");
    await overview.getByTestId("widget-record").waitFor();
    await expect
      .poll(
        async () => {
          const { top, height } = await topInView(overview);
          return top >= -1 && top < height - 40;
        },
        { message: "the overview's card in view at 1280 px" },
      )
      .toBe(true);
    await page.setViewportSize(PHONE);
  });

  it("at 320, 360, 400 (and 1280) px, light and dark, with every card kind: nothing cut off, every control 24×24 px or more", async () => {
    await command("kit.colors.add", async () => {
      await page.getByTestId("slash-field-name").fill("Sky");
      await page.getByTestId("slash-field-hex").fill("8ecae6");
      await page.getByTestId("slash-field-role").selectOption("accent");
    });
    for (const id of ["connections.list", "library.upload.create", "brand.soul.read", "brand.overview"])
      await command(id);
    const kinds = ["palette", "carousel", "review", "list", "choice", "confirm", "record", "file_request", "fallback"];
    for (const kind of kinds) expect(await page.getByTestId(`widget-${kind}`).count(), kind).toBeGreaterThan(0);
    await page.getByTestId("row-edit").first().click();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [320, 360, 400]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await page.waitForTimeout(150);
        await expectNothingWrong(`chat, ${width} px, ${scheme}`);
        // the review card whole: its file name and Approve on screen
        const review = page.getByTestId("widget-review").first();
        await review.scrollIntoViewIfNeeded();
        for (const part of [review.locator(".record-name"), review.getByTestId("review-approve")]) {
          const box = (await part.boundingBox())!;
          expect(box.x >= 0 && box.x + box.width <= width, `review at ${width}`).toBe(true);
        }
      }
      // the conversations drawer with its Rename and Delete
      await page.getByTestId("conversations-toggle").click();
      await page.getByTestId("conversation-rename").first().waitFor();
      await expectNothingWrong(`drawer, ${scheme}`);
      await page.keyboard.press("Escape");
      await page.locator(".drawer-backdrop").click({ position: { x: 340, y: 400 } });
    }
    // and on a desktop, where the conversation list is a column and the header one full row
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNothingWrong(`chat, 1280 px, ${scheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize(PHONE);
    await page
      .getByTestId("widget-palette")
      .first()
      .evaluate((card) => card.scrollIntoView({ block: "start" }));
    await screenshot(page, "layout-phone-palette", { fullPage: false });
    // the files, and the review card opened from one of them: its name and Approve whole
    await page
      .getByTestId("widget-review")
      .first()
      .evaluate((card) => card.scrollIntoView({ block: "end" }));
    await screenshot(page, "layout-phone-chat", { fullPage: false });
  });
});
