// Conversations that last, in Debian's Chromium with a scripted model: a reload lands back in the
// conversation with its widgets (a confirm card decided before it shows its outcome), a second
// conversation, brands switched and back, rename and delete, another person's id refused, a
// reload during a slow answer still shows the whole answer, and the drawer on a 360 px phone.
// Screenshots: test-results/screenshots/conversations-*.png.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand } from "../lib/admin/commands";
import { db } from "../lib/db/client";
import { lastUserText, trailingToolResults, type ChatRequest, type Turn } from "../scripts/support/scripted-openai";
import { startModelServer } from "../test/assistant/support";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, signIn, type Person } from "./support/people";

const SLOW_ANSWER =
  "Here is a long answer that arrives slowly, a few words at a time, so that the page can be reloaded in the middle of it.";

function script(request: ChatRequest): Turn {
  const results = trailingToolResults(request) as { status?: string }[];
  if (results.length > 0)
    return { text: results[0]?.status === "awaiting_confirmation" ? "Please confirm the change above." : "Done." };
  const said = lastUserText(request);
  if (said === "Confirmed." || said === "Cancelled.") return { text: "Noted." };
  if (said.includes("sky"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Sky", hex: "#8ecae6", role: "accent" } }] };
  if (said.includes("mint"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Mint", hex: "#98ff98", role: "accent" } }] };
  if (said.includes("slowly")) return { text: SLOW_ANSWER, pieceDelayMs: 250 };
  return { text: `You said: ${said}` };
}

let env: Awaited<ReturnType<typeof startModelServer>>;
let browser: Browser;
let page: Page;
let brandA: { id: string; shortId: string };
let brandB: { id: string; shortId: string };
let admin: Person;
let other: Person;

const conversationIdInUrl = () => new URL(page.url()).searchParams.get("conversation");
const items = () => page.getByTestId("conversation-item");
const titles = () => items().locator(".conversation-title").allInnerTexts();

async function waitForBrand(target: Page, shortId: string) {
  await target.waitForFunction(
    (id) => (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === id,
    shortId,
  );
}

/** Types a message, sends it, and waits until the answer (or the confirm card) is on screen. */
async function say(text: string, expected: string | RegExp) {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect.poll(() => page.getByTestId("conversation").innerText(), { timeout: 20_000 }).toMatch(expected);
  await expect.poll(() => page.getByTestId("chat-send").isDisabled()).toBe(true); // the box is empty again
}

beforeAll(async () => {
  env = await startModelServer(script);
  const suffix = Math.floor(Math.random() * 1e9);
  brandA = await createBrand(db(), { name: "Keep Roasters", shortId: `KEEP-${suffix}` });
  brandB = await createBrand(db(), { name: "Other Bakery", shortId: `OTHR-${suffix}` });
  admin = await createPerson({ name: "Cora Keeper", brands: { [brandA.shortId]: "admin", [brandB.shortId]: "admin" } });
  other = await createPerson({ name: "Olly Other", brands: { [brandA.shortId]: "admin" } });
  browser = await launchBrowser();
  page = (await newPage(browser, env.url)).page;
  await signIn(page, admin.email, admin.password);
  await page.getByTestId("brand-switcher").selectOption(brandA.shortId);
  await waitForBrand(page, brandA.shortId);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe("conversations in the browser", () => {
  let first: string;

  it("a reload lands back in the conversation, with its widgets and each confirm card's outcome", async () => {
    await say("Plan the spring launch with me", "You said: Plan the spring launch with me");
    first = conversationIdInUrl()!;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(titles).toEqual(["Plan the spring launch with me"]);

    await say("add sky to the kit", "Please confirm the change above.");
    await page.getByTestId("confirm-accept").click();
    await page.getByTestId("widget-confirm").getByTestId("widget-palette").waitFor();
    await expect.poll(() => page.getByTestId("conversation").innerText(), { timeout: 15_000 }).toContain("Noted.");
    await say("and add mint", "Please confirm the change above.");
    await page.getByTestId("confirm-cancel").click();
    await page.getByTestId("confirm-declined").waitFor();
    await expect
      .poll(() => page.getByTestId("message-assistant").last().innerText(), { timeout: 15_000 })
      .toContain("Noted.");

    await page.reload();
    await page.getByTestId("confirm-declined").waitFor();
    expect(conversationIdInUrl()).toBe(first);
    const shown = await page.getByTestId("conversation").innerText();
    for (const text of [
      "Plan the spring launch with me",
      "You said: Plan the spring launch with me",
      "add sky to the kit",
      "and add mint",
    ])
      expect(shown).toContain(text);
    // decided before the reload: the outcome, never a live Confirm
    expect(await page.getByTestId("confirm-accept").count()).toBe(0);
    // the confirmed card shows what was written: the colour in the kit
    await expect.poll(() => page.getByTestId("widget-palette").first().innerText()).toContain("#8ECAE6");
    expect(await db().kitColor.count({ where: { brandId: brandA.id } })).toBe(1);
    await screenshot(page, "conversations-reloaded");
  });

  it("a slash command joins the conversation and is there after a reload", async () => {
    await page.getByTestId("chat-input").fill("/");
    await page.getByTestId("slash-item-kit.read").click();
    await page.getByTestId("slash-run").click();
    await page.getByTestId("slash-result").getByTestId("widget-palette").waitFor();
    await page.reload();
    await page.getByTestId("slash-result").getByTestId("widget-palette").waitFor();
    expect(conversationIdInUrl()).toBe(first);
  });

  it("a second conversation by a click, the first one reopened from the list, and a rename", async () => {
    await page.getByTestId("new-conversation").click();
    await page.locator(".intro").waitFor();
    expect(conversationIdInUrl()).toBeNull();
    await say("A second topic: the newsletter", "You said: A second topic: the newsletter");
    const second = conversationIdInUrl()!;
    expect(second).not.toBe(first);
    await expect.poll(titles).toEqual(["A second topic: the newsletter", "Plan the spring launch with me"]);

    await items().filter({ hasText: "Plan the spring launch" }).locator(".conversation-open").click();
    await expect.poll(conversationIdInUrl).toBe(first);
    await expect
      .poll(() => page.getByTestId("conversation").innerText())
      .toContain("You said: Plan the spring launch with me");
    expect(await page.getByTestId("conversation").innerText()).not.toContain("newsletter");

    await items().filter({ hasText: "the newsletter" }).getByTestId("conversation-rename").click();
    await page.getByTestId("conversation-title-input").fill("Newsletter ideas");
    await page.getByTestId("conversation-title-input").press("Enter");
    await expect.poll(titles).toEqual(["Newsletter ideas", "Plan the spring launch with me"]);
    expect((await db().conversation.findFirst({ where: { id: second } }))?.title).toBe("Newsletter ideas");
    await screenshot(page, "conversations-list");
  });

  it("switching brand switches the list; switching back returns to the brand's conversation", async () => {
    await page.getByTestId("brand-switcher").selectOption(brandB.shortId);
    await expect.poll(() => items().count()).toBe(0);
    await page.locator(".intro").waitFor();
    await say("Bread for the weekend", "You said: Bread for the weekend");
    await expect.poll(titles).toEqual(["Bread for the weekend"]);
    await page.getByTestId("brand-switcher").selectOption(brandA.shortId);
    await expect.poll(conversationIdInUrl).toBe(first);
    await expect.poll(() => page.getByTestId("conversation").innerText()).toContain("Plan the spring launch with me");
    await expect.poll(titles).toEqual(["Newsletter ideas", "Plan the spring launch with me"]);
  });

  it("deletes a conversation after asking, for good", async () => {
    const row = items().filter({ hasText: "Newsletter ideas" });
    await row.getByTestId("conversation-delete").click();
    await screenshot(page, "conversations-delete", { fullPage: false });
    await row.getByTestId("conversation-delete-confirm").click();
    await expect.poll(titles).toEqual(["Plan the spring launch with me"]);
    expect(await db().conversation.count({ where: { title: "Newsletter ideas" } })).toBe(0);
  });

  it("another person cannot open it by its id", async () => {
    const { context, page: theirs } = await newPage(browser, env.url);
    await signIn(theirs, other.email, other.password);
    await theirs.goto(`/?conversation=${first}`);
    await theirs.getByTestId("conversation-notice").waitFor();
    expect(await theirs.getByTestId("conversation-notice").innerText()).toContain("isn’t available");
    expect(await theirs.getByTestId("conversation").innerText()).not.toContain("spring launch");
    const response = await theirs.request.get(`/api/conversations/${first}`);
    expect(response.status()).toBe(404);
    await context.close();
  });

  it("a reload during a slow answer still shows the whole answer", async () => {
    await page.getByTestId("new-conversation").click();
    await page.getByTestId("chat-input").fill("answer me slowly please");
    await page.getByTestId("chat-send").click();
    // the first words are on screen, the rest is still coming
    await expect
      .poll(() => page.getByTestId("conversation").innerText(), { timeout: 15_000 })
      .toContain("Here is a long");
    expect(await page.getByTestId("conversation").innerText()).not.toContain("middle of it.");
    await page.reload();
    await expect.poll(() => page.getByTestId("conversation").innerText(), { timeout: 30_000 }).toContain(SLOW_ANSWER);
    expect(await page.getByTestId("assistant-answering").count()).toBe(0);
    await screenshot(page, "conversations-resumed");
  });

  it("on a 360 px phone the list is a drawer, and nothing runs off the screen", async () => {
    const { context, page: phone } = await newPage(browser, env.url, { viewport: { width: 360, height: 740 } });
    await signIn(phone, admin.email, admin.password);
    await phone.goto(`/?conversation=${first}`);
    await expect.poll(() => phone.getByTestId("conversation").innerText()).toContain("Plan the spring launch with me");
    expect(await phone.getByTestId("conversation-list").isVisible()).toBe(false);
    await phone.getByTestId("conversations-toggle").click();
    await expect.poll(() => phone.getByTestId("conversation-list").isVisible()).toBe(true);
    await phone.waitForTimeout(300); // the drawer's slide
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, "conversations-phone-drawer", { fullPage: false });
    await phone
      .getByTestId("conversation-item")
      .filter({ hasText: "answer me slowly" })
      .locator(".conversation-open")
      .click();
    await expect.poll(() => phone.getByTestId("conversation-list").isVisible()).toBe(false);
    await expect.poll(() => phone.getByTestId("conversation").innerText()).toContain(SLOW_ANSWER);
    await screenshot(phone, "conversations-phone", { fullPage: false });
    await context.close();
  });
});
