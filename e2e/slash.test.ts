// Slash commands without a model (the suite's server has none): the page says so plainly, "/" opens
// the palette of what this person may call in this brand, and a command runs with its widget.
// Also the capabilities route the palette reads.
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callableCapabilities } from "../lib/core/access";
import { db } from "../lib/db/client";
import { baseUrl, makeBrand } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, signIn, type Person } from "./support/people";

let browser: Browser;
let brand: { id: string; shortId: string };
let other: { shortId: string };
let member: Person;

async function sessionCookie({ email, password }: Person): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((line) => line.includes("session_token="))!
    .split(";")[0]!;
}

beforeAll(async () => {
  brand = await makeBrand({ name: "Slash Bakery" });
  other = await makeBrand({ name: "Someone else's" });
  member = await createPerson({ name: "Mia Member", brands: { [brand.shortId]: "member" } });
  await db().kitColor.create({
    data: {
      id: randomUUID(),
      brandId: brand.id,
      name: "Flour",
      hex: "#FAF7F0",
      role: "background",
      createdAt: new Date(),
    },
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("GET /api/assistant/capabilities", () => {
  it("lists what this person may call in this brand, with input schemas without brand or token", async () => {
    const cookie = await sessionCookie(member);
    const response = await fetch(`${baseUrl()}/api/assistant/capabilities?brand=${brand.shortId.toLowerCase()}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const { items } = await response.json();
    const actor = { userId: member.id, name: "", staff: false, apiKeyId: null, scopes: null, brandIds: null };
    expect(items.map((item: { id: string }) => item.id)).toEqual(callableCapabilities(actor, "member", "assistant"));
    expect(items.map((item: { id: string }) => item.id)).not.toContain("kit.colors.add"); // admin only
    const ask = items.find((item: { id: string }) => item.id === "questions.ask");
    expect(ask).toMatchObject({ title: expect.any(String), widget: "choice", confirmation: false, kind: "write" });
    expect(ask.inputSchema.properties.questions.type).toBe("array");
    for (const item of items) {
      expect(JSON.stringify(item.inputSchema)).not.toMatch(/"(brand|confirmationToken)"/);
    }
  });

  it("answers 401 without a session, 403 for a brand the person is not in, 422 without a brand", async () => {
    const anonymous = await fetch(`${baseUrl()}/api/assistant/capabilities?brand=${brand.shortId}`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthenticated");
    const cookie = await sessionCookie(member);
    const foreign = await fetch(`${baseUrl()}/api/assistant/capabilities?brand=${other.shortId}`, {
      headers: { Cookie: cookie },
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error).toMatchObject({ code: "forbidden", field: "brand" });
    const missing = await fetch(`${baseUrl()}/api/assistant/capabilities`, { headers: { Cookie: cookie } });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.field).toBe("brand");
  });
});

describe("the chat page without a model, in Chromium", () => {
  it("sends a signed-out visitor to sign in", async () => {
    const { page, context } = await newPage(browser, baseUrl());
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await context.close();
  });

  it("says there is no model, and '/' opens a filterable palette that runs kit.read with the palette widget", async () => {
    const { page, context, blocked } = await newPage(browser, baseUrl());
    await page.setViewportSize({ width: 1100, height: 800 });
    await signIn(page, member.email, member.password);
    await expect.poll(() => page.getByTestId("model-missing").innerText()).toContain("No AI model is configured");
    await expect.poll(() => page.getByTestId("brand-switcher").inputValue()).toBe(brand.shortId);
    // Send says it cannot send (aria-disabled) and, pressed, says why: no dead end
    expect(await page.getByTestId("chat-send").getAttribute("aria-disabled")).toBe("true");
    // plain text cannot be answered without a model: said where the person types, with the way out
    await page.getByTestId("chat-input").fill("what are our colours?");
    expect(await page.getByTestId("composer-no-model").innerText()).toMatch(
      /No AI model is configured.*Show the commands/,
    );
    await page.getByTestId("composer-show-commands").click();
    expect(await page.getByTestId("chat-input").inputValue()).toBe("/");
    await page.getByTestId("slash-palette").waitFor();
    expect(await page.getByTestId("composer-no-model").count()).toBe(0);

    await page.getByTestId("chat-input").fill("/");
    const palette = page.getByTestId("slash-palette");
    await expect.poll(() => palette.getByTestId("slash-item-questions.ask").isVisible()).toBe(true);
    expect(await palette.getByTestId("slash-item-kit.colors.add").count()).toBe(0); // a member may not
    await screenshot(page, "slash-palette", { fullPage: false });

    // filtering, then the keyboard: Enter chooses the highlighted command, its form opens
    await page.getByTestId("chat-input").pressSequentially("kit");
    await expect.poll(() => palette.locator("[data-testid^=slash-item-]").count()).toBe(1);
    await page.getByTestId("chat-input").press("Enter");
    await page.getByLabel("Colours", { exact: true }).check(); // the parts field: a checkbox per part, in words
    await screenshot(page, "slash-form", { fullPage: false });
    await page.getByTestId("slash-run").click();

    const widget = page.getByTestId("slash-result").getByTestId("widget-palette");
    await expect.poll(() => widget.locator('tr[data-hex="#FAF7F0"]').innerText()).toMatch(/Flour[\s\S]*Background/);
    expect(await page.getByTestId("slash-palette").count()).toBe(0);
    await screenshot(page, "slash-result", { fullPage: false });
    expect(blocked).toEqual([]); // the page fetched nothing from elsewhere
    await context.close();
  });
});
