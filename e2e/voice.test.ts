// The Voice door in Debian's Chromium, realtime mode, with real speech and no hosted model: the
// service mints secrets from the scripted Realtime server on loopback (REALTIME_TRANSPORT=websocket),
// Chromium's microphone is a WAV that espeak-ng spoke, the scripted server recognises it with
// pocketsphinx and answers by its script. Each case is one browser with its own microphone file.
// Screenshots: test-results/screenshots/voice-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { db } from "../lib/db/client";
import { monthOf } from "../lib/assistant/budget";
import { PLANS } from "../lib/plans";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { defaultScript, startScriptedRealtime, type ScriptedRealtime } from "../scripts/support/scripted-realtime";
import { speakAll } from "../scripts/support/speech";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";
import { shownConversation, spoken } from "./support/voice-turns";

const SERVER_KEY = "sk-server-key-never-in-the-browser";
let realtime: ScriptedRealtime;
let server: RunningServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  realtime = await startScriptedRealtime();
  server = await startServer({
    ...inject("testEnv"),
    VOICE_MODE: "realtime",
    OPENAI_API_KEY: SERVER_KEY,
    REALTIME_BASE_URL: realtime.baseUrl,
    REALTIME_TRANSPORT: "websocket",
  });
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  await realtime?.stop();
});

/** A brand with a person of this role, signed in on a page whose microphone says `sentences`, the first after `lead` seconds. */
async function voicePage(
  role: "admin" | "viewer",
  sentences: string[],
  lead = 1.5,
): Promise<{ page: Page; brand: { id: string; shortId: string } }> {
  const brand = await createTestBrand("Voice Roasters");
  const person = await createPerson({ name: `Vera ${role}`, brands: { [brand.shortId]: role } });
  // 1.5 s before the first words: the page asks the server, then opens the microphone
  const browser = await launchBrowser({ microphone: await speakAll(sentences, { rate: 48_000, lead, gap: 7 }) });
  browsers.push(browser);
  const { page } = await newPage(browser, server.url);
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return { page, brand };
}

/** the assistant's spoken words only (its stored messages' text, not the cards' words) */
const saidByAssistant = (page: Page) => spoken(page, "assistant").locator(".message-text").allTextContents();
const spokenCard = (page: Page, testId: string) => spoken(page, "assistant").getByTestId(testId);
const colours = async (brandId: string) =>
  (await db().kitColor.findMany({ where: { brandId } })).map((color) => color.hex);

