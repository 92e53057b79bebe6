// Turn-by-turn voice when things go wrong, in Chromium with the fake microphone and the scripted
// OpenAI-compatible server: a transcription or model failure keeps the session and the recording
// (Send again retries it) and says in words what failed; Stop while Thinking still shows the
// finished turn; a viewer asking for a write gets the refusal card, never the AI SDK's error.
// Screenshots: test-results/screenshots/voice-turns-*.png.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { Browser } from "playwright-core";
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
import {
  record,
  saidByAssistant,
  shownConversation,
  spoken,
  talk,
  voicePage as openVoicePage,
  voiceState,
} from "./support/voice-turns";

/** what the next model calls do: answer, fail with an HTTP status, or answer slowly */
const behaviour: { failWith?: number; delayMs?: number } = {};

function script(request: ChatRequest): Turn {
  if (behaviour.failWith)
    return { failWith: behaviour.failWith, error: { message: "The model is overloaded in this test." } };
  const [result] = trailingToolResults(request) as { status?: string; error?: { message?: string } }[];
  if (result) {
    if (result.status === "awaiting_confirmation")
      return { text: "Please press Confirm on the card to add teal.", delayMs: behaviour.delayMs };
    if (result.status === "error") return { text: `That did not work: ${result.error?.message}` };
    return { text: "Here is your palette." };
  }
  const said = lastUserText(request);
  if (said.includes("colors") && said.startsWith("what")) return { toolCalls: [{ name: "kit_read", arguments: {} }] };
  // a viewer's model is not offered kit_colors_add; this model calls it anyway
  if (said.includes("teal"))
    return { toolCalls: [{ name: "kit_colors_add", arguments: { name: "Teal", hex: "#008080", role: "accent" } }] };
  return { text: "Sorry, I did not catch that." };
}

let model: ScriptedModel;
let server: RunningServer;
const browsers: Browser[] = [];
// the scripted server serves /audio/* while this is true (read on each request)
const audio = { audio: true };

beforeAll(async () => {
  model = await startScriptedModel(script, audio);
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
const heard = (text: string) => audioLog.filter((entry) => entry.kind === "heard" && entry.text === text).length;

describe("voice turns that fail, stop or are refused", { timeout: 150_000 }, () => {
  it("a transcription failure keeps the session and the recording; Send again sends the same recording", async () => {
    const { page } = await voicePage("admin", "what are our brand colors");
    audio.audio = false;
    try {
      await record(page);
      const problem = page.getByTestId("voice-problem");
      await problem.waitFor({ timeout: 30_000 });
      expect(await problem.textContent()).toMatch(
        /Voice is misconfigured.*Your recording is kept: Send again sends it once more/,
      );
      expect(await problem.textContent()).not.toMatch(/Unexpected error/);
      // the admin reads what the provider said, as in the chat
      expect(await problem.textContent()).toMatch(/scripted-whisper/);
      expect(await voiceState(page)).toBe("waiting");
      await screenshot(page, "voice-turns-transcription-failed");
    } finally {
      audio.audio = true;
    }
    const before = heard("what are our brand colors");
    await page.getByTestId("voice-retry").click();
    await spoken(page, "assistant").getByTestId("widget-palette").waitFor({ timeout: 45_000 });
    expect(heard("what are our brand colors")).toBe(before + 1);
    expect(await page.getByTestId("voice-problem").count()).toBe(0);
  });

  it("a model failure says in words what failed, keeps the recording, and Send again answers", async () => {
    const { page } = await voicePage("admin", "what are our brand colors");
    behaviour.failWith = 500;
    try {
      await record(page);
      const problem = page.getByTestId("voice-problem");
      await problem.waitFor({ timeout: 30_000 });
      expect(await problem.textContent()).toMatch(/The voice model could not answer just now.*Your recording is kept/);
      expect(await problem.textContent()).toMatch(/The model is overloaded in this test/);
      expect(await page.getByTestId("voice-stop").count()).toBe(1);
      // nothing of the failed turn is stored
      expect(await spoken(page, "user").count()).toBe(0);
    } finally {
      delete behaviour.failWith;
    }
    await page.getByTestId("voice-retry").click();
    await spoken(page, "assistant").getByTestId("widget-palette").waitFor({ timeout: 45_000 });
    expect(await saidByAssistant(page)).toContainEqual(expect.stringContaining("Here is your palette."));
  });

  it("Stop while Thinking: the finished turn is still shown, its pending write as the confirm card", async () => {
    const { page, brand } = await voicePage("admin", "add teal as an accent color");
    behaviour.delayMs = 6_000;
    try {
      await record(page);
      await expect.poll(() => voiceState(page)).toBe("thinking");
      await page.getByTestId("voice-stop").click();
      await page.getByTestId("voice-start").waitFor();
      await spoken(page, "assistant").getByTestId("widget-confirm").waitFor({ timeout: 30_000 });
    } finally {
      delete behaviour.delayMs;
    }
    expect(await saidByAssistant(page)).toContainEqual(expect.stringContaining("Please press Confirm on the card"));
    expect(await colours(brand.id)).toEqual([]);
    const shown = await shownConversation(page);
    await page.reload();
    await expect.poll(() => shownConversation(page), { timeout: 15_000 }).toEqual(shown);
  });

  it("a viewer asking to add a colour gets the refusal card; the model was not offered the tool", async () => {
    const { page, brand } = await voicePage("viewer", "add teal as an accent color");
    await talk(page);
    const refusal = spoken(page, "assistant").getByTestId("widget-error");
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.getAttribute("data-code")).toBe("forbidden");
    expect(await refusal.textContent()).toMatch(/admin/);
    expect(await page.getByTestId("conversation").textContent()).not.toMatch(/AI_NoSuchToolError|unavailable tool/);
    const offered = (model.requests.at(-1)!.tools ?? []).map((tool) => tool.function.name);
    expect(offered).toContain("kit_read");
    expect(offered).not.toContain("kit_colors_add");
    expect(await colours(brand.id)).toEqual([]);
    await screenshot(page, "voice-turns-viewer");
  });
});
