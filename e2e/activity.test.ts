// The Activity page in Debian's Chromium: writes made through the API (a key), MCP (the official
// client) and the Assistant door (the person's session) appear with their door and person; the
// door filter narrows them by clicking; the page fits a 360 px phone. Screenshots activity-*.png.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { callTool, connectMcp, expectToolOk } from "../test/support/mcp";
import { call, confirmAndCall, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const question = (key: string, text: string) => ({
  questions: [{ key, question: text, scope: "genome", options: ["Yes", "No"] }],
});

describe("the Activity page", () => {
  it("shows writes from the API, MCP and the assistant with door and person, filters by door, and fits a phone", async () => {
    const brand = await createTestBrand("Activity Roasters");
    const person = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
    const key = await makeKey(person.email);
    expectOk(await confirmAndCall("kit.colors.add", key.key, { brand: brand.shortId, name: "Teal", hex: "#008080" }));
    const mcp = await connectMcp(key.key);
    try {
      expectToolOk(
        await callTool(mcp, "questions_ask", { brand: brand.shortId, ...question("tone", "Which tone do we use?") }),
      );
    } finally {
      await mcp.close();
    }

    const { page, blocked } = await newPage(browser, baseUrl);
    await signIn(page, person.email, person.password);
    // the assistant's slash command route, as the chat page calls it
    const ran = await page.request.post(`${baseUrl}/api/assistant/run`, {
      headers: { Origin: baseUrl },
      data: { capabilityId: "questions.ask", brand: brand.shortId, input: question("audience", "Who do we speak to?") },
    });
    expect((await ran.json()).status).toBe("ok");

    await page.getByRole("link", { name: "Activity" }).click();
    await page.waitForURL(`${baseUrl}/activity`);
    const rows = page.getByTestId("activity-row");
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId("activity-door").allTextContents()).toEqual(["Assistant", "MCP", "API"]);
    expect(await rows.last().textContent()).toContain("#008080");
    for (const text of await rows.allTextContents()) expect(text).toContain("Ada Admin");
    await screenshot(page, "activity");

    await page.getByTestId("filter-door").selectOption("mcp");
    await expect.poll(() => page.getByTestId("activity-door").allTextContents()).toEqual(["MCP"]);
    await page.getByTestId("filter-door").selectOption("");
    await page.getByTestId("filter-outcome").selectOption("refused");
    await page.getByTestId("activity-empty").waitFor();
    expect(blocked).toEqual([]);

    const phone = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await signIn(phone.page, person.email, person.password, "/activity");
    await expect.poll(() => phone.page.getByTestId("activity-row").count(), { timeout: 15_000 }).toBe(3);
    await screenshot(phone.page, "activity-phone");
    const overflow = await phone.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      wide: [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((element) => `${element.tagName}.${element.className}`),
    }));
    expect(overflow.scroll, overflow.wide.join(", ")).toBeLessThanOrEqual(overflow.client);
    const rowWidths = await phone.page
      .getByTestId("activity-row")
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
    for (const right of rowWidths) expect(right).toBeLessThanOrEqual(360);
    await screenshot(phone.page, "activity-phone");
  }, 90_000); // the first browser test of a fresh server: its pages are first rendered here (30 s was short on a loaded machine)

  it("shows the file an upload touched on request; a member is told the trail is for admins", async () => {
    const brand = await createTestBrand("Activity Files");
    const admin = await createPerson({ name: "Fay Files", brands: { [brand.shortId]: "admin" } });
    const member = await createPerson({ name: "Max Member", brands: { [brand.shortId]: "member" } });
    const other = await createPerson({ name: "Gil Other", brands: { [brand.shortId]: "admin" } });
    expectOk(
      await call("questions.ask", (await makeKey(other.email)).key, {
        brand: brand.shortId,
        ...question("venue", "Where do we meet?"),
      }),
    );
    const key = await makeKey(admin.email);
    const bytes = new TextEncoder().encode("notes for the launch");
    const started = expectOk(
      await call("library.upload.create", key.key, {
        brand: brand.shortId,
        step: "start",
        fileName: "launch-notes.txt",
        mimeType: "text/plain",
        sizeBytes: bytes.length,
      }),
    ) as { uploadId: string; uploadUrl: string };
    expect(
      (await fetch(started.uploadUrl, { method: "PUT", headers: { "Content-Type": "text/plain" }, body: bytes }))
        .status,
    ).toBe(200);
    expectOk(
      await call("library.upload.create", key.key, {
        brand: brand.shortId,
        step: "complete",
        uploadId: started.uploadId,
      }),
    );

    const { page } = await newPage(browser, baseUrl);
    await signIn(page, admin.email, admin.password, "/activity");
    const row = page.getByTestId("activity-row").filter({ hasText: "Add the file" });
    await row.getByTestId("activity-open-file").click();
    const record = row.getByTestId("widget-record");
    await expect.poll(() => record.textContent(), { timeout: 15_000 }).toContain("launch-notes.txt");
    await screenshot(page, "activity-file");

    // a person's name filters the trail to what they did; the chip shows everyone again
    const rows = page.getByTestId("activity-row");
    await expect.poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: "Where do we meet?" }).getByTestId("activity-person").click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Gil Other");
    await page.getByTestId("filter-person").click();
    await expect.poll(() => rows.count()).toBe(3);

    const theirs = await newPage(browser, baseUrl);
    await signIn(theirs.page, member.email, member.password, "/activity");
    await expect
      .poll(() => theirs.page.getByTestId("activity-not-yours").textContent(), { timeout: 15_000 })
      .toMatch(/admin/i);
    // told before any filter is offered: nothing is offered that is then refused
    expect(await theirs.page.getByTestId("activity-filters").count()).toBe(0);
    expect(await theirs.page.getByTestId("activity-row").count()).toBe(0);
  });
});