describe("voice, realtime, in the browser", { timeout: 120_000 }, () => {
  it("'what are our brand colours' → kit.read as the palette widget, the answer spoken and shown", async () => {
    const { page } = await voicePage("admin", ["what are our brand colors"]);
    await page.getByTestId("voice-start").click();
    await spokenCard(page, "widget-palette").waitFor({ timeout: 45_000 });
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("Here is your palette."));
    expect(await spoken(page, "user").allTextContents()).toContainEqual(
      expect.stringContaining("what are our brand colors"),
    );
    await expect
      .poll(() => page.getByTestId("voice-state").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("listening");
    await screenshot(page, "voice-palette");
    await page.getByTestId("voice-stop").click();
    await page.getByTestId("voice-start").waitFor();
  });

  it("'add teal as an accent colour' → confirm card; a spoken yes writes nothing; Confirm writes it and the model is told", async () => {
    const { page, brand } = await voicePage("admin", ["add teal as an accent color", "yes confirm it"]);
    await page.getByTestId("voice-start").click();
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.waitFor({ timeout: 45_000 });
    await expect.poll(() => confirm.textContent(), { timeout: 10_000 }).toMatch(/Teal.*#008080/);
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("press Confirm on the card"));
    await screenshot(page, "voice-confirm-pending");
    // the person said yes aloud: the model can only ask for the button, and nothing is written
    await expect
      .poll(() => saidByAssistant(page), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining("I cannot confirm for you"));
    expect(await colours(brand.id)).not.toContain("#008080");
    await confirm.getByTestId("confirm-accept").click();
    await confirm.getByTestId("widget-palette").waitFor({ timeout: 15_000 });
    expect(await colours(brand.id)).toContain("#008080");
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("Done, teal is in your kit."));
    expect(realtime.heard).toContainEqual({ kind: "text", text: expect.stringMatching(/Confirm.*it was written/) });
    const audit = await db().auditEntry.findMany({
      where: { brandId: brand.id, capabilityId: "kit.colors.add", outcome: "ok" },
    });
    expect(audit.map((entry) => entry.door)).toEqual(["voice"]);
    await screenshot(page, "voice-confirmed");
  });

  it("the same with Cancel writes nothing, and the model says so", async () => {
    const { page, brand } = await voicePage("admin", ["add teal as an accent color"]);
    await page.getByTestId("voice-start").click();
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.waitFor({ timeout: 45_000 });
    await confirm.getByTestId("confirm-cancel").click();
    await confirm.getByTestId("confirm-declined").waitFor();
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("nothing was changed"));
    expect(await colours(brand.id)).not.toContain("#008080");
    await screenshot(page, "voice-cancelled");
  });

  it("on / a session opens a conversation; what both said and the cards are stored: a reload shows the same, and its confirm card confirms exactly once", async () => {
    const { page, brand } = await voicePage("admin", ["add teal as an accent color"]);
    const conversationInUrl = () => new URL(page.url()).searchParams.get("conversation");
    expect(conversationInUrl()).toBeNull();
    await page.getByTestId("voice-start").click();
    // opened with the session: in the address and in the list before anything is said
    await expect.poll(conversationInUrl, { timeout: 15_000 }).toBeTruthy();
    const id = conversationInUrl()!;
    await expect
      .poll(() => page.getByTestId("conversation-list").textContent(), { timeout: 10_000 })
      .toMatch(/Voice conversation/);
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.waitFor({ timeout: 45_000 });
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("press Confirm on the card"));
    await page.getByTestId("voice-stop").click();
    const shown = await shownConversation(page);
    expect(shown.map(({ role, voice }) => ({ role, voice }))).toEqual([
      { role: "message-user", voice: true },
      { role: "message-assistant", voice: true },
      { role: "message-assistant", voice: true },
    ]);
    await page.reload();
    await expect.poll(() => shownConversation(page), { timeout: 15_000 }).toEqual(shown);
    expect(conversationInUrl()).toBe(id);
    await expect
      .poll(() => page.getByTestId("conversation-list").textContent(), { timeout: 10_000 })
      .toMatch(/Voice conversation/);
    const stored = await db().conversationMessage.findMany({ where: { conversationId: id }, orderBy: { seq: "asc" } });
    expect(stored.map((message) => [message.role, message.metadata])).toEqual([
      ["user", '{"voice":true}'],
      ["assistant", '{"voice":true}'],
      ["assistant", '{"voice":true}'],
    ]);
    // the reloaded card is the live one: its click writes, once, however often it is pressed
    await spokenCard(page, "widget-confirm").getByTestId("confirm-accept").click();
    await spokenCard(page, "widget-confirm")
      .getByTestId("confirm-accept")
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await expect.poll(() => colours(brand.id), { timeout: 15_000 }).toEqual(["#008080"]);
    await page.reload();
    await spoken(page, "user").first().waitFor({ timeout: 15_000 });
    await spoken(page, "assistant").getByTestId("widget-palette").first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("confirm-accept").count()).toBe(0);
    expect(await colours(brand.id)).toEqual(["#008080"]);
    await screenshot(page, "voice-realtime-reloaded");
  });

  it("opening another conversation ends the realtime session: nothing said afterwards is stored in the one it left, which goes with it while empty", async () => {
    // the words come 6 s after the microphone opens: the person has left by then
    const { page } = await voicePage("admin", ["what are our brand colors"], 6);
    const conversationInUrl = () => new URL(page.url()).searchParams.get("conversation");
    await page.getByTestId("voice-start").click();
    await expect.poll(conversationInUrl, { timeout: 15_000 }).toBeTruthy();
    const left = conversationInUrl()!;
    await page.getByTestId("new-conversation").click();
    await expect
      .poll(() => page.getByTestId("voice-problem").textContent(), { timeout: 10_000 })
      .toContain("Voice ended: it belonged to the conversation you left");
    await page.getByTestId("voice-start").waitFor();
    // long past the words and the answer they would have had
    await page.waitForTimeout(15_000);
    expect(await db().conversationMessage.count({ where: { conversationId: left } })).toBe(0);
    // nothing was said in it: it went with the session, from the list too
    expect(await db().conversation.count({ where: { id: left } })).toBe(0);
    await expect
      .poll(() => page.getByTestId("conversation-list").textContent(), { timeout: 10_000 })
      .not.toMatch(/Voice conversation/);
    await screenshot(page, "voice-realtime-left");
    // nor shown in the conversation now open, nor kept aside by the page
    expect(await page.locator('[data-testid="message-user"], [data-testid="message-assistant"]').count()).toBe(0);
  });

  it("a viewer asking to add a colour gets the pipeline's forbidden in the widget and aloud", async () => {
    const { page, brand } = await voicePage("viewer", ["add teal as an accent color"]);
    await page.getByTestId("voice-start").click();
    const tool = spoken(page, "assistant").first();
    await tool.waitFor({ timeout: 45_000 });
    await expect.poll(() => tool.textContent(), { timeout: 10_000 }).toMatch(/admin/i);
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("That did not work"));
    expect(await colours(brand.id)).toEqual([]);
    await screenshot(page, "voice-forbidden");
  });

  it("a non-voice capability forced through the voice route is not_found", async () => {
    realtime.setScript((heard, session) =>
      heard.kind === "speech" && heard.transcript.includes("contacts")
        ? { call: "questions_ask", arguments: { questions: [{ key: "forced", question: "Forced?" }] } }
        : defaultScript(heard, session),
    );
    try {
      const { page, brand } = await voicePage("admin", ["show our contacts"]);
      await page.getByTestId("voice-start").click();
      await expect
        .poll(() => saidByAssistant(page), { timeout: 45_000 })
        .toContainEqual(expect.stringMatching(/did not work.*No capability/));
      expect(await db().question.count({ where: { brandId: brand.id } })).toBe(0);
    } finally {
      realtime.setScript(defaultScript);
    }
  });

  it("meters the voice tokens within the session's reservation, Stop settles it, and a spent budget refuses to start in words", async () => {
    const { page, brand } = await voicePage("admin", ["what are our brand colors"]);
    await page.getByTestId("voice-start").click();
    await expect
      .poll(() => saidByAssistant(page), { timeout: 45_000 })
      .toContainEqual(expect.stringContaining("Here is your palette."));
    // two responses (the call, then the answer), 300 tokens each as the scripted server reports
    await expect
      .poll(
        async () =>
          (
            await db().aiUsage.findUnique({
              where: { brandId_month: { brandId: brand.id, month: monthOf(new Date()) } },
            })
          )?.tokens,
        { timeout: 10_000 },
      )
      .toBe(600);
    await page.getByTestId("voice-stop").click();
    // Stop voice ended the session on the server: the rest of its reservation is released
    await expect
      .poll(
        async () =>
          (
            await db().aiUsage.findUnique({
              where: { brandId_month: { brandId: brand.id, month: monthOf(new Date()) } },
            })
          )?.reserved,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(await db().voiceSession.findFirst({ where: { brandId: brand.id } })).toMatchObject({
      charged: 600,
      endedAt: expect.any(Date),
    });
    await db().aiUsage.update({
      where: { brandId_month: { brandId: brand.id, month: monthOf(new Date()) } },
      data: { tokens: PLANS.free.aiTokensPerMonth },
    });
    const minted = realtime.minted.length;
    await page.getByTestId("voice-start").click();
    await expect
      .poll(() => page.getByTestId("voice-problem").textContent(), { timeout: 10_000 })
      .toMatch(/used its .* assistant tokens/);
    expect(realtime.minted.length).toBe(minted);
    await screenshot(page, "voice-budget");
  });

  it("a session the provider refuses to start is said in words: a viewer is told to ask an admin, an admin reads what the provider said", async () => {
    realtime.failMint(404);
    try {
      for (const role of ["viewer", "admin"] as const) {
        const { page } = await voicePage(role, ["what are our brand colors"]);
        await page.getByTestId("voice-start").click();
        const problem = page.getByTestId("voice-problem");
        await expect
          .poll(() => problem.textContent(), { timeout: 10_000 })
          .toMatch(/^Voice is misconfigured: its model provider refused the request/);
        if (role === "viewer") {
          expect(await problem.textContent()).toMatch(/Please tell an admin of this brand\.$/);
          expect(await problem.getByTestId("provider-report").count()).toBe(0);
        } else {
          expect(await problem.getByTestId("provider-status").textContent()).toBe("HTTP 404 · model_not_found");
          expect(await problem.getByTestId("provider-message").textContent()).toBe(
            "The model `gpt-realtime` does not exist or you do not have access to it.",
          );
          expect(await problem.getByTestId("provider-request-id").textContent()).toBe(
            realtime.failures.at(-1)!.requestId,
          );
          await screenshot(page, "voice-misconfigured");
        }
        await page.getByTestId("voice-start").waitFor();
      }
    } finally {
      realtime.failMint(null);
    }
  });

  it("gave the browser only short-lived secrets with the person's voice tools, and no confirmation token ever reached the voice model", () => {
    expect(realtime.minted.length).toBeGreaterThanOrEqual(6);
    for (const session of realtime.minted) {
      expect(session.authorization).toBe(`Bearer ${SERVER_KEY}`);
      expect(session.body.expires_after).toEqual({ anchor: "created_at", seconds: 60 });
      const tools = (session.body.session as { tools: { name: string }[] }).tools.map((tool) => tool.name);
      expect(tools).toContain("kit_read");
      for (const forbidden of [
        "questions_ask",
        "questions_answer",
        "library_upload_create",
        "library_asset_review",
        "connections_connect",
        "connections_disconnect",
      ]) {
        expect(tools).not.toContain(forbidden);
      }
    }
    // every socket was opened with a minted secret, never with the server's key
    expect(new Set(realtime.events.map((entry) => entry.secret)).size).toBeGreaterThan(0);
    for (const { secret } of realtime.events) expect(secret).toMatch(/^ek_/);
    for (const message of realtime.raw) {
      expect(message).not.toMatch(/bct_/);
      expect(message).not.toContain(SERVER_KEY);
    }
  });
});
