// "Waiting for you" in Debian's Chromium on a 360 px phone: a person whose API key waits for them
// sees the header's badge with the count on the chat, follows it to the list, confirms one write
// (which lands once, as the API then reads) and declines another with a note (which the key reads
// with confirmations.get); the badge goes when nothing waits. Nothing runs off the screen. The
// laptop's header shows the same badge, and the write's own page (/confirm/<id>) takes a note too.
// Screenshots waiting-*.png.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createKey } from "../lib/admin/commands";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** POST /api/v1/<id> with the key, as the key's program does. */
async function api(capability: string, key: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/v1/${capability}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const widthFits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe("Waiting for you", () => {
  it("on a phone: the badge counts, the list shows each write, Confirm lands it once, Decline tells the note", async () => {
    const brand = await createTestBrand("Waiting Phone Roasters");
    const person = await createPerson({ name: "Wren Waiting", brands: { [brand.shortId]: "admin" } });
    const { key } = await createKey(db(), {
      email: person.email,
      scopes: "all",
      name: "Palette bot",
      confirmBy: "person",
    });
    const park = async (name: string, hex: string) => {
      const answer = await api("kit.colors.add", key, { brand: brand.shortId, name, hex, role: "accent" });
      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.body)).not.toMatch(/bct_|confirmationToken/);
      return answer.body.error.confirmation.id as string;
    };
    const teal = await park("Phone Teal", "#0A7E8C");
    const coral = await park("Phone Coral", "#E4572E");
    const colourNames = async () =>
      (
        (await api("kit.read", key, { brand: brand.shortId, parts: ["colors"] })).body.data.colors as { name: string }[]
      ).map((colour) => colour.name);

    const { page, blocked } = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await signIn(page, person.email, person.password);
    const badge = page.getByRole("link", { name: "2 writes waiting for you" });
    await badge.waitFor();
    expect(await badge.textContent()).toBe("2");
    await screenshot(page, "waiting-badge-360", { fullPage: false });
    await widthFits(page, 360);

    await badge.click();
    await page.waitForURL((url) => url.pathname === "/waiting");
    const items = page.getByTestId("waiting-item");
    await items.first().waitFor();
    // newest first: Coral was parked after Teal
    expect(await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-pending-id")))).toEqual([
      coral,
      teal,
    ]);
    // the badge says where the person is
    expect(await badge.getAttribute("aria-current")).toBe("page");
    await page.getByTestId("brand-switcher-name").getByText("Waiting Phone Roasters").waitFor();
    const tealCard = page.locator(`[data-pending-id="${teal}"]`);
    const coralCard = page.locator(`[data-pending-id="${coral}"]`);
    expect(await tealCard.textContent()).toContain("Phone Teal");
    expect(await tealCard.getByTestId("waiting-meta").textContent()).toContain(
      'In Waiting Phone Roasters, asked by your API key "Palette bot" on',
    );
    await screenshot(page, "waiting-list-360");
    await widthFits(page, 360);

    await tealCard.getByTestId("confirm-accept").click();
    await tealCard.getByText("Done", { exact: true }).first().waitFor({ timeout: 20_000 });
    expect((await colourNames()).filter((name) => name === "Phone Teal")).toHaveLength(1);
    const tealOutcome = await api("confirmations.get", key, { brand: brand.shortId, confirmationId: teal });
    expect(tealOutcome.body.data.status).toBe("done");
    await page.getByRole("link", { name: "1 write waiting for you" }).waitFor();

    await coralCard.getByTestId("confirm-note").fill("Too warm for the autumn menu");
    await coralCard.getByRole("button", { name: "Decline" }).click();
    await coralCard.getByTestId("confirm-declined").waitFor();
    expect(await coralCard.getByTestId("confirm-declined").textContent()).toBe("Declined. Nothing was changed.");
    expect(await coralCard.getByTestId("confirm-sent-note").textContent()).toContain("Too warm for the autumn menu");
    const coralOutcome = await api("confirmations.get", key, { brand: brand.shortId, confirmationId: coral });
    expect(coralOutcome.body.data).toMatchObject({ status: "declined", note: "Too warm for the autumn menu" });
    expect(await colourNames()).not.toContain("Phone Coral");
    // nothing waits any more: the badge goes, and the list says so when opened again
    await page.getByTestId("waiting-badge").waitFor({ state: "detached" });
    await screenshot(page, "waiting-decided-360");
    await widthFits(page, 360);
    // the Confirm ran the write once: confirming again changes nothing
    expect((await colourNames()).filter((name) => name === "Phone Teal")).toHaveLength(1);

    await page.reload();
    await page.getByTestId("waiting-empty").waitFor();
    await page.getByTestId("brand-switcher-name").getByText("Waiting Phone Roasters").waitFor();
    await screenshot(page, "waiting-empty-360", { fullPage: false });
    expect(blocked).toEqual([]);

    // on a laptop: the same badge beside the links
    const sand = await park("Laptop Sand", "#D8C3A5");
    const laptop = await newPage(browser, baseUrl);
    await signIn(laptop.page, person.email, person.password, "/activity");
    await laptop.page.getByRole("link", { name: "1 write waiting for you" }).waitFor();
    await screenshot(laptop.page, "waiting-badge-laptop", { fullPage: false });
    await laptop.page.goto(`${baseUrl}/waiting`);
    await laptop.page.getByTestId("waiting-item").first().waitFor();
    await laptop.page.getByRole("link", { name: "1 write waiting for you" }).waitFor();
    await screenshot(laptop.page, "waiting-list-laptop");

    // the page at the write's own url: the same card, Decline with a note there too
    await laptop.page.goto(`${baseUrl}/confirm/${sand}`);
    expect(await laptop.page.getByTestId("confirm-page-asker").textContent()).toContain(
      'Your API key "Palette bot" asks to make this change in Waiting Phone Roasters',
    );
    await laptop.page.getByTestId("confirm-note").fill("Ask the roaster first");
    await laptop.page.getByRole("button", { name: "Decline" }).click();
    await laptop.page.getByTestId("confirm-declined").waitFor();
    const sandOutcome = await api("confirmations.get", key, { brand: brand.shortId, confirmationId: sand });
    expect(sandOutcome.body.data).toMatchObject({ status: "declined", note: "Ask the roaster first" });
    await screenshot(laptop.page, "waiting-confirm-page-declined");
    await laptop.context.close();
  }, 120_000);
});
