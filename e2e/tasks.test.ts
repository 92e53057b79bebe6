// Every task a brand member does, finished in Debian's Chromium by clicking and typing words only:
// no id, JSON, revision or key is ever typed. Download a file, edit and remove a contact channel,
// update the profile, add, rename and remove a kit colour, answer / defer / dismiss questions, ask
// questions, upload a logo and see it in the kit, disconnect a connection. Each write goes through its confirm card; the database says
// what happened. Screenshots: test-results/screenshots/task-*.png.
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { bytes, put } from "../test/support/files";
import { makeAsset } from "../test/support/records";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { call, confirmAndCall, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { paletteResult } from "./support/slash";
import { localFilesEnv } from "./support/local-files";

let server: RunningServer;
let baseUrl: string;
let browser: Browser;
let page: Page;
let admin: Person;
let brand: { id: string; shortId: string };
let fileId: string;
let connectionId: string;
const typed: string[] = [];

// a 1×1 PNG
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  "base64",
);

/** Types words into a field (kept, to check no machine value was ever typed). */
async function type(target: Locator, text: string) {
  typed.push(text);
  await target.fill(text);
}

/** Opens /<id> from the palette by clicking, lets `fill` fill its form, runs it; returns the new result. */
const command = (id: string, fill?: () => Promise<void>): Promise<Locator> => paletteResult(page, id, fill);

/** The latest step the person took in a card (kept by the conversation, below the card). */
const lastStep = () => page.getByTestId("card-step").last();

/** Clicks, and returns the step of the conversation the click added. */
async function stepOf(target: Locator): Promise<Locator> {
  const before = await page.getByTestId("card-step").count();
  await target.click();
  await expect.poll(() => page.getByTestId("card-step").count(), { timeout: 15_000 }).toBe(before + 1);
  return page.getByTestId("card-step").nth(before);
}

