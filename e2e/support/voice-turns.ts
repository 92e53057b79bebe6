// What the turn-by-turn voice tests share: a person in a fresh brand, in Chromium whose microphone
// is a WAV espeak-ng spoke (played once, from Start voice), and the page's spoken messages (voice
// turns are stored in the conversation and shown as its messages, marked data-voice).
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { speakAll } from "../../scripts/support/speech";
import { launchBrowser, newPage } from "./browser";
import { createPerson, createTestBrand, signIn } from "./people";

export type VoicePage = { page: Page; brand: { id: string; shortId: string } };

export async function voicePage(
  url: string,
  browsers: Browser[],
  role: "admin" | "viewer",
  sentence: string,
): Promise<VoicePage> {
  const brand = await createTestBrand("Turn Roasters");
  const person = await createPerson({ name: `Tom ${role}`, brands: { [brand.shortId]: role } });
  const browser = await launchBrowser({ microphone: await speakAll([sentence], { rate: 48_000, lead: 0.8, gap: 30 }) });
  browsers.push(browser);
  const { page } = await newPage(browser, url);
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector('[data-testid="brand-switcher"]') as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return { page, brand };
}

export const voiceState = (page: Page) => page.getByTestId("voice-state").getAttribute("data-state");

/** Start voice, Talk, let the microphone say its sentence, Send (the only Send on the page then). */
export async function record(page: Page) {
  await page.getByTestId("voice-start").click();
  // nothing records before Talk, and the page says so
  await expect.poll(() => voiceState(page)).toBe("waiting");
  expect(await page.getByTestId("voice-state").textContent()).toMatch(/press Talk/);
  await page.getByTestId("voice-talk").click();
  await expect.poll(() => voiceState(page)).toBe("recording");
  expect(await page.getByRole("button", { name: "Send", exact: true }).count()).toBe(1);
  await page.waitForTimeout(4_500);
  await page.getByTestId("voice-talk").click();
}

/** record(), then waits for the stored answer on the page */
export async function talk(page: Page) {
  await record(page);
  await spoken(page, "assistant").first().waitFor({ timeout: 45_000 });
}

export const spoken = (page: Page, role: "user" | "assistant") =>
  page.locator(`[data-testid="message-${role}"][data-voice]`);
export const saidByAssistant = (page: Page) => spoken(page, "assistant").allTextContents();

/** What the conversation shows, message by message (text and each card's kind and words). */
export const shownConversation = (page: Page) =>
  page
    .getByTestId("conversation")
    .locator('[data-testid^="message-"]')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        role: node.getAttribute("data-testid"),
        voice: node.hasAttribute("data-voice"),
        text: (node.textContent ?? "").replace(/\s+/g, " ").trim(),
      })),
    );
