// Every widget in Debian's Chromium, reached the way a person without a model reaches them: slash
// commands; then the same widgets from a model's tool calls (a scripted OpenAI-compatible model on
// loopback). Each widget's screenshot is kept in test-results/screenshots/<widget>.png. This file
// runs its own server: connections.connect needs an OAuth provider, the chat a model.
import { randomUUID } from "node:crypto";
import { deflateSync, crc32 } from "node:zlib";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createKey } from "../lib/admin/commands";
import { db } from "../lib/db/client";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { lastMessage, startScriptedModel, textOf, type ScriptedModel } from "../scripts/support/scripted-openai";
import { startMockProvider, writeProvidersFile, type MockProvider } from "../test/support/oauth-provider";
import { confirmAndCall, makeBrand } from "../test/support/world";
import { launchBrowser, newPage, SCREENSHOTS, screenshot } from "./support/browser";
import { createPerson, signIn, type Person } from "./support/people";
import { localFilesEnv } from "./support/local-files";

let browser: Browser;
let server: RunningServer;
let mock: MockProvider;
let model: ScriptedModel;
let providers: ReturnType<typeof writeProvidersFile>;
let admin: Page;
let brand: { id: string; shortId: string };
let adminKey: string;
const people = {} as Record<"admin" | "viewer", Person>;
const assets: { id: string; name: string }[] = [];

/** A small real PNG: a coloured disc on a light ground (zlib only; no image library); `noise` makes it big. */
function png(size: number, [r, g, b]: [number, number, number], noise = false): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size * 0.38) ** 2;
      const jitter = noise ? Math.floor(Math.random() * 64) : 0;
      raw.set(
        inside ? [r, g, b].map((channel) => Math.max(0, channel - jitter)) : [246 - jitter, 241 - jitter, 232 - jitter],
        y * (size * 3 + 1) + 1 + x * 3,
      );
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A call through the API door as an integration would, confirmed when it must be. */
async function api(capability: string, key: string, body: Record<string, unknown>) {
  const response = await confirmAndCall(capability, key, { brand: brand.shortId, ...body }, { url: server.url });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** Seeds an image through the real two-step upload (start, PUT, complete). */
async function seedAsset(key: string, name: string, color: [number, number, number]) {
  const bytes = png(200, color);
  const start = await api("library.upload.create", key, {
    step: "start",
    fileName: `${name}.png`,
    mimeType: "image/png",
    sizeBytes: bytes.length,
    category: "logo",
  });
  const put = await fetch(start.uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  const done = await api("library.upload.create", key, { step: "complete", uploadId: start.uploadId, name });
  assets.push({ id: done.assetId, name });
  return done.assetId as string;
}

/** A page that may reach only our server (e2e/support), signed in through /sign-in. */
async function signedInPage(person: Person): Promise<Page> {
  const { page } = await newPage(browser, server.url);
  await page.setViewportSize({ width: 1100, height: 900 });
  await signIn(page, person.email, person.password);
  // the switcher picks the person's first brand once brands.list answered
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

/** Types /<id>, chooses it, lets `fill` fill the form, runs it; returns the new result's widget area. */
async function slash(page: Page, id: string, fill?: () => Promise<void>): Promise<Locator> {
  const before = await page.getByTestId("slash-result").count();
  await page.getByTestId("chat-input").fill(`/${id}`);
  await page.getByTestId(`slash-item-${id}`).click();
  if (fill) await fill();
  if (
    await page
      .getByTestId("slash-run")
      .isVisible()
      .catch(() => false)
  )
    await page.getByTestId("slash-run").click();
  await expect.poll(() => page.getByTestId("slash-result").count()).toBe(before + 1);
  return page.getByTestId("slash-result").last();
}

async function shot(locator: Locator, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.scrollIntoViewIfNeeded();
  // the message box is not part of the widget; hiding it also gives the conversation more height
  await locator.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    animations: "disabled",
    style: ".composer-wrap { display: none !important; }",
  });
}

beforeAll(async () => {
  mock = await startMockProvider();
  providers = writeProvidersFile([mock.entry("mocksocial", { name: "Mock Social" })]);
  model = await startScriptedModel(() => ({ text: "Hello." }));
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    OPENAI_BASE_URL: model.baseUrl,
    ASSISTANT_MODEL: "scripted-model",
    ...localFilesEnv("widgets"),
  });
  brand = await makeBrand({ name: "Widget Roasters", plan: "pro" });
  people.admin = await createPerson({ name: "Ada Admin", brands: { [brand.shortId]: "admin" } });
  people.viewer = await createPerson({ name: "Vic Viewer", brands: { [brand.shortId]: "viewer" } });
  // a brand with a voice and a kit, as an onboarded brand has
  const entries = [
    ["voice", "Warm and plain-spoken: we talk about coffee the way a friend at the counter would."],
    ["guardrail", "Never promise health benefits."],
    ["vocabulary_use", "roasted this week"],
    ["vocabulary_avoid", "artisanal"],
    ["archetype", "caregiver"],
  ];
  await db().genomeEntry.createMany({
    data: entries.map(([kind, value], position) => ({
      id: randomUUID(),
      brandId: brand.id,
      kind: kind!,
      value: value!,
      status: "approved",
      position,
    })),
  });
  const colors = [
    ["Espresso", "#3B2418", "primary"],
    ["Crema", "#F3E5D0", "background"],
    ["Leaf", "#2F7D4F", "accent"],
  ];
  await db().kitColor.createMany({
    data: colors.map(([name, hex, role], i) => ({
      id: randomUUID(),
      brandId: brand.id,
      name: name!,
      hex: hex!,
      role: role!,
      createdAt: new Date(Date.now() - 10_000 + i * 1000),
    })),
  });
  await db().kitTypography.create({
    data: {
      id: randomUUID(),
      brandId: brand.id,
      family: "Fraunces",
      role: "heading",
      weights: ["600", "800"],
      position: 0,
    },
  });
  await db().kitInstruction.create({
    data: { brandId: brand.id, section: "colors", text: "Espresso leads; Crema only as a background." },
  });
  const { key } = await createKey(db(), { email: people.admin.email, scopes: "all" });
  adminKey = key;
  const approved = await seedAsset(key, "Logo on cream", [59, 36, 24]);
  await api("library.asset.review", key, { assetId: approved, decision: "approve" });
  await seedAsset(key, "Logo leaf", [47, 125, 79]);
  await seedAsset(key, "Logo night", [29, 78, 216]);
  browser = await launchBrowser();
  admin = await signedInPage(people.admin);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mock?.stop();
  await model?.stop();
  providers?.remove();
});

