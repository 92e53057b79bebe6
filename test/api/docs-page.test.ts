// /docs in Debian's Chromium (installed by .ci/run; never a downloaded browser): the page shows
// the operations of the document, and a screenshot is kept in test-results/docs-page.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

describe("/docs in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders the reference from the generated document, with nothing fetched from elsewhere", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const origin = new URL(baseUrl()).origin;
    // the page must work on a closed network: every request it makes goes to this server
    const external: string[] = [];
    await page.route("**/*", (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    const response = await page.goto(`${baseUrl()}/docs`);
    expect(response?.status()).toBe(200);
    // the server-rendered summary is there before any script runs
    expect(await page.content()).toContain("POST /api/v1/kit.colors.add");
    // then Scalar's viewer (served by /docs/scalar.js) renders the document: its intro and sidebar
    await expect
      .poll(() => page.getByRole("heading", { name: "Brand Operations API" }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByText("List my brands").first().isVisible()).toBe(true);
    await expect.poll(() => page.locator(".scalar-app").count()).toBeGreaterThan(0);
    // no "Ask AI": it would send the API description to a third party
    expect(await page.getByText("Ask AI").count()).toBe(0);
    expect(external).toEqual([]);
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: path.resolve("test-results/docs-page.png"), fullPage: false });
  });
});
