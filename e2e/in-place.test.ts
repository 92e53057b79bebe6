// Outcomes where the person looks, in Debian's Chromium on a 360×740 phone and a
// 1280×800 laptop: Later on a question in an earlier card leaves the question where it was and the
// conversation keeps its scroll (the step it adds at the end does not pull the view away), and the
// question then says it was put off, there and after a reload (screenshots later-*.png);
// two conversations called the same show their date in the people's format and their place among
// their namesakes. Screenshots in-place-*.png.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { call, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, type Person, signIn } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
const SIZES = { phone: { width: 360, height: 740 }, laptop: { width: 1280, height: 800 } } as const;
const QUESTIONS = ["tone", "audience", "season", "market", "format"].map((key, index) => ({
  key,
  question: `Question ${index + 1}: which ${key} do we choose?`,
  scope: "genome" as const,
  options: ["The first way", "The second way"],
}));
let browser: Browser;
let brand: { id: string; shortId: string };
let member: Person;
// a second member for the Later tests: one account signs in at most five times a minute from one address
let laterMember: Person;

beforeAll(async () => {
  brand = await createTestBrand("In Place Roasters");
  const admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  member = await createPerson({ name: "Mel Member", brands: { [brand.shortId]: "member" } });
  laterMember = await createPerson({ name: "Lou Later", brands: { [brand.shortId]: "member" } });
  const key = (await makeKey(admin.email)).key;
  expectOk(await call("questions.ask", key, { brand: brand.shortId, questions: QUESTIONS }, { url: baseUrl }));
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function chat(size: keyof typeof SIZES, path = "/", person = member): Promise<Page> {
  const { page } = await newPage(browser, baseUrl, { viewport: SIZES[size] });
  await signIn(page, person.email, person.password, path);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

async function listQuestions(page: Page) {
  const before = await page.getByTestId("widget-choice").count();
  await runFromPalette(page, "questions.list");
  await expect.poll(() => page.getByTestId("widget-choice").count(), { timeout: 15_000 }).toBe(before + 1);
}

describe.each(["phone", "laptop"] as const)("on a %s", (size) => {
  it("Later in an earlier card keeps the question in its place, and the view where the person is", async () => {
    const page = await chat(size);
    await listQuestions(page);
    await listQuestions(page); // the first card is now an earlier one
    const earlier = page.getByTestId("widget-choice").first();
    // a question still open in this brand (an earlier run may have moved some to later)
    const open = earlier
      .locator("li.question")
      .filter({ has: page.getByTestId("question-defer") })
      .first();
    // held by its own id: once moved to later it no longer matches "has Later"
    const question = earlier.getByTestId((await open.getAttribute("data-testid"))!);
    await question.getByTestId("question-defer").scrollIntoViewIfNeeded();
    await page.waitForTimeout(400); // the scroll settles, and the page counts the person as reading up
    const topBefore = (await question.boundingBox())!.y;
    const steps = await page.getByTestId("widget-choice").count();
    await question.getByTestId("question-defer").click();

    // the step the action adds at the end has arrived, and nothing moved
    await expect.poll(() => page.getByTestId("widget-choice").count(), { timeout: 15_000 }).toBe(steps + 1);
    await page.waitForTimeout(500);
    expect(Math.abs((await question.boundingBox())!.y - topBefore)).toBeLessThan(3);
    expect(await page.getByTestId("widget-choice").last().innerText()).toContain("Question put off until later."); // the card's own word for Later
    await screenshot(page, `in-place-${size}-later`, { fullPage: false });
  });

  it("Later says the question is put off, in place and after a reload; the answers stay, Later goes", async () => {
    const page = await chat(size, "/", laterMember);
    await listQuestions(page);
    const open = page
      .getByTestId("widget-choice")
      .last()
      .locator("li.question")
      .filter({ has: page.getByTestId("question-defer") })
      .first();
    const questionId = (await open.getAttribute("data-testid"))!;
    const question = page.getByTestId(questionId);
    // the list's card (the step Later adds at the end is a card of its own)
    const truth = page.getByTestId("card-truth").filter({ has: question });
    await question.getByTestId("question-defer").scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    const topBefore = (await question.boundingBox())!.y;
    await question.getByTestId("question-defer").click();

    const putOff = question.getByTestId("question-put-off");
    await putOff.waitFor({ timeout: 15_000 });
    const said = /^You put this off on \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC; answer it whenever you like\.$/;
    expect(await putOff.innerText()).toMatch(said);
    expect(await question.locator(".question-text").innerText()).toContain("Put off");
    await page.waitForTimeout(500);
    expect(Math.abs((await question.boundingBox())!.y - topBefore)).toBeLessThan(3);
    // focus stays in the question (Later is gone): on its first answer
    expect(await question.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    const offers = async () => {
      await expect.poll(() => truth.getAttribute("data-state"), { timeout: 15_000 }).toBe("current");
      expect(await question.getByTestId("question-defer").count(), "Later").toBe(0);
      expect(await question.getByRole("button", { name: "The first way" }).isEnabled()).toBe(true);
      expect(await question.getByTestId("question-dismiss").count(), "Dismiss").toBe(1);
      expect(await truth.locator(".widget-aside").innerText()).toMatch(/^\d+ open · [1-9]\d* put off$/);
    };
    await offers();
    await screenshot(page, `later-${size}-put-off`, { fullPage: false });

    await page.reload();
    await putOff.waitFor({ timeout: 15_000 });
    expect(await putOff.innerText()).toMatch(said);
    await question.scrollIntoViewIfNeeded();
    await offers();
    await screenshot(page, `later-${size}-after-reload`, { fullPage: false });
  });

  it("two conversations called the same show their date and their place among their namesakes", async () => {
    const title = `Spring launch ${size}`;
    const made = async (id: string, at: string, name = title) =>
      db().conversation.create({
        data: {
          id,
          userId: member.id,
          brandId: brand.id,
          title: name,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        },
      });
    const suffix = Math.floor(Math.random() * 1e9);
    await made(`namesake-old-${suffix}`, "2026-11-20T09:30:00Z");
    await made(`namesake-new-${suffix}`, "2026-11-26T14:05:00Z");
    await made(`alone-${suffix}`, "2026-11-25T08:00:00Z", `Only one ${size}`);
    const page = await chat(size);
    if (size === "phone") await page.getByTestId("conversations-toggle").click();
    const row = (text: string) => page.getByTestId("conversation-item").filter({ hasText: text });
    await expect.poll(() => row(title).count(), { timeout: 15_000 }).toBe(2);
    const newer = await row(title).first().locator(".conversation-when").innerText();
    const older = await row(title).last().locator(".conversation-when").innerText();
    expect(newer).toBe("26 November 2026, 14:05 UTC · 2nd of 2 with this title");
    expect(older).toBe("20 November 2026, 09:30 UTC · 1st of 2 with this title");
    expect(await row(`Only one ${size}`).locator(".conversation-when").innerText()).toBe("25 November 2026, 08:00 UTC");
    await page.waitForTimeout(300); // the drawer's slide
    await screenshot(page, `in-place-${size}-namesakes`, { fullPage: false });
  });
});
