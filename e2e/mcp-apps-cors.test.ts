// A browser MCP host on another origin, as ext-apps' basic-host is built: AppBridge and the MCP
// client (v2) in the page, no backend of its own in between. The page, at http://localhost:<its
// port>, talks to `${baseUrl}/api/mcp` (http://127.0.0.1:<the service's port>) with the key in an
// Authorization header, so Chromium makes real CORS requests with preflights (Playwright does not
// intercept here: it would answer the preflights itself). A person confirms a write in the view,
// and it happens exactly once. The same page against a relay that drops the CORS headers cannot
// even connect: the door's CORS (lib/mcp/cors.ts) is what makes the first case work.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { call, expectOk, makeWorld } from "../test/support/world";
import { bundleHost, closeAll, host, serveHostPage, view } from "./support/apps-host-page";
import { launchBrowser, newPage, screenshot } from "./support/browser";

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

/** The host's page on its own origin, and the URLs Chromium sent a CORS preflight to (from its DevTools protocol). */
async function openHostElsewhere(): Promise<{ page: Page; preflights: string[] }> {
  const url = await serveHostPage(hostScript, servers, { name: "localhost" });
  const { page } = await newPage(browser, url, { intercept: false });
  const preflights: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  devtools.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Preflight" || event.initiator.type === "preflight") preflights.push(event.request.url);
  });
  await devtools.send("Network.enable");
  await page.goto("/");
  expect(await page.evaluate(() => location.origin)).not.toBe(new URL(baseUrl).origin);
  return { page, preflights };
}

/** A relay to the service that passes everything but the CORS headers; records the methods it saw. */
async function relayWithoutCors(): Promise<{ url: string; methods: string[] }> {
  const methods: string[] = [];
  const server = createServer((incoming, outgoing) => {
    methods.push(incoming.method!);
    const { host: _host, ...headers } = incoming.headers;
    const forwarded = httpRequest(new URL(incoming.url!, baseUrl), { method: incoming.method, headers }, (answer) => {
      const kept = Object.entries(answer.headers).filter(([name]) => !name.startsWith("access-control-"));
      outgoing.writeHead(answer.statusCode!, Object.fromEntries(kept));
      answer.pipe(outgoing);
    });
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, methods };
}

describe("a browser MCP host on another origin (CORS, no same-origin proxy)", () => {
  it("connects to /api/mcp itself, renders the confirm view, and writes once on Confirm there", async () => {
    const world = await makeWorld();
    const brand = world.brand.shortId;
    const { page, preflights } = await openHostElsewhere();
    const endpoint = { url: `${baseUrl}/api/mcp`, headers: { Authorization: `Bearer ${world.admin.key}` } };
    // a failure comes back as its message (a browser's stack would not map to a source here)
    const names = await host<string[] | string>(
      page,
      (h, a) => h.start(a).catch((error: unknown) => String(error)),
      endpoint,
    );
    expect(names).toContain("kit_colors_add");
    // the Authorization header made the browser ask first: a real cross-origin request
    expect(preflights).toContain(endpoint.url);

    const hex = "#94D2BD";
    const { frame: confirm, run } = await view(page, "kit_colors_add", { brand, name: "Seafoam", hex, role: "accent" });
    expect(run.result.structuredContent.error.code).toBe("confirmation_required");
    await confirm.getByTestId("widget-confirm").waitFor();
    expect(await confirm.locator(".confirm-summary").textContent()).toContain(hex);
    await confirm.getByTestId("confirm-accept").click();
    await confirm.locator(`tr[data-hex="${hex}"]`).waitFor();
    await screenshot(page, "mcp-apps-cross-origin-confirm");

    const read = expectOk(await call("kit.read", world.admin.key, { brand, parts: ["colors"] }));
    expect(read.colors.filter((color: { hex: string }) => color.hex === hex)).toHaveLength(1);
    expect(await db().kitColor.count({ where: { brandId: world.brand.id, hex } })).toBe(1);
  }, 120_000);

  it("the same page cannot connect through a relay that drops the CORS headers: the browser stops at the preflight", async () => {
    const world = await makeWorld();
    const relay = await relayWithoutCors();
    const { page, preflights } = await openHostElsewhere();
    const endpoint = { url: `${relay.url}/api/mcp`, headers: { Authorization: `Bearer ${world.admin.key}` } };
    const outcome = await host<string>(
      page,
      (h, a) =>
        h.start(a).then(
          () => "connected",
          (error: unknown) => String(error),
        ),
      endpoint,
    );
    expect(outcome).not.toBe("connected");
    expect(preflights).toContain(endpoint.url);
    // the door answered the preflight (the relay hid its CORS headers), and the POST never left the browser
    expect(relay.methods).toContain("OPTIONS");
    expect(relay.methods).not.toContain("POST");
  }, 60_000);
});
