// The Voice door in Debian's Chromium, turn by turn, against a scripted OpenAI-compatible server
// (chat completions, /audio/transcriptions heard by pocketsphinx, /audio/speech spoken by
// espeak-ng): the person presses Talk, speaks (Chromium's microphone is an espeak-ng WAV),
// presses Send. Each turn is stored in the conversation: a reload shows what was shown, confirm
// cards included. Failures, Stop and refusals: e2e/voice-turns-failures.test.ts.
// Screenshots: test-results/screenshots/voice-turns-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { db } from "../lib/db/client";
import {
  lastUserText,
  startScriptedModel,
  trailingToolResults,
  type ChatRequest,
  type ScriptedModel,
  type Turn,
} from "../scripts/support/scripted-openai";
import { audioLog } from "../scripts/support/scripted-audio";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { screenshot } from "./support/browser";
import { saidByAssistant, shownConversation, spoken, talk, voicePage as openVoicePage } from "./support/voice-turns";

function script(request: ChatRequest): Turn {
  const [result] = trailingToolResults(request) as { status?: string; error?: { message?: string } }[];
  if (result) {
    if (result.status === "awaiting_confirmation") return { text: "Please press Confirm on the card to add teal." };
    if (result.status === "error") return { text: `That did not work: ${result.error?.message}` };
    if (typeof result === "string") return { text: `That did not work: ${result}` };
    return { text: "Here is your palette." };
  }
  const said = lastUserText(request);
  if (said.includes("it was written")) return { text: "Done, teal is in your kit." };
  if (said.includes("nothing was written")) return { text: "All right, nothing was changed." };
  if (said.includes("colors") && said.startsWith("what")) return { toolCalls: [{ name: "kit_read", arguments: {} }] };
  if (said.includes("teal"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Teal", hex: "#008080", role: "accent" } }] };
  return { text: "Sorry, I did not catch that." };
}

let model: ScriptedModel;
let server: RunningServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  model = await startScriptedModel(script, { audio: true });
  server = await startServer({
    ...inject("testEnv"),
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    VOICE_TRANSCRIPTION_MODEL: "scripted-whisper",
    VOICE_SPEECH_MODEL: "scripted-tts",
  });
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  await model?.stop();
});

const voicePage = (role: "admin" | "viewer", sentence: string) => openVoicePage(server.url, browsers, role, sentence);
const colours = async (brandId: string) =>
  (await db().kitColor.findMany({ where: { brandId } })).map((color) => color.hex);
const spokenCard = (page: Page, testId: string) => spoken(page, "assistant").getByTestId(testId);

/** A reload shows exactly what was on the page, from the stored conversation named in the URL. */
async function expectSameAfterReload(page: Page) {
  const before = await shownConversation(page);
  const id = new URL(page.url()).searchParams.get("conversation");
  expect(id).toBeTruthy();
  await page.reload();
  await expect.poll(() => shownConversation(page), { timeout: 15_000 }).toEqual(before);
  expect(new URL(page.url()).searchParams.get("conversation")).toBe(id);
  return id!;
}

describe("voice, turn by turn, in the browser", { timeout: 150_000 }, () => {
  it("'what are our brand colours' on / → a conversation: transcribed, kit.read as the palette, spoken; a reload shows the same", async () => {
    const { page, brand } = await voicePage("admin", "what are our brand colors");
    expect(new URL(page.url()).searchParams.get("conversation")).toBeNull();
    await talk(page);
    await spokenCard(page, "widget-palette").waitFor({ timeout: 10_000 });
    expect(await spoken(page, "user").allTextContents()).toContainEqual(
      expect.stringContaining("what are our brand colors"),
    );
    expect(await saidByAssistant(page)).toContainEqual(expect.stringContaining("Here is your palette."));
    expect(audioLog).toContainEqual({ kind: "heard", text: "what are our brand colors", model: "scripted-whisper" });
    expect(audioLog).toContainEqual({ kind: "spoken", text: "Here is your palette.", model: "scripted-tts" });
    // two model calls (the tool call, then the answer) of 120 tokens each, metered for the brand
    expect((await db().aiUsage.findFirst({ where: { brandId: brand.id } }))?.tokens).toBe(240);
    await screenshot(page, "voice-turns-palette");
    const id = await expectSameAfterReload(page);
    await spokenCard(page, "widget-palette").waitFor();
    // the conversation list names it by what was said
    await expect.poll(() => page.getByTestId("conversation-list").textContent()).toMatch(/what are our brand colors/);
    const stored = await db().conversationMessage.findMany({ where: { conversationId: id }, orderBy: { seq: "asc" } });
    expect(stored.map((message) => message.role)).toEqual(["user", "assistant"]);
  });

  it("'add teal' → confirm card → Confirm writes it once, the model is told the stored outcome; a reload shows the outcome", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    await talk(page);
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.waitFor({ timeout: 10_000 });
    expect(await colours(brand.id)).not.toContain("#008080");
    await screenshot(page, "voice-turns-confirm-pending");
    await confirm.getByTestId("confirm-accept").dblclick();
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("Done, teal is in your kit."));
    expect(await colours(brand.id)).toEqual(["#008080"]);
    expect(lastUserText(model.requests.at(-1)!)).toMatch(/Confirm on the card: it was written/);
    // after a reload the decided card shows its outcome as the capability's own widget (the
    // palette with Teal, as the live card showed under "Done"), not the confirm frame around it:
    // the settled card's look is the widgets' (components/widgets); every other message is the same
    const live = await shownConversation(page);
    await page.reload();
    await spoken(page, "user").nth(1).waitFor({ timeout: 15_000 });
    const reloaded = await shownConversation(page);
    expect(reloaded.map(({ role, voice }) => ({ role, voice }))).toEqual(
      live.map(({ role, voice }) => ({ role, voice })),
    );
    live.forEach((message, index) => {
      if (message.text.includes("Add the colour"))
        expect(reloaded[index]!.text).toMatch(/Teal.*#008080.*Please press Confirm on the card to add teal\.$/);
      else expect(reloaded[index]).toEqual(message);
    });
    expect(await page.getByTestId("confirm-accept").count()).toBe(0);
    expect(await colours(brand.id)).toEqual(["#008080"]);
  });

  it("a voice confirm card reloaded before the click still confirms, exactly once", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    await talk(page);
    await spokenCard(page, "widget-confirm").waitFor({ timeout: 10_000 });
    await page.getByTestId("voice-stop").click();
    await expectSameAfterReload(page);
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.getByTestId("confirm-accept").click();
    await confirm
      .getByTestId("confirm-accept")
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await expect.poll(() => colours(brand.id), { timeout: 15_000 }).toEqual(["#008080"]);
    await page.reload();
    await spokenCard(page, "widget-confirm")
      .or(spoken(page, "assistant").getByTestId("widget-palette"))
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("confirm-accept").count()).toBe(0);
    expect(await colours(brand.id)).toEqual(["#008080"]);
  });

  it("'add teal' → Cancel writes nothing and the model is told so", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    await talk(page);
    const confirm = spokenCard(page, "widget-confirm");
    await confirm.waitFor({ timeout: 10_000 });
    await confirm.getByTestId("confirm-cancel").click();
    await expect
      .poll(() => saidByAssistant(page), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining("nothing was changed"));
    expect(await colours(brand.id)).not.toContain("#008080");
  });

  it("no confirmation token reached the provider", async () => {
    expect(model.requests.length).toBeGreaterThan(6);
    for (const body of model.rawBodies) expect(body).not.toMatch(/bct_/);
  });
});
