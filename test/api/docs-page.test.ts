// /docs in Debian's Chromium (installed by .ci/run; never a downloaded browser): the page shows
// the operations of the document, and a screenshot is kept in test-results/docs-page.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

describe("/docs in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the operations and their curl samples", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const origin = new URL(baseUrl()).origin;
    // Scalar's script comes from its CDN, which a test must not depend on: only this server is reached
    const external: string[] = [];
    await page.route("**/*", (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    const response = await page.goto(`${baseUrl()}/docs`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { name: "Add a kit colour" }).isVisible()).toBe(true);
    expect(await page.getByText("POST /api/v1/kit.colors.add").isVisible()).toBe(true);
    expect(await page.locator("pre", { hasText: "curl -sS -X POST" }).first().isVisible()).toBe(true);
    expect(external.some((url) => url.includes("@scalar/api-reference"))).toBe(true);
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: path.resolve("test-results/docs-page.png"), fullPage: false });
  });
});
