// The Activity page's AI budget chart (budget.usage) in Debian's Chromium: a brand's
// admin sees one bar per person with their tokens in words and the person past their share marked;
// a member sees no chart; it fits a 360 px phone. Screenshots usage-chart*.png.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { monthOf } from "../lib/plans";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the AI budget chart on the Activity page", () => {
  it("shows an admin who spent what this month as labelled bars, fits a phone, and is not shown to a member", async () => {
    const brand = await createTestBrand("Usage Roasters");
    const admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
    const member = await createPerson({ name: "Max Member", brands: { [brand.shortId]: "member" } });
    const viewer = await createPerson({
      name: "Vera Viewer with a rather long name",
      brands: { [brand.shortId]: "viewer" },
    });
    const month = monthOf(new Date());
    // a free plan's 200,000 tokens: the viewer is past the default half, the member well below it
    await db().aiUsage.create({ data: { brandId: brand.id, month, tokens: 130_500 } });
    await db().aiPersonUsage.createMany({
      data: [
        { brandId: brand.id, month, userId: viewer.id, tokens: 104_000, voiceSessions: 3 },
        { brandId: brand.id, month, userId: member.id, tokens: 26_500, voiceSessions: 0 },
        { brandId: brand.id, month, userId: admin.id, tokens: 0, voiceSessions: 1 },
      ],
    });

    const phone = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await signIn(phone.page, admin.email, admin.password, "/activity");
    const chart = phone.page.getByTestId("usage-chart");
    await chart.waitFor({ timeout: 15_000 });
    expect(await chart.getByRole("heading").textContent()).toBe(`AI tokens in ${month}`);
    expect(await chart.textContent()).toContain("130,500 tokens of 200,000 tokens used (65%)");
    const rows = chart.getByTestId("usage-row");
    expect(await rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain(
      "104,000 tokens · 52% of the month · 3 voice sessions · share used up",
    );
    expect(await rows.nth(1).textContent()).toContain("Max Member");
    const overflow = await phone.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    await screenshot(phone.page, "usage-chart-phone");
    expect(phone.blocked).toEqual([]);

    const wide = await newPage(browser, baseUrl);
    await signIn(wide.page, admin.email, admin.password, "/activity");
    await wide.page.getByTestId("usage-chart").waitFor({ timeout: 15_000 });
    await screenshot(wide.page, "usage-chart");

    const theirs = await newPage(browser, baseUrl);
    await signIn(theirs.page, member.email, member.password, "/activity");
    // a member is told the trail is for admins, and offered no filters nor chart
    await theirs.page.getByTestId("activity-not-yours").waitFor({ timeout: 15_000 });
    expect(await theirs.page.getByTestId("usage-chart").count()).toBe(0);
  }, 90_000);
});