describe("widgets through slash commands, in Chromium", () => {
  it("palette: kit.read shows swatches with HEX, role and contrast marks", async () => {
    const result = await slash(admin, "kit.read");
    const palette = result.getByTestId("widget-palette");
    await expect.poll(() => palette.locator("tbody tr").count()).toBe(3);
    const espresso = palette.locator('tr[data-hex="#3B2418"]');
    expect(await espresso.innerText()).toMatch(/Espresso[\s\S]*#3B2418[\s\S]*Primary[\s\S]*AAA/);
    // Crema on white is far below 4.5:1
    expect(await palette.locator('tr[data-hex="#F3E5D0"]').innerText()).toContain("below AA");
    // the AA line is 4.5:1: Leaf passes on white (5.04) and not on black (4.17)
    expect(await palette.locator('tr[data-hex="#2F7D4F"]').innerText()).toMatch(
      /5\.04:1\s*AA\s[\s\S]*4\.17:1\s*below AA/,
    );
    // the usage instructions the read returned are shown too (they rendered as nothing before)
    expect(await palette.getByTestId("palette-instructions").innerText()).toMatch(
      /Colours[\s\S]*Espresso leads; Crema only as a background\./,
    );
    await shot(palette, "palette");
  });

  it("confirm: kit.colors.add waits for Confirm, then the palette shows the new colour", async () => {
    const result = await slash(admin, "kit.colors.add", async () => {
      await admin.getByTestId("slash-field-name").fill("Sky");
      await admin.getByTestId("slash-field-hex").fill("8ecae6");
      await admin.getByTestId("slash-field-role").selectOption("accent");
    });
    const confirm = result.getByTestId("widget-confirm");
    await expect.poll(() => confirm.innerText()).toContain('Add the colour "Sky" (#8ECAE6)');
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#8ECAE6" } })).toBe(0);
    await shot(confirm, "confirm");
    await confirm.getByTestId("confirm-accept").click();
    const added = confirm.getByTestId("widget-palette").locator('tr[data-hex="#8ECAE6"]');
    await expect.poll(() => added.count()).toBe(1);
    expect(await added.innerText()).toMatch(/Sky[\s\S]*new/);
    // the written colour shows at once; then the kit read again, with it among the others
    await expect.poll(() => confirm.getByTestId("widget-palette").locator("tbody tr").count()).toBe(4);
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#8ECAE6" } })).toBe(1);
    await shot(confirm, "confirm-done");
  });

  it("confirm: a proposal that expired says so, writes nothing, and can be proposed again in one click", async () => {
    const result = await slash(admin, "kit.colors.add", async () => {
      await admin.getByTestId("slash-field-name").fill("Late");
      await admin.getByTestId("slash-field-hex").fill("#0a0b0c");
    });
    const confirm = result.getByTestId("widget-confirm").first();
    await confirm.getByTestId("confirm-accept").waitFor();
    const pending = await db().pendingCall.findFirstOrThrow({
      where: { brandId: brand.id, capabilityId: "kit.colors.add", status: "pending" },
      orderBy: { createdAt: "desc" },
    });
    await db().pendingCall.update({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await confirm.getByTestId("confirm-accept").click();
    await expect
      .poll(() => confirm.innerText())
      .toMatch(/Expired[\s\S]*This confirmation expired before it was confirmed, so nothing was changed\./);
    expect(await confirm.innerText()).not.toContain("needs your confirmation first");
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#0A0B0C" } })).toBe(0);
    await confirm.getByTestId("confirm-again").click();
    const again = confirm.getByTestId("widget-confirm");
    await again.getByTestId("confirm-accept").click();
    await expect.poll(() => db().kitColor.count({ where: { brandId: brand.id, hex: "#0A0B0C" } })).toBe(1);
    await shot(confirm, "confirm-expired-again");
  });

  it("confirm: Cancel writes nothing", async () => {
    const result = await slash(admin, "kit.colors.add", async () => {
      await admin.getByTestId("slash-field-name").fill("Never");
      await admin.getByTestId("slash-field-hex").fill("#123456");
    });
    await result.getByTestId("confirm-cancel").click();
    await expect.poll(() => result.getByTestId("confirm-declined").isVisible()).toBe(true);
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#123456" } })).toBe(0);
  });

  it("list: brands and integrations", async () => {
    const brands = (await slash(admin, "brands.list")).getByTestId("widget-list");
    await expect.poll(() => brands.innerText()).toContain(brand.shortId);
    await shot(brands, "list");
    const connections = (
      await slash(admin, "connections.list", () => admin.getByTestId("slash-field-includeCatalog").check())
    ).getByTestId("widget-list");
    await expect.poll(() => connections.innerText()).toContain("Mock Social");
  });

  it("record: the brand overview and a file with its preview", async () => {
    const overview = (await slash(admin, "brand.overview")).getByTestId("widget-record");
    await expect.poll(() => overview.innerText()).toContain("Widget Roasters");
    await shot(overview, "record");
    const file = (
      await slash(admin, "library.asset.get", () =>
        admin
          .getByTestId("slash-field-assetId")
          .selectOption(assets[0]!.id)
          .then(() => undefined),
      )
    ).getByTestId("widget-record");
    await expect
      .poll(() =>
        file.locator("img.record-preview").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(200);
    await shot(file, "record-file");
  });

  it("carousel: thumbnails from signed URLs and status badges", async () => {
    const carousel = (await slash(admin, "library.search")).getByTestId("widget-carousel");
    await expect.poll(() => carousel.locator(".carousel-card").count()).toBe(3);
    await expect
      .poll(() =>
        carousel
          .locator("img.thumb")
          .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth === 200).length),
      )
      .toBe(3);
    expect(await carousel.innerText()).toMatch(/approved[\s\S]*proposed|proposed[\s\S]*approved/);
    await shot(carousel, "carousel");
  });

  it("review: preview, Approve, confirm, approved", async () => {
    const carousel = (
      await slash(admin, "library.search", () => admin.getByTestId("slash-field-query").fill("leaf"))
    ).getByTestId("widget-carousel");
    // the review card, and then its confirm card, are steps of the conversation below the carousel
    const steps = await admin.getByTestId("card-step").count();
    await carousel.getByRole("button", { name: "Review" }).click();
    const review = admin.getByTestId("card-step").nth(steps).getByTestId("widget-review");
    await expect
      .poll(() => review.locator("img.thumb").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(200);
    await shot(review, "review");
    await review.getByTestId("review-approve").click();
    await admin
      .getByTestId("card-step")
      .nth(steps + 1)
      .getByTestId("confirm-accept")
      .click();
    await expect.poll(() => review.locator(".widget-aside").first().innerText()).toBe("approved");
    // the carousel read its files again: no Review left on the approved one
    await expect.poll(() => carousel.getByRole("button", { name: "Review" }).count()).toBe(0);
    const leaf = assets.find((asset) => asset.name === "Logo leaf")!;
    expect((await db().asset.findUnique({ where: { id: leaf.id } }))?.status).toBe("approved");
  });

  it("choice: questions asked, listed, answered by clicking an option", async () => {
    const text = `What is your tagline (${randomUUID().slice(0, 6)})?`;
    // the questions as records (question, options one per line, scope), no JSON
    const asked = (
      await slash(admin, "questions.ask", async () => {
        await admin.getByTestId("slash-field-questions-0-question").fill(text);
        await admin
          .getByTestId("slash-field-questions-0-options")
          .fill("Roasted this week\nFrom our growers to your cup");
        await admin.getByTestId("slash-field-questions-0-scope").selectOption("genome");
      })
    ).getByTestId("widget-choice");
    await expect.poll(() => asked.innerText()).toContain(text);
    const listed = (await slash(admin, "questions.list")).getByTestId("widget-choice");
    await expect.poll(() => listed.locator(".question").count()).toBeGreaterThan(0);
    await shot(listed, "choice");
    const steps = await admin.getByTestId("card-step").count();
    await listed.getByRole("button", { name: "Roasted this week" }).click();
    // the answer is the conversation's next step; the list reads its open questions again
    await expect
      .poll(() =>
        admin
          .getByTestId("card-step")
          .nth(steps)
          .innerText()
          .catch(() => ""),
      )
      .toContain("Answered: “Roasted this week”");
    await expect.poll(() => listed.innerText()).not.toContain(text);
    const question = await db().question.findFirst({ where: { brandId: brand.id, question: text } });
    expect(question?.status).toBe("answered");
    expect(question?.answer).toBe("Roasted this week");
    await shot(listed, "choice-answered");
  });

  it("file_request: picks a PNG, shows progress, completes as proposed", async () => {
    const widget = (await slash(admin, "library.upload.create")).getByTestId("widget-file_request");
    await shot(widget, "file_request-pick");
    // a slow uplink (Chromium's network emulation), so the progress bar can be seen moving
    const cdp = await admin.context().newCDPSession(admin);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 30_000,
    });
    const bytes = png(240, [180, 83, 9], true);
    expect(bytes.length).toBeGreaterThan(60_000);
    await widget.getByTestId("file-category").selectOption("logo");
    await widget.getByTestId("file-input").setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: bytes });
    const progress = widget.getByTestId("upload-progress");
    await expect
      .poll(() => progress.evaluate((bar: HTMLProgressElement) => bar.value).catch(() => 0), { timeout: 10_000 })
      .toBeGreaterThan(5);
    expect(await progress.evaluate((bar: HTMLProgressElement) => bar.value)).toBeLessThan(100);
    await shot(widget, "file_request-progress");
    await expect.poll(() => widget.getByTestId("upload-done").isVisible(), { timeout: 20_000 }).toBe(true);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    const asset = await db().asset.findFirst({ where: { brandId: brand.id, name: "badge.png" } });
    expect(asset?.status).toBe("proposed");
    expect(asset?.category).toBe("logo");
    expect(Number(asset?.sizeBytes)).toBe(bytes.length);
    await shot(widget, "file_request");
  }, 60_000);

  it("file_request: Cancel stops the bytes; nothing is added to the library", async () => {
    const widget = (await slash(admin, "library.upload.create")).getByTestId("widget-file_request");
    const cdp = await admin.context().newCDPSession(admin);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 20_000,
    });
    const bytes = png(240, [9, 83, 180], true);
    await widget.getByTestId("file-input").setInputFiles({ name: "stopped.png", mimeType: "image/png", buffer: bytes });
    await widget.getByTestId("upload-cancel").click();
    await widget.getByTestId("upload-cancelled").waitFor();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    // the person can pick again at once; the cancelled file never became an asset
    expect(await widget.getByTestId("file-input").count()).toBe(1);
    await admin.waitForTimeout(500);
    expect(await db().asset.count({ where: { brandId: brand.id, name: "stopped.png" } })).toBe(0);
    await shot(widget, "file_request-cancelled");
  }, 60_000);

  it("action_link: connections.connect's link, clicked by the person who asked, goes through the provider and back to a page saying it is connected", async () => {
    const widget = (
      await slash(
        admin,
        "connections.connect",
        async () => void (await admin.getByTestId("slash-field-provider").selectOption({ label: "Mock Social" })),
      )
    ).getByTestId("widget-action_link");
    const link = widget.getByTestId("action-link-open");
    // the link leads to this service first, which checks who opened it, then to the provider
    expect((await link.getAttribute("href"))!.startsWith(`${server.url}/api/connections/start?state=`)).toBe(true);
    expect(await link.getAttribute("target")).toBe("_blank");
    await shot(widget, "action_link");
    // the mock provider signs nobody in: it sends the browser straight back to our callback (the
    // page's origin guard aborts requests, but redirects are the browser's and go on)
    const [tab] = await Promise.all([admin.context().waitForEvent("page"), link.click()]);
    await tab.waitForURL((url) => url.pathname === "/api/connections/callback", { timeout: 15_000 });
    expect(await tab.locator("h1").innerText()).toBe("Mock Social is connected");
    await tab.close();
  });

  it("a connection link asked for with an API key: anyone else signed in is told it is not theirs; a browser without a sign-in signs in as the key's owner, then connects", async () => {
    const { authorizationUrl } = await api("connections.connect", adminKey, { provider: "mocksocial" });
    const viewer = await signedInPage(people.viewer);
    await viewer.goto(authorizationUrl);
    expect(await viewer.locator("h1").innerText()).toBe("This link belongs to someone else");
    expect(await viewer.locator("p").innerText()).toContain(people.viewer.email);
    await screenshot(viewer, "connection-link-not-yours");
    await viewer.context().close();

    const { context, page } = await newPage(browser, server.url);
    await page.goto(authorizationUrl);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await page.getByTestId("sign-in-email").fill(people.admin.email);
    await page.getByTestId("sign-in-password").fill(people.admin.password);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => url.pathname === "/api/connections/callback", { timeout: 15_000 });
    expect(await page.locator("h1").innerText()).toBe("Mock Social is connected");
    await screenshot(page, "connection-connected");
    await context.close();
  }, 60_000);

  it("fallback: the brand voice as readable text", async () => {
    const widget = (await slash(admin, "brand.soul.read")).getByTestId("widget-fallback");
    await expect.poll(() => widget.innerText()).toContain("friend at the counter");
    expect(await widget.locator("h4").allInnerTexts()).toEqual(
      expect.arrayContaining(["Voice", "Guardrails", "Vocabulary", "Archetypes"]),
    );
    expect(await widget.innerText()).not.toContain("{");
    await shot(widget, "fallback");
  });

  it("a refused run keeps the form and what was typed, with the error in words: a viewer's file picker, a wrong colour code", async () => {
    const viewer = await signedInPage(people.viewer);
    const results = await viewer.getByTestId("slash-result").count();
    await viewer.getByTestId("chat-input").fill("/library.asset.get");
    await viewer.getByTestId("slash-item-library.asset.get").click();
    // files are picked by name, and only those the viewer may see: the proposed one is not offered
    const picker = viewer.getByTestId("slash-field-assetId");
    await expect.poll(() => picker.locator("option").count()).toBeGreaterThan(1);
    const offered = await picker.locator("option").allInnerTexts();
    expect(offered.some((label) => label.includes("Logo night"))).toBe(false);
    expect(offered.filter((label) => label.includes("(approved)")).length).toBe(offered.length - 1);
    // run with nothing chosen: the error names the field in words, the form stays
    await viewer.getByTestId("slash-run").click();
    await expect.poll(() => viewer.getByTestId("slash-error").innerText()).toMatch(/file/i);
    expect(await viewer.getByTestId("slash-result").count()).toBe(results);
    // the palette lives in the message box, which shot() hides: the page's view instead
    await screenshot(viewer, "error", { fullPage: false });

    await admin.getByTestId("chat-input").fill("/kit.colors.add");
    await admin.getByTestId("slash-item-kit.colors.add").click();
    // the form takes the focus, and its labels are the words errors use
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("slash-field-name");
    expect(await admin.getByTestId("slash-palette").innerText()).toContain("Colour code");
    await admin.getByTestId("slash-field-name").fill("Bad");
    // Enter in a one-line field moves on; it does not run a half-filled form
    await admin.getByTestId("slash-field-name").press("Enter");
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("slash-field-hex");
    expect(await admin.getByTestId("slash-error").count()).toBe(0);
    await admin.getByTestId("slash-field-hex").fill("zz");
    await admin.getByTestId("slash-run").click();
    await expect.poll(() => admin.getByTestId("slash-error").innerText()).toContain("The colour code isn't right.");
    expect(await admin.getByTestId("slash-field-name").inputValue()).toBe("Bad");
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("slash-field-hex");
    await screenshot(admin, "error-invalid-input", { fullPage: false });
    // fixed in place, it runs: the confirm card joins the conversation
    const before = await admin.getByTestId("slash-result").count();
    await admin.getByTestId("slash-field-hex").fill("#a1b2c3");
    await admin.getByTestId("slash-run").click();
    await expect.poll(() => admin.getByTestId("slash-result").count()).toBe(before + 1);
    await expect
      .poll(() => admin.getByTestId("slash-result").last().getByTestId("widget-confirm").innerText())
      .toContain("#A1B2C3");
    await admin.getByTestId("slash-result").last().getByTestId("confirm-cancel").click();
    await viewer.context().close();
  });
});

