// Running a capability from the chat's slash palette by clicking, as a person does: the browser
// tests share these steps rather than each spelling them out.
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/**
 * `typed` (a "/" by default) in the chat input, the capability's entry clicked, `fill` filling its
 * form, then Run when the form shows it (a command that needs no input runs when picked).
 */
export async function runFromPalette(
  page: Page,
  capabilityId: string,
  fill?: () => Promise<void>,
  typed = "/",
): Promise<void> {
  await page.getByTestId("chat-input").fill(typed);
  await page.getByTestId(`slash-item-${capabilityId}`).click();
  if (fill) await fill();
  const run = page.getByTestId("slash-run");
  if (await run.isVisible().catch(() => false)) await run.click();
}

/** runFromPalette, then its result: the new result card, pinned by its place (later ones do not move it). */
export async function paletteResult(page: Page, capabilityId: string, fill?: () => Promise<void>): Promise<Locator> {
  const results = page.getByTestId("slash-result");
  const before = await results.count();
  await runFromPalette(page, capabilityId, fill);
  await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(before + 1);
  return results.nth(before);
}
