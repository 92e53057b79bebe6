// Settings › Webhooks in Debian's Chromium on a 360 px phone: an admin adds an endpoint (confirm,
// the secret shown once with Copy), sends a test event the receiver verifies, reads the log, sends
// it again, disables, rotates the secret and deletes; nothing runs off the screen, every control
// is at least 24 px tall and wide, and axe finds no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startReceiver, verify, type Receiver } from "../test/support/webhook-receiver";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
let receiver: Receiver;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await receiver?.stop();
});

async function checks(page: Page) {
  const { violations } = await new AxeBuilder({ page: page as never })
    .include('[data-testid="webhooks"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(
    violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id),
  ).toEqual([]);
  const small = await page
    .locator('[data-testid="webhooks"] button, [data-testid="webhooks"] input[type=checkbox]')
    .evaluateAll(
      (elements) =>
        elements
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.width < 24 || box.height < 24)).length,
    );
  expect(small, "controls smaller than 24 px").toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
}

const confirm = async (page: Page) => {
  await page.getByTestId("webhook-confirm-yes").click();
  await page.getByTestId("webhook-confirm").waitFor({ state: "detached" });
};

describe("settings: webhooks", () => {
  it("add, secret once, test event, log, send again, disable, rotate, delete", async () => {
    const brand = await createTestBrand("Hooked Coffee");
    const person = await createPerson({ name: "Hook Admin", brands: { [brand.shortId]: "admin" } });
    const { page } = await newPage(browser, baseUrl, { clipboard: true, viewport: { width: 360, height: 740 } });
    await signIn(page, person.email, person.password, "/settings");
    await page.getByTestId("webhooks-empty").waitFor();
    await page.getByTestId("webhook-url").fill(receiver.url);
    await page.getByTestId("webhook-all-events").uncheck();
    await page.getByRole("checkbox", { name: "A colour was added to the brand kit" }).check();
    await page.getByTestId("webhook-add-submit").click();
    await page.getByTestId("webhook-confirm").waitFor();
    expect(await page.getByTestId("webhook-confirm").textContent()).toContain(
      `Send kit.color.added of Hooked Coffee to 127.0.0.1`,
    );
    await checks(page);
    await confirm(page);
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId("webhook-secret-copy").click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, "webhooks-secret-shown", { fullPage: true });
    await page.getByRole("button", { name: "I have stored it" }).click();
    expect(await page.getByTestId("webhook-endpoint-url").textContent()).toBe(receiver.url);

    await page.getByTestId("webhook-test").click();
    await expect.poll(() => receiver.deliveredIds().length, { timeout: 15_000 }).toBe(1);
    expect(verify(secret, receiver.received[0]!)).toMatchObject({ type: "webhook.test" });
    await expect
      .poll(
        async () => {
          await page.getByTestId("webhook-log-refresh").click();
          return page.getByTestId("webhook-delivery-status").first().textContent();
        },
        { timeout: 15_000 },
      )
      .toBe("delivered");
    await page.getByTestId("webhook-resend").first().click();
    await expect
      .poll(() => receiver.deliveredIds(), { timeout: 15_000 })
      .toEqual([receiver.received[0]!.id, receiver.received[0]!.id]);
    await checks(page);
    await screenshot(page, "webhooks-log", { fullPage: true });

    await page.getByTestId("webhook-toggle").click();
    await confirm(page);
    await expect
      .poll(() => page.getByTestId("webhook-endpoint-state").textContent())
      .toMatch(/^Disabled by an admin on /);
    await page.getByTestId("webhook-rotate").click();
    await confirm(page);
    const rotated = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await screenshot(page, "webhooks-disabled-rotated", { fullPage: true });
    await page.getByRole("button", { name: "I have stored it" }).click();
    await page.getByTestId("webhook-delete").click();
    await confirm(page);
    await page.getByTestId("webhooks-empty").waitFor();
    // eight steps, two of them deliveries, each wait bounded by its own 15 s: under the whole suite's
    // load the worker gives way to the calls in flight (lib/webhooks/worker.ts), and 30 s ran out
  }, 90_000);

  it("one quick double tap sends one test event; the log shows it and a resend delivered without Refresh", async () => {
    const own = await startReceiver();
    try {
      const brand = await createTestBrand("Tapped Twice");
      const person = await createPerson({ name: "Tap Admin", brands: { [brand.shortId]: "admin" } });
      const { page } = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
      await signIn(page, person.email, person.password, "/settings");
      await page.getByTestId("webhooks-empty").waitFor();
      await page.getByTestId("webhook-url").fill(own.url);
      await page.getByTestId("webhook-add-submit").click();
      await page.getByTestId("webhook-confirm-yes").click();
      await page.getByRole("button", { name: "I have stored it" }).click();
      const tests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.postData()?.includes('"webhooks.test"')) tests.push(request.url());
      });
      // two taps within one frame, before React renders the button disabled (a person's double tap)
      await page.evaluate(() => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="webhook-test"]')!;
        button.click();
        button.click();
      });
      await expect
        .poll(() => page.getByTestId("webhook-delivery-status").allTextContents(), { timeout: 15_000 })
        .toEqual(["delivered"]);
      expect(tests).toHaveLength(1);
      expect(own.deliveredIds()).toHaveLength(1);
      await page.getByTestId("webhook-resend").first().click();
      await expect
        .poll(() => page.getByTestId("webhook-delivery-status").allTextContents(), { timeout: 15_000 })
        .toEqual(["delivered", "delivered"]);
      // the resent delivery alone: the news of the resend is not sent to the endpoint it is about
      expect(own.deliveredIds()).toHaveLength(2);
      // the date as people read it on every page (dateInWords), not the browser's own format
      expect(await page.getByTestId("webhook-log").textContent()).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC/);
      await screenshot(page, "webhooks-resent-settled", { fullPage: true });
    } finally {
      await own.stop();
    }
  });

  it("is not offered to someone who is not a brand's admin", async () => {
    const brand = await createTestBrand("Member Only");
    const person = await createPerson({ name: "Mo Member", brands: { [brand.shortId]: "member" } });
    const { page } = await newPage(browser, baseUrl);
    await signIn(page, person.email, person.password, "/settings");
    await page.getByTestId("sign-out").waitFor();
    expect(await page.getByTestId("webhooks").count()).toBe(0);
  });
});
