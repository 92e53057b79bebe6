// The chat page in Debian's Chromium with a scripted model on loopback (the service's real OpenAI
// provider code runs): library.search as a carousel, questions.list answered through the choice
// widget, kit.colors.add confirmed (once, the palette shows it) and cancelled (nothing written),
// a model provider's refusal in words (with its answer for the admin), and the AI budget's message.
// Screenshots: test-results/screenshots/chat-*.png.
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../lib/admin/commands";
import { db } from "../lib/db/client";
import { monthOf } from "../lib/assistant/budget";
import { PLANS } from "../lib/plans";
import { lastUserText, trailingToolResults, type ChatRequest, type Turn } from "../scripts/support/scripted-openai";
import { startModelServer } from "../test/assistant/support";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, signIn, type Person } from "./support/people";
import { confirmAndCall } from "../test/support/world";

// a 1×1 PNG: the carousel needs a real image file in the library
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  "base64",
);

function script(request: ChatRequest): Turn {
  const results = trailingToolResults(request) as { status?: string; data?: { items?: unknown[] } }[];
  if (results.length > 0) {
    const [result] = results;
    if (result?.status === "awaiting_confirmation") return { text: "Please confirm the change above." };
    return { text: `Here you go (${result?.data?.items?.length ?? 0} items).` };
  }
  const said = lastUserText(request);
  if (said === "Confirmed." || said === "Cancelled.") {
    // what the server says about the pending call, whatever the page kept
    const toolMessages = request.messages.filter((message) => message.role === "tool");
    const last = JSON.parse(String(toolMessages.at(-1)?.content ?? "{}")) as { status?: string };
    return {
      text:
        last.status === "ok"
          ? "The colour is in the kit now."
          : last.status === "declined"
            ? "Understood: nothing was added."
            : `Status: ${last.status}`,
    };
  }
  if (said.includes("refuse"))
    return {
      failWith: 400,
      error: {
        code: "invalid_function_parameters",
        message:
          "Invalid schema for function 'brand_contacts_save': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
      },
    };
  if (said.includes("logos")) return { toolCalls: [{ name: "library_search", arguments: { type: "logo" } }] };
  if (said.includes("questions")) return { toolCalls: [{ name: "questions_list", arguments: {} }] };
  if (said.includes("sky"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Sky", hex: "#8ecae6", role: "accent" } }] };
  if (said.includes("mint"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Mint", hex: "#98ff98", role: "accent" } }] };
  return { text: "Hello." };
}

let env: Awaited<ReturnType<typeof startModelServer>>;
let browser: Browser;
let page: Page;
let brand: { id: string; shortId: string };
let admin: Person;
let questionId: string;

/** A call through the API door as an integration would, confirmed when it must be. */
async function api(capability: string, key: string, body: Record<string, unknown>) {
  const response = await confirmAndCall(capability, key, { brand: brand.shortId, ...body }, { url: env.url });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** Types a message, sends it, and waits for the assistant's answer to finish streaming. */
async function say(text: string) {
  const before = await page.getByTestId("message-assistant").count();
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
  await expect.poll(() => page.getByTestId("message-assistant").count(), { timeout: 15_000 }).toBeGreaterThan(before);
  await page.getByTestId("chat-input").waitFor();
  // by position, not .last(): the page's own "Confirmed." adds a later answer
  return page.getByTestId("message-assistant").nth(before);
}

const lastModelRequest = () => env.model.requests.at(-1)!;

beforeAll(async () => {
  env = await startModelServer(script);
  const { createBrand } = await import("../lib/admin/commands");
  brand = await createBrand(db(), { name: "Chat Roasters", shortId: `CHAT-${Math.floor(Math.random() * 1e9)}` });
  admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  const { key } = await createKey(db(), { email: admin.email, scopes: "all" });
  const start = await api("library.upload.create", key, {
    step: "start",
    fileName: "logo.png",
    mimeType: "image/png",
    sizeBytes: PIXEL.length,
    category: "logo",
  });
  expect(
    (
      await fetch(start.uploadUrl, {
        method: "PUT",
        headers: { "Content-Type": "image/png" },
        body: new Uint8Array(PIXEL),
      })
    ).status,
  ).toBe(200);
  const done = await api("library.upload.create", key, {
    step: "complete",
    uploadId: start.uploadId,
    name: "Logo on cream",
  });
  await api("library.asset.review", key, { assetId: done.assetId, decision: "approve" });
  questionId = randomUUID();
  await db().question.create({
    data: {
      id: questionId,
      brandId: brand.id,
      key: "tagline",
      question: "Which tagline fits best?",
      scope: "genome",
      options: ["Roasted this week", "Coffee, plainly"],
      createdAt: new Date(),
    },
  });
  browser = await launchBrowser();
  page = (await newPage(browser, env.url)).page;
  await signIn(page, admin.email, admin.password);
  // the person's only brand is selected by itself
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe("the chat page with a scripted model", () => {
  it("shows library.search as a carousel of the brand's files", async () => {
    const reply = await say("show me our logos");
    const carousel = reply.getByTestId("widget-carousel");
    await carousel.waitFor();
    await expect.poll(() => carousel.textContent(), { timeout: 15_000 }).toContain("Logo on cream");
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain("Here you go (1 items).");
    await screenshot(page, "chat-carousel");
  });

  it("lists open questions and answers one through the choice widget", async () => {
    const reply = await say("which questions are open?");
    const choice = reply.getByTestId("widget-choice");
    await choice.waitFor();
    await choice.getByRole("button", { name: "Roasted this week" }).click();
    // the answer is a step of the conversation, below the card
    await expect
      .poll(() => page.getByTestId("card-step").last().innerText(), { timeout: 15_000 })
      .toContain("Answered: “Roasted this week”");
    const question = await db().question.findUnique({ where: { id: questionId } });
    expect(question).toMatchObject({ status: "answered", answer: "Roasted this week" });
    await screenshot(page, "chat-choice");
  });

  it("asks to confirm kit.colors.add; Confirm writes once and the palette shows the colour", async () => {
    const reply = await say("add sky to the kit");
    const confirm = reply.getByTestId("widget-confirm");
    await confirm.waitFor();
    await expect.poll(() => confirm.textContent(), { timeout: 15_000 }).toMatch(/Sky.*#8ECAE6/);
    expect(await db().kitColor.count({ where: { brandId: brand.id } })).toBe(0);
    await screenshot(page, "chat-confirm-pending");
    const answers = await page.getByTestId("message-assistant").count();
    await confirm.getByTestId("confirm-accept").click();
    const palette = confirm.getByTestId("widget-palette");
    await palette.waitFor();
    await expect.poll(() => palette.textContent(), { timeout: 15_000 }).toContain("#8ECAE6");
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#8ECAE6" } })).toBe(1);
    // the page tells the model; the server gives it the stored outcome
    await expect
      .poll(() => page.getByTestId("message-assistant").count(), { timeout: 15_000 })
      .toBeGreaterThan(answers);
    await expect
      .poll(() => page.getByTestId("message-assistant").last().textContent(), { timeout: 15_000 })
      .toContain("The colour is in the kit now.");
    expect(await db().kitColor.count({ where: { brandId: brand.id } })).toBe(1);
    await screenshot(page, "chat-confirmed");
  });

  it("Cancel writes nothing and the model hears it was declined", async () => {
    const reply = await say("add mint too");
    const confirm = reply.getByTestId("widget-confirm");
    await confirm.waitFor();
    await confirm.getByTestId("confirm-cancel").click();
    await confirm.getByTestId("confirm-declined").waitFor();
    await expect
      .poll(() => page.getByTestId("message-assistant").last().textContent(), { timeout: 15_000 })
      .toContain("Understood: nothing was added.");
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#98FF98" } })).toBe(0);
    const toolResults = lastModelRequest()
      .messages.filter((message) => message.role === "tool")
      .map((message) => JSON.parse(String(message.content)));
    expect(toolResults.at(-1)).toMatchObject({ status: "declined", capabilityId: "kit.colors.add" });
    await screenshot(page, "chat-cancelled");
  });

  it("says in words when the model provider refuses the request, and shows the admin what it said", async () => {
    await page.getByTestId("chat-input").fill("please refuse this");
    await page.getByTestId("chat-send").click();
    const failure = page.getByTestId("model-failure");
    await failure.waitFor({ timeout: 15_000 });
    expect(await failure.getAttribute("data-reason")).toBe("model_misconfigured");
    expect(await failure.textContent()).toMatch(
      /^The assistant is misconfigured: its model provider refused the request, so trying again will not help\./,
    );
    expect(await failure.getByTestId("provider-status").textContent()).toBe("HTTP 400 · invalid_function_parameters");
    expect(await failure.getByTestId("provider-message").textContent()).toMatch(
      /^Invalid schema for function 'brand_contacts_save'/,
    );
    expect(await failure.getByTestId("provider-request-id").textContent()).toBe(env.model.failures.at(-1)!.requestId);
    await screenshot(page, "chat-model-misconfigured");
  });

  it("says so when the brand's AI budget is spent", async () => {
    const month = monthOf(new Date());
    await db().aiUsage.upsert({
      where: { brandId_month: { brandId: brand.id, month } },
      create: { brandId: brand.id, month, tokens: PLANS.free.aiTokensPerMonth },
      update: { tokens: PLANS.free.aiTokensPerMonth },
    });
    const requests = env.model.requests.length;
    await page.getByTestId("chat-input").fill("hello?");
    await page.getByTestId("chat-send").click();
    await page.getByTestId("budget-exceeded").waitFor();
    expect(env.model.requests.length).toBe(requests);
    await screenshot(page, "chat-budget");
  });

  it("says why voice is off: the settings to an admin, words to a member", async () => {
    expect(await page.getByTestId("voice-off-note").textContent()).toMatch(/VOICE_TRANSCRIPTION_MODEL/);
    const member = await createPerson({ name: "Mo Member", brands: { [brand.shortId]: "member" } });
    const { context, page: theirs } = await newPage(browser, env.url);
    await signIn(theirs, member.email, member.password);
    const note = theirs.getByTestId("voice-off-note");
    await note.waitFor();
    expect(await note.textContent()).toBe("Voice isn't set up here yet; an admin can switch it on.");
    await context.close();
  });

  it("never let a confirmation token reach the model", () => {
    expect(env.model.requests.length).toBeGreaterThan(8);
    for (const body of env.model.rawBodies) expect(body).not.toMatch(/bct_[0-9A-Za-z]{40}/);
  });
});
