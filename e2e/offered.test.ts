// Offered only what the role allows, in Debian's Chromium on a 360×740 phone and a
// 1280×800 laptop: a viewer's questions card reads the questions without Answer, Later or Dismiss;
// Activity is in the menu only for those who may read it (the page tells anyone else, with no
// filters); the slash palette lists only what the role may run; a viewer's key form offers no write
// scope. A member answers. Screenshots offered-*.png.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, type Person, signIn } from "./support/people";
import { runFromPalette } from "./support/slash";

const baseUrl = inject("baseUrl");
const SIZES = { phone: { width: 360, height: 740 }, laptop: { width: 1280, height: 800 } } as const;
let browser: Browser;
let brand: { id: string; shortId: string };
const people: Partial<Record<"viewer" | "member", Person>> = {};

beforeAll(async () => {
  brand = await createTestBrand("Offered Roasters");
  const admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  people.viewer = await createPerson({ name: "Vic Viewer", brands: { [brand.shortId]: "viewer" } });
  people.member = await createPerson({ name: "Mel Member", brands: { [brand.shortId]: "member" } });
  const key = (await makeKey(admin.email)).key;
  expectOk(
    await call(
      "questions.ask",
      key,
      {
        brand: brand.shortId,
        questions: [{ key: "tone", question: "Which tone do we use?", scope: "genome", options: ["Warm", "Formal"] }],
      },
      { url: baseUrl },
    ),
  );
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function chatAs(role: "viewer" | "member", size: keyof typeof SIZES): Promise<Page> {
  const { page } = await newPage(browser, baseUrl, { viewport: SIZES[size] });
  // every page load remembers whether an Activity link was ever in the page, even for a moment (a
  // header that offers it before it knows the role, then takes it back, is offering it)
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('a[href="/activity"]'))
        (window as { activityOffered?: boolean }).activityOffered = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, people[role]!.email, people[role]!.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

const offeredActivity = (page: Page) =>
  page.evaluate(() => (window as { activityOffered?: boolean }).activityOffered === true);

async function questions(page: Page) {
  await runFromPalette(page, "questions.list");
  const card = page.getByTestId("widget-choice").last();
  await card.getByText("Which tone do we use?").waitFor({ timeout: 15_000 });
  return card;
}

describe.each(["phone", "laptop"] as const)("on a %s", (size) => {
  it("a viewer is offered nothing to be refused: no answers, no Activity, no writes in the palette or the key form", async () => {
    const page = await chatAs("viewer", size);
    const card = await questions(page);
    await card.getByTestId("question-read-only").waitFor();
    for (const offered of ["question-defer", "question-dismiss"])
      expect(await card.getByTestId(offered).count(), offered).toBe(0);
    expect(await card.getByRole("button", { name: "Warm" }).count()).toBe(0);
    await screenshot(page, `offered-${size}-viewer-questions`, { fullPage: false });
    // the palette: reads only
    await page.getByTestId("chat-input").fill("/");
    await page.getByTestId("slash-item-questions.list").waitFor();
    for (const write of ["questions.answer", "questions.ask", "kit.colors.add"])
      expect(await page.getByTestId(`slash-item-${write}`).count(), write).toBe(0);
    await page.keyboard.press("Escape");
    // the menu: no Activity
    if (size === "phone") await page.getByTestId("menu-toggle").click();
    await page.getByRole("link", { name: "Security and access" }).waitFor();
    expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
    expect(await offeredActivity(page), "an Activity link, even for a moment").toBe(false);
    // the Activity page, reached by its address: says so, without filters
    await page.goto("/activity");
    await page.getByTestId("activity-not-yours").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("activity-filters").count()).toBe(0);
    await screenshot(page, `offered-${size}-viewer-activity`, { fullPage: false });
    // the key form: read scopes only
    await page.goto("/settings");
    await page.getByTestId("key-create-scope-questions.read").waitFor();
    for (const write of ["questions.write", "brand.write", "kit.write", "library.write", "connections.write"])
      expect(await page.getByTestId(`key-create-scope-${write}`).count(), write).toBe(0);
    expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
    expect(await offeredActivity(page), "an Activity link, even for a moment").toBe(false);
  });

  it("a member answers a question, and is not offered Activity", async () => {
    const page = await chatAs("member", size);
    const card = await questions(page);
    await card.getByRole("button", { name: "Warm" }).waitFor();
    await card.getByTestId("question-defer").waitFor();
    if (size === "phone") await page.getByTestId("menu-toggle").click();
    await page.getByRole("link", { name: "Security and access" }).waitFor();
    expect(await page.getByRole("link", { name: "Activity" }).count()).toBe(0);
    expect(await offeredActivity(page), "an Activity link, even for a moment").toBe(false);
  });
});
