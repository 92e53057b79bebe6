// MCP Apps in a real host in the browser: e2e/support/apps-host.ts (the official MCP client v2 and
// ext-apps' AppBridge, bundled by support/apps-host-page.ts) on a page of its own origin, whose
// backend forwards /mcp to the door with the key. Debian's Chromium renders each view in a
// sandboxed iframe with the CSP the view declares; the test reads what a person sees in it and
// clicks as a person would. The same host talking to the door across origins: mcp-apps-cors.test.ts.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Server } from "node:http";
import { db } from "../lib/db/client";
import { bytes, uploadApproved } from "../test/support/files";
import { makeQuestion } from "../test/support/records";
import { call, confirmAndCall, expectOk, makeWorld } from "../test/support/world";
import { bundleHost, closeAll, host, serveHostPage, view, type Run } from "./support/apps-host-page";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { layoutProblems } from "./support/layout";

const baseUrl = inject("baseUrl");
let browser: Browser;
let hostScript: string;
const servers: Server[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  hostScript = await bundleHost();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  closeAll(servers);
});

async function openHost(key: string, viewport = { width: 1280, height: 900 }, dark = false): Promise<Page> {
  const url = await serveHostPage(hostScript, servers, { proxyTo: { url: `${baseUrl}/api/mcp`, key } });
  const { page } = await newPage(browser, url, { viewport });
  // the views load signed file URLs (declared in their CSP): the service's, or the S3 endpoint's
  for (const files of [baseUrl, inject("testEnv").S3_ENDPOINT].filter(Boolean))
    await page.context().route(`${new URL(files!).origin}/**`, (route) => route.continue());
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  await page.goto("/");
  if (dark) await page.evaluate(() => document.body.classList.add("dark"));
  return page;
}

async function seedWorld() {
  const world = await makeWorld();
  const brand = world.brand.shortId;
  await confirmAndCall("kit.colors.add", world.admin.key, { brand, name: "Espresso", hex: "#3B2416", role: "primary" });
  await confirmAndCall("kit.colors.add", world.admin.key, { brand, name: "Crema", hex: "#F2E3C6", role: "secondary" });
  const logo = await uploadApproved(
    { key: world.admin.key, brand },
    { fileName: "crema-logo.png", mimeType: "image/png", body: bytes.png(), category: "logo", name: "Crema logo" },
  );
  await uploadApproved(
    { key: world.admin.key, brand },
    { fileName: "menu.pdf", mimeType: "application/pdf", body: bytes.pdf(), category: "print", name: "Winter menu" },
  );
  return { world, brand, logo };
}

