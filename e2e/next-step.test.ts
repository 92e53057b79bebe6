// Where the person's next step is, in Debian's Chromium on a 360×740 phone and a
// 1280×800 laptop: what a tap starts (a confirm card after Save in a contact's Edit, Remove,
// Disconnect, a slash command's Run) is brought into view, clear of the message box, with focus on
// its Confirm; after Confirm, a wrong sign-in and Revoke focus stays where the next step is, never
// on the page body; Ctrl+Enter runs a form from every field. Screenshots next-step-*.png.
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { confirmAndCall, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, type Person, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
const SIZES = { phone: { width: 360, height: 740 }, laptop: { width: 1280, height: 800 } } as const;
let browser: Browser;
let admin: Person;
let brand: { id: string; shortId: string };

beforeAll(async () => {
  brand = await createTestBrand("Next Step Roasters");
  admin = await createPerson({ name: "Nia Next", brands: { [brand.shortId]: "admin" } });
  const key = (await makeKey(admin.email)).key;
  const url = { url: baseUrl };
  for (const [type, value] of [
    ["website", "https://next-step.example"],
    ["email", "hello@next-step.example"],
    ["phone", "+33 1 23 45 67 89"],
    ["email", "shop@next-step.example"],
  ])
    expectOk(
      await confirmAndCall("brand.contacts.save", key, { brand: brand.shortId, op: "upsert", type, value }, url),
    );
  for (const account of ["Next Step page", "Next Step shop"])
    await db().connection.create({
      data: {
        id: randomUUID(),
        brandId: brand.id,
        provider: "linkedin",
        account,
        status: "connected",
        connectedAt: new Date(),
      },
    });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signed in as a new admin of the brand (sign-in is rate-limited per person). */
async function chat(size: keyof typeof SIZES): Promise<Page> {
  const person = await createPerson({ name: "Nia Next", brands: { [brand.shortId]: "admin" } });
  const { page } = await newPage(browser, baseUrl, { viewport: SIZES[size] });
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

/** Opens /<id> from the palette, runs it (a form is left to `fill`); the new result. */
async function command(page: Page, id: string, fill?: () => Promise<void>): Promise<Locator> {
  const before = await page.getByTestId("slash-result").count();
  await page.getByTestId("chat-input").fill("/");
  await page.getByTestId(`slash-item-${id}`).click();
  if (fill) await fill();
  else if (
    await page
      .getByTestId("slash-run")
      .isVisible()
      .catch(() => false)
  )
    await page.getByTestId("slash-run").click();
  await expect.poll(() => page.getByTestId("slash-result").count(), { timeout: 15_000 }).toBe(before + 1);
  return page.getByTestId("slash-result").nth(before);
}

/** What has focus: its test id, or its tag when it has none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("data-testid") ?? element?.tagName.toLowerCase() ?? "none";
  });

/** The new Confirm has focus and is whole on screen, between the header and the message box. */
async function confirmFocusedInView(page: Page, where: string) {
  await expect.poll(() => focused(page), { timeout: 15_000, message: `${where}: focus` }).toBe("confirm-accept");
  const placed = await page.evaluate(() => {
    const button = document.activeElement!.getBoundingClientRect();
    const view = document.querySelector(".conversation-scroll")!.getBoundingClientRect();
    const composer = document.querySelector(".composer-wrap")!.getBoundingClientRect();
    return { top: button.top, bottom: button.bottom, viewTop: view.top, composerTop: composer.top };
  });
  expect(placed.top, `${where}: below the header`).toBeGreaterThanOrEqual(placed.viewTop - 1);
  expect(placed.bottom, `${where}: above the message box`).toBeLessThanOrEqual(placed.composerTop + 1);
}

/** Presses Confirm (with the keyboard: it has focus) and checks focus stays in the card that said Done. */
async function confirmByKeyboard(page: Page, where: string) {
  const index = await page
    .getByTestId("widget-confirm")
    .evaluateAll((cards) => cards.findIndex((card) => card.contains(document.activeElement)));
  const card = page.getByTestId("widget-confirm").nth(index);
  await page.keyboard.press("Enter");
  await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Done/);
  const inCard = await card.evaluate((element) => element.contains(document.activeElement));
  expect(inCard, `${where}: focus in the decided card, not ${await focused(page)}`).toBe(true);
}

describe.each(["phone", "laptop"] as const)("on a %s", (size) => {
  it("Save in a contact's Edit, Remove and Disconnect: the confirm card in view, focus on Confirm; after Confirm focus stays", async () => {
    const page = await chat(size);
    // a long conversation first, so a new card lands below the fold
    for (const id of ["brand.overview", "questions.list", "brand.contacts.list"]) await command(page, id);
    const list = page.getByTestId("slash-result").last();
    const rows = list.getByTestId("widget-list").locator("li.list-row");
    await rows
      .filter({ hasText: "next-step.example" })
      .filter({ hasText: /website/i })
      .getByTestId("row-edit")
      .click();
    const row = rows.filter({ has: page.getByTestId("row-edit-value") });
    await row.getByTestId("row-edit-value").fill(`https://${size}.next-step.example`);
    await row.getByTestId("row-edit-save").click();
    await confirmFocusedInView(page, `${size} Save`);
    await screenshot(page, `next-step-${size}-save`, { fullPage: false });
    await confirmByKeyboard(page, `${size} Save`);

    const email = size === "phone" ? "hello@next-step.example" : "shop@next-step.example";
    await rows.filter({ hasText: email }).getByTestId("row-remove").click();
    await confirmFocusedInView(page, `${size} Remove`);
    await confirmByKeyboard(page, `${size} Remove`);

    const connections = await command(page, "connections.list");
    const account = size === "phone" ? "Next Step page" : "Next Step shop";
    await connections.locator("li", { hasText: account }).getByTestId("row-disconnect").click();
    await confirmFocusedInView(page, `${size} Disconnect`);
    await screenshot(page, `next-step-${size}-disconnect`, { fullPage: false });
  }, 120_000);

  it("Run, and Ctrl+Enter from a list field, bring the new Confirm into focus (no Tabs)", async () => {
    const page = await chat(size);
    await command(page, "brand.contacts.list");
    await command(page, "kit.colors.add", async () => {
      await page.getByTestId("slash-field-name").fill(`Sea ${size}`);
      await page.getByTestId("slash-field-hex").fill(size === "phone" ? "#1A2B3C" : "#3C2B1A");
      const role = page.getByTestId("slash-field-role");
      await role.selectOption("accent");
      // Ctrl+Enter from the list field (a select), not only from a one-line field
      await role.focus();
      await page.keyboard.press("Control+Enter");
    });
    await confirmFocusedInView(page, `${size} Run`);
  }, 60_000);
});

describe("focus after a refusal or a removal", () => {
  it("a wrong sign-in leaves focus on the password, ready to type again", async () => {
    const { page } = await newPage(browser, baseUrl, { viewport: SIZES.phone });
    await page.goto("/sign-in");
    await page.getByTestId("sign-in-email").fill(admin.email);
    await page.getByTestId("sign-in-password").fill("not the password");
    // the mouse: the button it presses is disabled while signing in, which used to drop focus to the page
    await page.getByTestId("sign-in-submit").click();
    await page.getByTestId("sign-in-error").waitFor();
    await expect.poll(() => focused(page)).toBe("sign-in-password");
  });

  it("Revoke: focus goes to the question's Revoke, then stays on the key's row, never the page body", async () => {
    const { page } = await newPage(browser, baseUrl, { viewport: SIZES.laptop });
    await signIn(page, admin.email, admin.password, "/settings");
    await page.getByTestId("key-create-name").fill("Next step key");
    await page.getByTestId("key-create-scope-all").check();
    await page.getByTestId("key-create-submit").click();
    await page.getByTestId("key-shown").waitFor();
    const row = page.locator("[data-testid^=key-row-]").filter({ hasText: "Next step key" });
    const prefix = String(await row.getAttribute("data-testid")).slice("key-row-".length);
    await page.getByTestId(`key-revoke-${prefix}`).click();
    await expect.poll(() => focused(page)).toBe(`key-revoke-confirm-${prefix}`);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByTestId(`key-state-${prefix}`).innerText(), { timeout: 15_000 })
      .toMatch(/revoked/i);
    await expect.poll(() => focused(page)).not.toBe("body");
    expect(await row.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });
});

describe("an expired confirmation", () => {
  it("keeps what it was about beside Propose it again, also after a reload", async () => {
    const page = await chat("laptop");
    await command(page, "kit.colors.add", async () => {
      await page.getByTestId("slash-field-name").fill("Late sea");
      await page.getByTestId("slash-field-hex").fill("#0A1B2C");
      await page.getByTestId("slash-run").click();
    });
    const confirm = page.getByTestId("widget-confirm").last();
    const summary = await confirm.locator(".confirm-summary").innerText();
    expect(summary).toContain("Late sea");
    const pending = await db().pendingCall.findFirstOrThrow({
      where: { brandId: brand.id, capabilityId: "kit.colors.add", status: "pending" },
      orderBy: { createdAt: "desc" },
    });
    await db().pendingCall.update({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await confirm.getByTestId("confirm-accept").click();
    await confirm.getByTestId("confirm-again").waitFor({ timeout: 15_000 });
    expect(await confirm.locator(".confirm-summary").innerText()).toBe(summary);
    await screenshot(page, "next-step-expired", { fullPage: false });
    await page.reload();
    const stored = page
      .getByTestId("widget-confirm")
      .filter({ has: page.getByTestId("confirm-again") })
      .last();
    await stored.waitFor({ timeout: 15_000 });
    expect(await stored.locator(".confirm-summary").innerText()).toBe(summary);
  }, 60_000);
});

describe("wrong input in words", () => {
  it("a colour code written as a word is answered with what a colour code looks like", async () => {
    const page = await chat("phone");
    await page.getByTestId("chat-input").fill("/");
    await page.getByTestId("slash-item-kit.colors.add").click();
    await page.getByTestId("slash-field-name").fill("Sky");
    await page.getByTestId("slash-field-hex").fill("blue");
    await page.getByTestId("slash-run").click();
    const error = page.getByTestId("slash-error");
    await expect.poll(() => error.innerText(), { timeout: 15_000 }).toContain("like #1A2B3C");
    expect(await error.innerText()).not.toMatch(/regex|pattern/i);
    await screenshot(page, "next-step-colour-code-words", { fullPage: false });
  });
});

describe("no dead ends", () => {
  it("an empty contacts list offers Add a channel, an empty integrations list Connect a service", async () => {
    const empty = await createTestBrand("Empty Roasters");
    const person = await createPerson({ name: "Eve Empty", brands: { [empty.shortId]: "admin" } });
    const { page } = await newPage(browser, baseUrl, { viewport: SIZES.phone });
    await signIn(page, person.email, person.password);
    await page.waitForFunction(
      (shortId) =>
        (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
      empty.shortId,
    );
    const contacts = await command(page, "brand.contacts.list");
    expect(await contacts.innerText()).toContain("No contact channels yet");
    await contacts.getByTestId("contact-add").click();
    await contacts.getByTestId("row-edit-value").fill("https://empty-roasters.example");
    await contacts.getByTestId("row-edit-value").press("Control+Enter");
    await confirmFocusedInView(page, "Add a channel");
    await confirmByKeyboard(page, "Add a channel");
    expect(await db().contact.count({ where: { brandId: empty.id } })).toBe(1);
    const connections = await command(page, "connections.list");
    expect(await connections.innerText()).toContain("No services connected yet");
    const before = await page.getByText("Providers you can connect").count();
    await connections.getByTestId("connections-show-services").click();
    await expect.poll(() => page.getByText("Providers you can connect").count(), { timeout: 15_000 }).toBe(before + 1);
    await screenshot(page, "next-step-empty-connections", { fullPage: false });
  }, 60_000);

  it("with no model, Send says why it sends nothing", async () => {
    const page = await chat("phone");
    await page.getByTestId("model-missing").waitFor({ timeout: 10_000 });
    // aria-disabled, not disabled: it can be pressed (Playwright counts it as not enabled, so by keyboard)
    await page.getByTestId("chat-send").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("composer-no-model").waitFor();
    expect(await page.getByTestId("composer-no-model").innerText()).toContain("No AI model is configured");
    await screenshot(page, "next-step-no-model-send", { fullPage: false });
  });
});
