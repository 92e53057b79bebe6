// Debian's Chromium through playwright-core (no downloaded browser), a page that may reach only
// the service under test, and screenshots kept in test-results/screenshots/<name>.png.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

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
export const SCREENSHOTS = path.resolve(import.meta.dirname, "../../test-results/screenshots");

/**
 * `microphone`: a WAV file Chromium takes as its microphone (played once), with the permission
 * prompt answered yes, for the voice tests; sound plays without a prior gesture.
 */
export function launchBrowser(options: { microphone?: string } = {}): Promise<Browser> {
  const audio = options.microphone
    ? [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${options.microphone}%noloop`,
        "--autoplay-policy=no-user-gesture-required",
      ]
    : [];
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...audio] });
}

/**
 * A fresh context (its own cookies) whose requests may go only to baseUrl: anything else is
 * aborted and recorded in `blocked`, so a test can assert the page fetched nothing from elsewhere.
 * `intercept: false` leaves requests alone: while Playwright intercepts, it answers every CORS
 * preflight itself with "allow all", so a test of real CORS must not intercept.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: { clipboard?: boolean; viewport?: { width: number; height: number }; intercept?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; blocked: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    baseURL: baseUrl,
  });
  if (options.clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const origin = new URL(baseUrl).origin;
  const blocked: string[] = [];
  if (options.intercept === false) return { context, page: await context.newPage(), blocked };
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || new URL(url).origin === origin) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return { context, page: await context.newPage(), blocked };
}

/** test-results/screenshots/<name>.png of what a person sees now. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}