describe("MCP Apps views in a browser host (AppBridge, Chromium)", () => {
  it("palette and carousel show what a person needs; the confirm view writes once on Confirm, never on a replay or Cancel", async () => {
    const { world, brand, logo } = await seedWorld();
    const page = await openHost(world.admin.key);
    const names = await host<string[]>(page, (h) => h.start());
    expect(names).toContain("kit_read");
    expect(names).toContain("confirmation_decide");

    const palette = (await view(page, "kit_read", { brand })).frame;
    await palette.getByTestId("widget-palette").waitFor();
    await expect.poll(() => palette.locator("tr[data-hex]").count()).toBe(2);
    expect(await palette.locator('tr[data-hex="#3B2416"]').textContent()).toMatch(
      /Espresso.*#3B2416.*Primary.*:1.*(AAA|AA)/,
    );
    expect(await palette.locator('tr[data-hex="#F2E3C6"] .badge').allTextContents()).toContain("below AA");

    const carousel = (await view(page, "library_search", { brand })).frame;
    await carousel.getByTestId("widget-carousel").waitFor();
    await carousel.getByTestId(`asset-${logo}`).waitFor();
    expect(await carousel.locator(".carousel-card").count()).toBe(2);
    // the image's signed URL was asked for through the host (library_asset_get) and loads in the frame
    await expect
      .poll(() =>
        carousel
          .locator(`[data-testid="asset-${logo}"] img`)
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await carousel.getByTestId(`asset-${logo}`).getByTestId("asset-details").click();
    await carousel.getByTestId("widget-record").waitFor();
    await screenshot(page, "mcp-apps-palette-carousel");
    // paging on in the view: the next page through the host
    const paged = (await view(page, "library_search", { brand, limit: 1 })).frame;
    // the next page goes through the host to the server and back: on a loaded machine more than the
    // poll's default second (the full suite met it), so each wait is the suite's usual 15 s
    await expect.poll(() => paged.locator(".carousel-card").count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => paged.getByTestId("next-page").isEnabled(), { timeout: 15_000 }).toBe(true);
    await paged.getByTestId("next-page").click();
    // the second card, or the refusal the view shows instead, named (a distributed run once saw
    // neither within 15 s: if it recurs, this says whether the call failed or never came back)
    await expect
      .poll(
        async () => {
          const refusal = paged.locator(".widget-more [role=alert]");
          if ((await refusal.count()) > 0) return `refused: ${await refusal.first().innerText()}`;
          const cards = await paged.locator(".carousel-card").count();
          const button = paged.getByTestId("next-page");
          const label =
            (await button.count()) > 0 ? await button.innerText({ timeout: 1_000 }).catch(() => "gone") : "gone";
          return `${cards} cards, button: ${label}`;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^2 cards/);
    await expect.poll(() => paged.getByTestId("next-page").count(), { timeout: 15_000 }).toBe(0);
    // copying a HEX says whether it worked (a sandboxed frame may refuse the clipboard)
    await palette.getByTestId("copy-#3B2416").click();
    await expect.poll(() => palette.getByTestId("copy-#3B2416").textContent()).toMatch(/^(Copied|Select it)$/);

    // a confirmed write: the summary in the view, Confirm there, one write
    const hex = "#0A9396";
    const { frame: confirm, run } = await view(page, "kit_colors_add", { brand, name: "Teal", hex, role: "accent" });
    expect(run.result.structuredContent.error.code).toBe("confirmation_required");
    await confirm.getByTestId("widget-confirm").waitFor();
    expect(await confirm.locator(".confirm-summary").textContent()).toContain(hex);
    await screenshot(page, "mcp-apps-confirm");
    await confirm.getByTestId("confirm-accept").click();
    await confirm.locator('tr[data-hex="#0A9396"]').waitFor();
    const colors = () => db().kitColor.count({ where: { brandId: world.brand.id, hex } });
    expect(await colors()).toBe(1);
    const read = expectOk(await call("kit.read", world.admin.key, { brand, parts: ["colors"] }));
    expect(read.colors.map((c: { hex: string }) => c.hex)).toContain(hex);
    // the handle replayed (as a host or a script could): the stored outcome, no second write
    const handle = run.result._meta!["brand-operations/pending"].pendingId as string;
    const replay = await host<Run["result"]>(
      page,
      (h, id) => h.callRaw("confirmation_decide", { pendingId: id, decision: "confirm" }),
      handle,
    );
    expect(replay.structuredContent.outcome.status).toBe("ok");
    expect(await colors()).toBe(1);

    // Cancel: the view says so, nothing is written
    const other = "#AE2012";
    const { frame: declined } = await view(page, "kit_colors_add", { brand, name: "Rust", hex: other, role: "accent" });
    await declined.getByTestId("confirm-cancel").click();
    await declined.getByTestId("confirm-declined").waitFor();
    expect(await db().kitColor.count({ where: { brandId: world.brand.id, hex: other } })).toBe(0);
    // the last two views in the window (a full-page capture leaves frames outside it unpainted)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, "mcp-apps-1280-light", { fullPage: false });

    // the choice view answers a question through the host
    const questionId = await makeQuestion(world.brand.id);
    const choice = (await view(page, "questions_list", { brand })).frame;
    await choice.getByTestId(`question-${questionId}`).getByRole("button", { name: "B", exact: true }).click();
    await choice.getByTestId("question-answered").waitFor();
    expect(await db().question.findUnique({ where: { id: questionId }, select: { status: true } })).toMatchObject({
      status: "answered",
    });

    // nothing the model was handed holds a token or a handle
    const seen = await host<{ model: unknown[]; view: Run["result"][] }>(page, async (h) => h.seen);
    const modelSaw = JSON.stringify(seen.model);
    const handles = (
      await db().pendingCall.findMany({ where: { userId: world.admin.id, door: "mcp" }, select: { id: true } })
    ).map((row) => row.id);
    expect(handles.length).toBe(2);
    for (const id of handles) expect(modelSaw).not.toContain(id);
    expect(modelSaw).not.toMatch(/bct_[A-Za-z0-9]{8,}/);
    expect(seen.view.length).toBeGreaterThan(0);
  }, 120_000);

  it("follows the host: dark theme, its style variables, a 360 px phone, and a host that sends no styles", async () => {
    const { world, brand } = await seedWorld();
    const page = await openHost(world.admin.key, { width: 360, height: 800 }, true);
    await host(page, (h) => h.start());
    const palette = (await view(page, "kit_read", { brand }, "dark")).frame;
    await palette.locator("tr[data-hex]").first().waitFor();
    expect(await palette.locator("html").getAttribute("data-theme")).toBe("dark");
    const background = await palette.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(background).toBe("rgb(29, 30, 36)"); // --surface of the dark palette
    // nothing wider than the phone's frame
    expect(await palette.locator("html").evaluate((html) => html.scrollWidth <= html.clientWidth + 1)).toBe(true);
    const { frame: confirm } = await view(
      page,
      "kit_colors_add",
      { brand, name: "Night", hex: "#001219", role: "accent" },
      "dark",
    );
    await confirm.getByTestId("confirm-accept").waitFor();
    await screenshot(page, "mcp-apps-360-dark");

    // a host's own style variables stand in for ours
    const styled = (
      await view(page, "kit_read", { brand }, "light", {
        "--color-background-primary": "rgb(250, 240, 230)",
        "--color-text-primary": "rgb(20, 30, 40)",
      })
    ).frame;
    await styled.locator("tr[data-hex]").first().waitFor();
    expect(await styled.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor)).toBe(
      "rgb(250, 240, 230)",
    );
    expect(await styled.locator("body").evaluate((body) => getComputedStyle(body).color)).toBe("rgb(20, 30, 40)");

    const light = await openHost(world.admin.key, { width: 360, height: 800 });
    await host(light, (h) => h.start());
    const plain = (await view(light, "library_search", { brand })).frame;
    await plain.locator(".carousel-card").first().waitFor();
    expect(await plain.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor)).toBe(
      "rgb(255, 255, 255)",
    );
    await screenshot(light, "mcp-apps-360-light");
    const wide = await openHost(world.admin.key, { width: 1280, height: 900 }, true);
    await host(wide, (h) => h.start());
    await (await view(wide, "kit_read", { brand }, "dark")).frame.locator("tr[data-hex]").first().waitFor();
    await screenshot(wide, "mcp-apps-1280-dark");
  }, 120_000);

  // every element of every view measured (support/layout.ts): nothing cut off, no control under
  // 24×24 px; the palette's six columns become one card per colour, every value on screen
  it("from 320 px up, light and dark: nothing in a view is cut off, and at 400 px every column of the palette is visible", async () => {
    const { world, brand } = await seedWorld();
    for (const dark of [false, true]) {
      for (const width of [320, 360, 400]) {
        const page = await openHost(world.admin.key, { width, height: 900 }, dark);
        await host(page, (h) => h.start());
        const theme = dark ? "dark" : "light";
        const palette = (await view(page, "kit_read", { brand }, theme)).frame;
        await palette.locator("tr[data-hex]").first().waitFor();
        expect(await palette.locator("tr[data-hex]").count()).toBe(2);
        const carousel = (await view(page, "library_search", { brand }, theme)).frame;
        await carousel.locator(".carousel-card").first().waitFor();
        const confirm = (
          await view(page, "kit_colors_add", { brand, name: "Night", hex: "#001219", role: "accent" }, theme)
        ).frame;
        await confirm.getByTestId("confirm-accept").waitFor();
        for (const [name, frame] of Object.entries({ palette, carousel, confirm })) {
          const found = await layoutProblems(frame.locator("html"));
          expect({ name, width, theme, ...found }).toEqual({ name, width, theme, clipped: [], small: [], faint: [] });
        }
        // each colour's values, "On black" included, and its Edit / Remove (an admin's),
        // inside the frame and not hidden
        const cells = await palette.locator("tr[data-hex] td").evaluateAll((tds) =>
          tds.map((td) => ({
            text: (td as HTMLElement).innerText,
            right: td.getBoundingClientRect().right,
            shown: td.checkVisibility(),
            within: td.ownerDocument.documentElement.clientWidth,
          })),
        );
        expect(cells.length).toBe(14);
        expect(cells.filter((cell) => /Edit/.test(cell.text) && /Remove/.test(cell.text)).length).toBe(2);
        for (const cell of cells)
          expect(cell.shown && cell.right <= cell.within + 0.5, `${cell.text} at ${width} px`).toBe(true);
        expect(cells.filter((cell) => /:1/.test(cell.text)).length).toBe(4);
        if (width === 400 && !dark) await screenshot(page, "mcp-apps-400", { fullPage: false });
        await page.context().close();
      }
    }
  }, 240_000);
});
