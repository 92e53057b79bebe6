// The Voice door in Debian's Chromium, turn by turn, against a scripted OpenAI-compatible server
// (chat completions, /audio/transcriptions heard by pocketsphinx, /audio/speech spoken by
// espeak-ng): the person presses Talk, speaks (Chromium's microphone is an espeak-ng WAV),
// presses Send. Screenshots: test-results/screenshots/voice-turns-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser, Page } from "playwright-core";
import { db } from "../lib/db/client";
import { lastUserText, startScriptedModel, trailingToolResults, type ChatRequest, type ScriptedModel, type Turn } from "../scripts/support/scripted-openai";
import { audioLog } from "../scripts/support/scripted-audio";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { speakAll } from "../scripts/support/speech";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

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
  if (said.includes("teal")) return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Teal", hex: "#008080", role: "accent" } }] };
  return { text: "Sorry, I did not catch that." };
}

let model: ScriptedModel;
let server: RunningServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  model = await startScriptedModel(script, { audio: true });
  server = await startServer({
    ...inject("testEnv"),
    OPENAI_BASE_URL: model.baseUrl, ASSISTANT_MODEL: "scripted-model",
    VOICE_TRANSCRIPTION_MODEL: "scripted-whisper", VOICE_SPEECH_MODEL: "scripted-tts",
  });
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.stop();
  await model?.stop();
});

async function voicePage(role: "admin" | "viewer", sentence: string): Promise<{ page: Page; brand: { id: string; shortId: string } }> {
  const brand = await createTestBrand("Turn Roasters");
  const person = await createPerson({ name: `Tom ${role}`, brands: { [brand.shortId]: role } });
  const browser = await launchBrowser({ microphone: await speakAll([sentence], { rate: 48_000, lead: 0.8, gap: 30 }) });
  browsers.push(browser);
  const { page } = await newPage(browser, server.url);
  await signIn(page, person.email, person.password);
  await page.waitForFunction((shortId) => (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === shortId, brand.shortId);
  return { page, brand };
}

/** Start voice, Talk, let the microphone say its sentence, Send; waits for the answer. */
async function talk(page: Page) {
  await page.getByTestId("voice-start").click();
  await page.getByTestId("voice-talk").click();
  await expect.poll(() => page.getByTestId("voice-state").getAttribute("data-state")).toBe("recording");
  await page.waitForTimeout(4_500);
  await page.getByTestId("voice-talk").click();
  await page.getByTestId("voice-said-assistant").first().waitFor({ timeout: 45_000 });
}

const saidByAssistant = (page: Page) => page.getByTestId("voice-said-assistant").allTextContents();
const colours = async (brandId: string) => (await db().kitColor.findMany({ where: { brandId } })).map((color) => color.hex);

describe("voice, turn by turn, in the browser", { timeout: 120_000 }, () => {
  it("'what are our brand colours' → transcribed, kit.read as the palette, the answer spoken by the provider", async () => {
    const { page, brand } = await voicePage("admin", "what are our brand colors");
    await talk(page);
    await page.getByTestId("voice-tool").getByTestId("widget-palette").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("voice-said-user").allTextContents()).toContainEqual(expect.stringContaining("what are our brand colors"));
    expect(await saidByAssistant(page)).toContainEqual(expect.stringContaining("Here is your palette."));
    expect(audioLog).toContainEqual({ kind: "heard", text: "what are our brand colors", model: "scripted-whisper" });
    expect(audioLog).toContainEqual({ kind: "spoken", text: "Here is your palette.", model: "scripted-tts" });
    // two model calls (the tool call, then the answer) of 120 tokens each, metered for the brand
    expect((await db().aiUsage.findFirst({ where: { brandId: brand.id } }))?.tokens).toBe(240);
    await screenshot(page, "voice-turns-palette");
  });

  it("'add teal' → confirm card → Confirm writes it and the model is told the stored outcome", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    await talk(page);
    const confirm = page.getByTestId("voice-tool").getByTestId("widget-confirm");
    await confirm.waitFor({ timeout: 10_000 });
    expect(await colours(brand.id)).not.toContain("#008080");
    await screenshot(page, "voice-turns-confirm-pending");
    await confirm.getByTestId("confirm-accept").click();
    await expect.poll(() => saidByAssistant(page), { timeout: 20_000 }).toContainEqual(expect.stringContaining("Done, teal is in your kit."));
    expect(await colours(brand.id)).toContain("#008080");
    expect(lastUserText(model.requests.at(-1)!)).toMatch(/Confirm on the card: it was written/);
  });

  it("'add teal' → Cancel writes nothing and the model is told so", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    await talk(page);
    const confirm = page.getByTestId("voice-tool").getByTestId("widget-confirm");
    await confirm.waitFor({ timeout: 10_000 });
    await confirm.getByTestId("confirm-cancel").click();
    await expect.poll(() => saidByAssistant(page), { timeout: 20_000 }).toContainEqual(expect.stringContaining("nothing was changed"));
    expect(await colours(brand.id)).not.toContain("#008080");
  });

  it("a viewer's model is not given kit_colors_add; calling it anyway writes nothing and is said", async () => {
    const { page, brand } = await voicePage("viewer", "add teal as an accent color");
    await talk(page);
    await expect.poll(() => saidByAssistant(page), { timeout: 20_000 }).toContainEqual(expect.stringContaining("did not work"));
    const offered = (model.requests.at(-1)!.tools ?? []).map((tool) => tool.function.name);
    expect(offered).toContain("kit_read");
    expect(offered).not.toContain("kit_colors_add");
    expect(await colours(brand.id)).toEqual([]);
    await screenshot(page, "voice-turns-viewer");
  });

  it("no confirmation token reached the provider", async () => {
    expect(model.requests.length).toBeGreaterThan(6);
    for (const body of model.rawBodies) expect(body).not.toMatch(/bct_/);
  });
});