/** Every card of the conversation is checked against the server (none still reading again). */
async function settled() {
  await expect
    .poll(() => page.locator("[data-testid=card-truth][data-state=checking]").count(), { timeout: 15_000 })
    .toBe(0);
  await expect.poll(() => page.getByText("Loading the questions…").count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(500);
}

/** Confirms the card inside `area` and waits for it to say done. */
async function confirmIn(area: Locator) {
  const card = area.getByTestId("widget-confirm").last();
  await card.getByTestId("confirm-accept").click();
  await expect.poll(() => card.innerText(), { timeout: 15_000 }).toMatch(/Done|done/);
}

beforeAll(async () => {
  server = await startServer({
    ...inject("testEnv"),
    ...localFilesEnv("tasks"),
  });
  baseUrl = server.url;
  const url = { url: baseUrl };
  brand = await createTestBrand("Task Roasters");
  admin = await createPerson({ name: "Tia Tasks", brands: { [brand.shortId]: "admin" } });
  const key = (await makeKey(admin.email)).key;
  const png = bytes.png();
  const started = expectOk(
    await call(
      "library.upload.create",
      key,
      { brand: brand.shortId, step: "start", fileName: "shop-front.png", mimeType: "image/png", sizeBytes: png.length },
      url,
    ),
  ) as { uploadId: string; uploadUrl: string };
  expect((await put(started.uploadUrl, png, "image/png")).status).toBe(200);
  fileId = (
    expectOk(
      await call(
        "library.upload.create",
        key,
        { brand: brand.shortId, step: "complete", uploadId: started.uploadId, name: "Shop front" },
        url,
      ),
    ) as { assetId: string }
  ).assetId;
  expectOk(
    await confirmAndCall(
      "library.asset.review",
      key,
      { brand: brand.shortId, assetId: fileId, decision: "approve" },
      url,
    ),
  );
  expectOk(
    await confirmAndCall(
      "brand.contacts.save",
      key,
      { brand: brand.shortId, op: "upsert", type: "website", value: "https://task-roasters.example", label: "Shop" },
      url,
    ),
  );
  expectOk(
    await confirmAndCall(
      "brand.contacts.save",
      key,
      { brand: brand.shortId, op: "upsert", type: "email", value: "hello@task-roasters.example" },
      url,
    ),
  );
  expectOk(
    await call(
      "questions.ask",
      key,
      {
        brand: brand.shortId,
        questions: [
          { key: "tone", question: "Which tone do we use?", scope: "genome", options: ["Warm", "Formal"] },
          { key: "season", question: "Which season matters most?", scope: "work", options: ["Spring", "Autumn"] },
          { key: "mascot", question: "Do we have a mascot?", scope: "genome", options: [] },
        ],
      },
      url,
    ),
  );
  connectionId = randomUUID();
  await db().connection.create({
    data: {
      id: connectionId,
      brandId: brand.id,
      provider: "linkedin",
      account: "Task Roasters page",
      status: "connected",
      connectedAt: new Date(),
    },
  });
  browser = await launchBrowser();
  page = (await newPage(browser, baseUrl)).page;
  await page.setViewportSize({ width: 1200, height: 900 });
  await signIn(page, admin.email, admin.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("every task by clicking", () => {
  it("downloads a file from the library's card", async () => {
    const result = await command("library.search");
    // the file's card is the conversation's next step
    const details = await stepOf(result.getByTestId(`asset-${fileId}`).getByTestId("asset-details"));
    const download = details.getByTestId("widget-record").getByRole("link", { name: /Download/ });
    await download.waitFor();
    const response = await page.request.get(String(await download.getAttribute("href")));
    expect(response.status()).toBe(200);
    expect(Buffer.from(await response.body()).equals(Buffer.from(bytes.png()))).toBe(true);
    await screenshot(page, "task-download", { fullPage: false });
  });

  it("edits a contact channel and removes another, from the list", async () => {
    let list = await command("brand.contacts.list");
    const website = list
      .getByTestId("widget-list")
      .locator("li", { hasText: "task-roasters.example" })
      .filter({ hasText: "website" });
    await website.getByTestId("row-edit").click();
    await type(website.getByTestId("row-edit-value"), "https://shop.task-roasters.example");
    // the row waits for the confirmation, which is the conversation's next step
    const edit = await stepOf(website.getByTestId("row-edit-save"));
    await website.getByTestId("row-waiting").waitFor();
    await confirmIn(edit);
    expect(
      await db().contact.count({ where: { brandId: brand.id, value: { contains: "shop.task-roasters.example" } } }),
    ).toBe(1);
    // the list read itself again: the row shows the new address
    await expect
      .poll(() => list.getByTestId("widget-list").innerText(), { timeout: 15_000 })
      .toContain("shop.task-roasters.example");

    const earlier = list;
    list = await command("brand.contacts.list");
    const rows = await list.getByTestId("widget-list").locator("li.list-row").count();
    const email = list.getByTestId("widget-list").locator("li", { hasText: "hello@task-roasters.example" });
    await confirmIn(await stepOf(email.getByTestId("row-remove")));
    expect(await db().contact.count({ where: { brandId: brand.id, type: "email" } })).toBe(0);
    // every card listing it says it is gone: one row fewer, and no Edit for what no longer exists
    for (const card of [earlier, list]) {
      await expect
        .poll(() => card.getByTestId("widget-list").innerText(), { timeout: 15_000 })
        .not.toContain("hello@task-roasters.example");
    }
    await expect.poll(() => list.getByTestId("widget-list").locator("li.list-row").count()).toBe(rows - 1);
    expect(await list.locator(".widget-aside").innerText()).toBe(`${rows - 1} item${rows - 1 === 1 ? "" : "s"}`);
    await screenshot(page, "task-contacts", { fullPage: false });
  });

  it("updates the profile without a revision to type", async () => {
    const before = await db().genome.findUnique({ where: { brandId: brand.id } });
    // the overview's card, shown before the write, reads the profile again after it
    const overview = await command("brand.overview");
    await expect.poll(() => overview.innerText(), { timeout: 15_000 }).toContain("Task Roasters");
    expect(await overview.innerText()).not.toContain("Lyon");
    const result = await command("brand.profile.update", async () => {
      expect(await page.getByTestId("slash-field-expectedRevision").count()).toBe(0);
      await type(page.getByTestId("slash-field-city"), "Lyon");
    });
    // the run echoes what was given, in words; the focus is on the new card's Confirm, the next step
    expect(await result.getByTestId("slash-echo").innerText()).toContain("City: Lyon");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("confirm-accept");
    await confirmIn(result);
    const after = await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } });
    expect(after.city).toBe("Lyon");
    expect(after.revision).toBe((before?.revision ?? 1) + 1);
    await expect.poll(() => overview.innerText(), { timeout: 15_000 }).toContain("Lyon");
  });

  it("adds a colour, and the kit's card shown before it gains the colour", async () => {
    const kit = await command("kit.read");
    await expect.poll(() => kit.getByTestId("widget-palette").count(), { timeout: 15_000 }).toBe(1);
    expect(await kit.innerText()).not.toContain("#2A9D8F");
    const added = await command("kit.colors.add", async () => {
      await type(page.getByTestId("slash-field-name"), "Harbour teal");
      await type(page.getByTestId("slash-field-hex"), "#2a9d8f");
    });
    await confirmIn(added);
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#2A9D8F" } })).toBe(1);
    // the write touched the kit: the earlier card read it again, without a reload
    await expect.poll(() => kit.getByTestId("widget-palette").innerText(), { timeout: 15_000 }).toContain("#2A9D8F");
    expect(await kit.innerText()).toContain("Harbour teal");
  });

  it("renames a colour and removes it from the palette card, and the kit's earlier card reads again", async () => {
    const earlier = await command("kit.read");
    await expect.poll(() => earlier.innerText(), { timeout: 15_000 }).toContain("Harbour teal");
    const kit = await command("kit.read");
    const row = (words: string) => kit.getByTestId("widget-palette").locator("tr", { hasText: words });
    await row("Harbour teal").getByRole("button", { name: "Edit Harbour teal" }).click();
    await type(row("#2A9D8F").getByTestId("palette-edit-name"), "Harbour blue");
    // the row waits for the confirmation, which is the conversation's next step
    const edit = await stepOf(row("#2A9D8F").getByTestId("palette-edit-save"));
    await row("#2A9D8F").getByTestId("row-waiting").waitFor();
    await confirmIn(edit);
    const colour = await db().kitColor.findFirstOrThrow({ where: { brandId: brand.id, hex: "#2A9D8F" } });
    expect(colour.name).toBe("Harbour blue");
    for (const card of [earlier, kit]) {
      await expect
        .poll(() => card.getByTestId("widget-palette").innerText(), { timeout: 15_000 })
        .toContain("Harbour blue");
    }
    await screenshot(page, "task-colour-rename", { fullPage: false });

    await confirmIn(await stepOf(row("Harbour blue").getByRole("button", { name: "Remove" })));
    expect(await db().kitColor.count({ where: { id: colour.id } })).toBe(0);
    for (const card of [earlier, kit]) {
      await expect
        .poll(() => card.getByTestId("widget-palette").innerText(), { timeout: 15_000 })
        .not.toContain("#2A9D8F");
    }
  });

  it("changes a typeface in the kit's card, then removes it", async () => {
    const id = randomUUID();
    await db().kitTypography.create({
      data: { id, brandId: brand.id, family: "Task Grotesk", role: "body", weights: ["400"] },
    });
    const kit = await command("kit.read");
    const typeface = (family: string) => kit.getByTestId("widget-palette").locator("li", { hasText: family });
    // the form comes prefilled with what the kit holds
    await typeface("Task Grotesk").getByRole("button", { name: "Edit Task Grotesk" }).click();
    expect(await typeface("Task Grotesk").getByTestId("typeface-edit-weights").inputValue()).toBe("400");
    await type(typeface("Task Grotesk").getByTestId("typeface-edit-family"), "Task Sans");
    await type(typeface("Task Grotesk").getByTestId("typeface-edit-weights"), "400, 700 italic");
    await confirmIn(await stepOf(typeface("Task Grotesk").getByTestId("kit-item-save")));
    const changed = await db().kitTypography.findUniqueOrThrow({ where: { id } });
    expect([changed.family, changed.role, changed.weights]).toEqual(["Task Sans", "body", ["400", "700 italic"]]);
    await expect.poll(() => kit.getByTestId("widget-palette").innerText(), { timeout: 15_000 }).toContain("Task Sans");

    await confirmIn(await stepOf(typeface("Task Sans").getByRole("button", { name: "Remove" })));
    expect(await db().kitTypography.count({ where: { id } })).toBe(0);
    await expect
      .poll(() => kit.getByTestId("widget-palette").innerText(), { timeout: 15_000 })
      .not.toContain("Task Sans");
  });

  it("renames a logo and makes it primary in the kit's card, then removes it", async () => {
    const assetId = await makeAsset(brand.id, "approved");
    await db().kitLogo.create({
      data: { id: randomUUID(), brandId: brand.id, assetId, name: "Task mark", form: "symbol", theme: "light" },
    });
    const kit = await command("kit.read");
    const logo = (name: string) => kit.getByTestId("palette-logos").locator("li", { hasText: name });
    await logo("Task mark").getByRole("button", { name: "Edit Task mark" }).click();
    expect(await logo("Task mark").getByTestId("logo-edit-form").inputValue()).toBe("symbol");
    await type(logo("Task mark").getByTestId("logo-edit-name"), "Task roundel");
    await logo("Task mark").getByTestId("logo-edit-primary").check();
    await confirmIn(await stepOf(logo("Task mark").getByTestId("kit-item-save")));
    const saved = await db().kitLogo.findFirstOrThrow({ where: { brandId: brand.id, assetId } });
    expect([saved.name, saved.form, saved.theme, saved.primary]).toEqual(["Task roundel", "symbol", "light", true]);
    await expect
      .poll(() => kit.getByTestId("palette-logos").innerText(), { timeout: 15_000 })
      .toContain("Task roundel");

    await confirmIn(await stepOf(logo("Task roundel").getByRole("button", { name: "Remove" })));
    expect(await db().kitLogo.count({ where: { brandId: brand.id, assetId } })).toBe(0);
    await expect
      .poll(() => kit.getByTestId("widget-palette").innerText(), { timeout: 15_000 })
      .not.toContain("Task roundel");
    // removing the logo leaves its file in the library
    expect(await db().asset.count({ where: { id: assetId } })).toBe(1);
  });

  it("answers one question, defers another and dismisses the third", async () => {
    const result = await command("questions.list");
    const card = (text: string) => result.locator("li.question", { hasText: text });
    // each answer is a step of the conversation, and the list reads its open questions again
    expect(await (await stepOf(card("Which tone").getByRole("button", { name: "Warm" }))).innerText()).toContain(
      "Answered: “Warm”",
    );
    await expect.poll(() => card("Which tone").count(), { timeout: 15_000 }).toBe(0);
    expect(await (await stepOf(card("Which season").getByTestId("question-defer"))).innerText()).toContain(
      "put off until later",
    );
    expect(await (await stepOf(card("mascot").getByTestId("question-dismiss"))).innerText()).toContain("dismissed");
    await expect.poll(() => card("mascot").count(), { timeout: 15_000 }).toBe(0);
    const statuses = await db().question.findMany({
      where: { brandId: brand.id },
      select: { question: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((row) => [row.question, row.status]))).toMatchObject({
      "Which tone do we use?": "answered",
      "Which season matters most?": "deferred",
      "Do we have a mascot?": "dismissed",
    });
    await screenshot(page, "task-questions", { fullPage: false });
  });

  it("asks two questions with a form of records, no JSON", async () => {
    const result = await command("questions.ask", async () => {
      expect(await page.locator("textarea[placeholder=JSON]").count()).toBe(0);
      await type(page.getByTestId("slash-field-questions-0-question"), "Who is our typical customer?");
      await type(page.getByTestId("slash-field-questions-0-options"), "Students\nCommuters");
      await page.getByTestId("slash-field-questions-0-scope").selectOption("genome");
      await page.getByTestId("slash-add-questions").click();
      await type(page.getByTestId("slash-field-questions-1-question"), "Should we open on Sundays?");
      await page.getByTestId("slash-field-questions-1-scope").selectOption("work");
      await screenshot(page, "task-ask-form", { fullPage: false });
    });
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain("Who is our typical customer?");
    const asked = await db().question.findMany({
      where: { brandId: brand.id, question: { in: ["Who is our typical customer?", "Should we open on Sundays?"] } },
    });
    expect(asked.map((row) => row.key).sort()).toEqual(["should-we-open-on-sundays", "who-is-our-typical-customer"]);
  });

  it("uploads a logo, approves it, and sees it in the kit", async () => {
    const widget = (await command("library.upload.create")).getByTestId("widget-file_request");
    await widget.getByTestId("file-category").selectOption("logo");
    await widget
      .getByTestId("file-input")
      .setInputFiles({ name: "round-logo.png", mimeType: "image/png", buffer: PIXEL });
    await widget.getByTestId("upload-done").waitFor({ timeout: 20_000 });
    expect(await widget.getByTestId("upload-status").innerText()).toBe("proposed");
    const review = (await stepOf(widget.getByRole("button", { name: "Review it now" }))).getByTestId("widget-review");
    const approval = await stepOf(review.getByRole("button", { name: "Approve" }));
    await review.getByTestId("review-waiting").waitFor();
    await confirmIn(approval);
    // the write touched the file: the upload card and the review card both say approved, offering nothing
    await expect.poll(() => widget.getByTestId("upload-status").innerText(), { timeout: 15_000 }).toBe("approved");
    await expect.poll(() => review.locator(".badge").first().innerText(), { timeout: 15_000 }).toBe("approved");
    expect(await review.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await widget.getByRole("button", { name: "Review it now" }).count()).toBe(0);
    await page.setViewportSize({ width: 360, height: 740 });
    await widget.scrollIntoViewIfNeeded();
    await widget.screenshot({
      path: path.resolve(import.meta.dirname, "../docs/screenshots/card-after-write.png"),
      animations: "disabled",
    });
    await page.setViewportSize({ width: 1200, height: 900 });
    const kit = await command("kit.read");
    await expect.poll(() => kit.innerText(), { timeout: 15_000 }).toContain("round-logo.png");
    await screenshot(page, "task-logo-in-kit", { fullPage: false });
  }, 60_000);

  it("disconnects a connection from its row", async () => {
    const list = await command("connections.list");
    const row = list.getByTestId("widget-list").locator("li", { hasText: "Task Roasters page" });
    await confirmIn(await stepOf(row.getByTestId("row-disconnect")));
    expect((await db().connection.findUniqueOrThrow({ where: { id: connectionId } })).status).toBe("disconnected");
    // the list read itself again: disconnected, and nothing left to disconnect
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/\bDisconnected\b/); // the status in words (value-words.ts)
    expect(await row.getByTestId("row-disconnect").count()).toBe(0);
  });

  it("a reload shows every card and every step exactly as it was, and the address names the conversation", async () => {
    expect(new URL(page.url()).searchParams.get("conversation")).toMatch(/^[0-9a-f-]{36}$/);
    await settled();
    const cards = () =>
      page
        .getByTestId("conversation")
        .locator("[data-testid^=widget-]")
        .evaluateAll((nodes) =>
          nodes.map((node) => `${node.getAttribute("data-testid")}: ${(node as HTMLElement).innerText}`),
        );
    const before = await cards();
    expect(before.length).toBeGreaterThan(10);
    await page.reload();
    await page.getByTestId("conversation").locator("[data-testid^=widget-]").first().waitFor({ timeout: 20_000 });
    // a long conversation opens on its latest messages: the earlier ones load on request
    while ((await page.getByTestId("earlier-messages").count()) > 0) {
      await page.getByTestId("earlier-messages").click();
      await settled();
    }
    await settled();
    expect(await cards()).toEqual(before);
  });

  it("a waiting confirmation survives a reload and is confirmed exactly once", async () => {
    const list = await command("brand.contacts.list");
    const row = list.getByTestId("widget-list").locator("li", { hasText: "shop.task-roasters.example" });
    await (await stepOf(row.getByTestId("row-remove"))).getByTestId("confirm-accept").waitFor();
    await page.reload();
    const waiting = lastStep().getByTestId("widget-confirm");
    await waiting.getByTestId("confirm-accept").waitFor({ timeout: 20_000 });
    // the row, read again after the reload, still waits for it
    await page.getByTestId("slash-result").last().getByTestId("row-waiting").waitFor({ timeout: 15_000 });
    await waiting.getByTestId("confirm-accept").click();
    await expect.poll(() => waiting.innerText(), { timeout: 15_000 }).toMatch(/Done/);
    expect(
      await db().contact.count({ where: { brandId: brand.id, value: { contains: "shop.task-roasters.example" } } }),
    ).toBe(0);
    await page.reload();
    const decided = lastStep().getByTestId("widget-confirm");
    await expect.poll(() => decided.innerText(), { timeout: 20_000 }).toMatch(/Done/);
    expect(await decided.getByTestId("confirm-accept").count()).toBe(0);
    const removals = await db().auditEntry.count({
      where: { brandId: brand.id, capabilityId: "brand.contacts.save", outcome: "ok", summary: { contains: "Remove" } },
    });
    expect(removals).toBe(2); // the e-mail earlier, this one once
  });

  // the carousel is a row of cards that scrolls sideways inside itself, on purpose
  it("at 360 px every widget of the conversation fits: nothing scrolls sideways", async () => {
    await command("kit.read"); // the palette with its contrast columns
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => {
      const scroller = document.querySelector(".conversation-scroll")!;
      const width = document.documentElement.clientWidth;
      return {
        page: document.documentElement.scrollWidth - width,
        conversation: scroller.scrollWidth - scroller.clientWidth,
        sticking: [...document.querySelectorAll(".conversation *")]
          .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest(".carousel"))
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(" ")[0]}`)
          .slice(0, 12),
      };
    });
    expect(wide.sticking).toEqual([]);
    expect(wide.page).toBeLessThanOrEqual(0);
    expect(wide.conversation).toBeLessThanOrEqual(0);
    await screenshot(page, "task-phone", { fullPage: false });
    await page.setViewportSize({ width: 1200, height: 900 });
  });

  it("never needed an id, a revision, a key or JSON typed", () => {
    expect(typed.length).toBe(11);
    for (const text of typed) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|^\{|^\[|^\d+$|bop_|bct_/);
    }
  });
});
