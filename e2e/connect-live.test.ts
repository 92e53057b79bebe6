// Connecting from the chat keeps the chat true, in Debian's Chromium on a 360×740 phone
// and a 1280×800 laptop: Connect on the integrations list is a step of the conversation (its link
// card is brought into view); the provider's callback, in its own tab, tells the chat, whose list
// card and link card then say "connected" without a reload; after a reload the step is still there
// and still says so; the provider's row then offers another account. Runs its own server: connecting
// needs an OAuth provider (test/support).
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { startMockProvider, writeProvidersFile, type MockProvider } from "../test/support/oauth-provider";
import { makeBrand } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, signIn, type Person } from "./support/people";
import { localFilesEnv } from "./support/local-files";

const SIZES = { phone: { width: 360, height: 740 }, laptop: { width: 1280, height: 800 } } as const;
let browser: Browser;
let server: RunningServer;
let mock: MockProvider;
let providers: ReturnType<typeof writeProvidersFile>;

beforeAll(async () => {
  mock = await startMockProvider();
  providers = writeProvidersFile([mock.entry("mocksocial", { name: "Mock Social" })]);
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    ...localFilesEnv("connect-live"),
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mock?.stop();
  providers?.remove();
});

async function chatAs(person: Person, shortId: string, size: keyof typeof SIZES): Promise<Page> {
  const { page } = await newPage(browser, server.url, { viewport: SIZES[size] });
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (brand) => (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === brand,
    shortId,
  );
  return page;
}

/** The integrations with the providers that can be connected, as a card of the conversation. */
async function integrations(page: Page): Promise<Locator> {
  const before = await page.getByTestId("slash-result").count();
  await page.getByTestId("chat-input").fill("/");
  await page.getByTestId("slash-item-connections.list").click();
  await page.getByTestId("slash-field-includeCatalog").check();
  await page.getByTestId("slash-run").click();
  await expect.poll(() => page.getByTestId("slash-result").count(), { timeout: 15_000 }).toBe(before + 1);
  return page.getByTestId("slash-result").nth(before).getByTestId("widget-list");
}

describe.each(["phone", "laptop"] as const)("on a %s", (size) => {
  it("Connect is a kept step; the callback in its own tab updates the chat's cards; a reload keeps the step", async () => {
    const brand = await makeBrand({ name: `Live ${size} Roasters`, plan: "pro" });
    const admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
    const page = await chatAs(admin, brand.shortId, size);
    const list = await integrations(page);
    const row = list.locator("li", { hasText: "Mock Social" });
    await row.getByTestId("row-connect").click();

    // the link card is the conversation's next step, in view, its link focused
    const step = page.getByTestId("card-step").last();
    const card = step.getByTestId("widget-action_link");
    const link = card.getByTestId("action-link-open");
    await link.waitFor({ timeout: 15_000 });
    await expect.poll(() => link.evaluate((node) => node === document.activeElement), { timeout: 15_000 }).toBe(true);
    expect(await link.isVisible()).toBe(true);
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(SIZES[size].height);
    await screenshot(page, `connect-live-${size}-link`, { fullPage: false });

    // the provider's tab: it sends the browser straight back to our callback, which says connected
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForURL((url) => url.pathname === "/api/connections/callback", { timeout: 15_000 });
    expect(await tab.locator("h1").innerText()).toBe("Mock Social is connected");
    await tab.close();

    // back in the chat, no reload: the link card says connected and offers the link no more, and the
    // list card read its connections again
    await card.getByTestId("action-link-connected").waitFor({ timeout: 15_000 });
    expect(await card.getByTestId("action-link-open").count()).toBe(0);
    expect(await card.getByTestId("action-link-connected").innerText()).toMatch(/^Mock Social is connected as /);
    const connectedRow = list.locator("li", { hasText: /Connected/ });
    await expect.poll(() => connectedRow.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await list.innerText()).not.toContain("Not finished yet");
    // the provider's catalogue row no longer offers the first connection again: a second account
    const another = list.getByRole("button", { name: "Connect another Mock Social account" });
    await expect.poll(() => another.count(), { timeout: 15_000 }).toBe(1);
    expect(await another.innerText()).toBe("Connect another account");
    expect(await list.getByRole("button", { name: "Connect Mock Social", exact: true }).count()).toBe(0);
    await screenshot(page, `connect-live-${size}-connected`, { fullPage: false });

    // a reload: the Connect step is still in the conversation, and says where the connection stands
    await page.reload();
    const kept = page.getByTestId("widget-action_link");
    await kept.first().waitFor({ timeout: 20_000 });
    expect(await kept.count()).toBe(1);
    await kept.getByTestId("action-link-connected").waitFor({ timeout: 15_000 });
    expect(await kept.getByTestId("action-link-open").count()).toBe(0);
  }, 90_000);
});