describe("the chat with a model: tool parts through the same widgets", () => {
  // what the scripted model does for each person's message; after a tool result it says one line
  beforeAll(() => {
    model.setScript((request) => {
      const last = lastMessage(request);
      if (last?.role === "tool") return { text: "There you are." };
      const text = textOf(last);
      if (text === "Show me the kit") return { toolCalls: [{ name: "kit_read", arguments: { parts: ["colors"] } }] };
      if (text === "Add Dusk to the kit")
        return {
          toolCalls: [{ name: "kit_colors_add", arguments: { name: "Dusk", hex: "#4b3f72", role: "secondary" } }],
        };
      if (text === "Confirmed.") return { text: "Dusk is in the kit now." };
      return { text: "I can help with that." };
    });
  });

  it("renders a tool's output with its widget inside the assistant's message, with the model's text", async () => {
    expect(await admin.getByTestId("model-missing").count()).toBe(0);
    await admin.getByTestId("chat-input").fill("Show me the kit");
    await admin.getByTestId("chat-send").click();
    const reply = admin.getByTestId("message-assistant").last();
    await expect
      .poll(() => reply.getByTestId("widget-palette").locator('tr[data-hex="#3B2418"]').count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => reply.innerText()).toContain("There you are.");
    expect(await admin.getByTestId("message-user").last().innerText()).toBe("Show me the kit");
    await shot(reply, "chat-tool-palette");
  });

  it("a model's write waits in the confirm widget; Confirm runs it and tells the model 'Confirmed.'", async () => {
    await admin.getByTestId("chat-input").fill("Add Dusk to the kit");
    await admin.getByTestId("chat-input").press("Enter");
    // not .last() message: the model's answer to "Confirmed." becomes the last one
    const confirm = admin.getByTestId("message-assistant").getByTestId("widget-confirm").last();
    await expect.poll(() => confirm.innerText(), { timeout: 15_000 }).toContain('Add the colour "Dusk" (#4B3F72)');
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#4B3F72" } })).toBe(0);
    await confirm.getByTestId("confirm-accept").click();
    await expect
      .poll(() => confirm.getByTestId("widget-palette").locator('tr[data-hex="#4B3F72"]').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await db().kitColor.count({ where: { brandId: brand.id, hex: "#4B3F72" } })).toBe(1);
    await expect.poll(() => admin.getByTestId("message-user").last().innerText()).toBe("Confirmed.");
    await expect
      .poll(() => admin.getByTestId("message-assistant").last().innerText(), { timeout: 15_000 })
      .toContain("Dusk is in the kit now.");
    await screenshot(admin, "chat-confirm", { fullPage: false });
  });

  it("a spent AI budget is said in words, and slash commands still work", async () => {
    const month = new Date().toISOString().slice(0, 7);
    await db().aiUsage.upsert({
      where: { brandId_month: { brandId: brand.id, month } },
      create: { brandId: brand.id, month, tokens: 10_000_000 },
      update: { tokens: 10_000_000 },
    });
    await admin.getByTestId("chat-input").fill("Anything new?");
    await admin.getByTestId("chat-send").click();
    await expect
      .poll(() => admin.getByTestId("budget-exceeded").innerText(), { timeout: 15_000 })
      .toContain("slash commands keep working");
    await shot(admin.getByTestId("budget-exceeded"), "budget-exceeded");
    const palette = (await slash(admin, "kit.read")).getByTestId("widget-palette");
    await expect.poll(() => palette.locator("tbody tr").count()).toBeGreaterThan(3);
  });
});
