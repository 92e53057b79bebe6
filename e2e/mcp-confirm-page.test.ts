// The confirm page an MCP client sends its person to (URL-mode elicitation, lib/mcp/confirm-page.ts),
// in Debian's Chromium on a 360 px phone: the link leads through sign-in back to the page, which
// shows the change in words with Confirm and Cancel; Confirm completes the client's waiting call
// with the write, and the page shows the result. Nothing runs off the screen; axe finds nothing
// serious or critical.
import AxeBuilder from "@axe-core/playwright";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { createKey } from "../lib/admin/commands";
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

describe("the MCP confirm page", () => {
  it("a URL-mode client's person confirms on their phone, and the client's call completes with the write", async () => {
    const brand = await createTestBrand("Confirm Page Brand");
    const person = await createPerson({ name: "Pat Phone", brands: { [brand.shortId]: "admin" } });
    const { key } = await createKey(db(), { email: person.email, scopes: "all" });
    const { page, blocked } = await newPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    const opened: Promise<void>[] = [];

    const client = new Client(
      { name: "url-mode-e2e", version: "1.0.0" },
      { capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const { url } = request.params as { url: string };
      // the person follows the link in their browser, signs in, and confirms there
      opened.push(
        (async () => {
          const path = new URL(url).pathname;
          await signIn(page, person.email, person.password, path);
          await page.getByTestId("confirm-accept").waitFor();
          expect(await page.textContent("main")).toContain("Phone Teal");
          await screenshot(page, "mcp-confirm-page-360");
          const { violations } = await new AxeBuilder({ page: page as never })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
            .analyze();
          expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
            [],
          );
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          await page.getByTestId("confirm-accept").click();
          await page.getByText("Done", { exact: true }).first().waitFor({ timeout: 20_000 });
          await screenshot(page, "mcp-confirm-page-360-done");
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        })(),
      );
      return { action: "accept" };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    const result = (await client.callTool(
      {
        name: "kit_colors_add",
        arguments: { brand: brand.shortId, name: "Phone Teal", hex: "#0A7E8C", role: "accent" },
      },
      undefined,
      { timeout: 60_000 },
    )) as { isError?: boolean; structuredContent?: { ok?: boolean } };
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
    expect(result.structuredContent?.ok).toBe(true);
    await Promise.all(opened);
    expect(blocked).toEqual([]);
    await client.close();
  }, 90_000);
});
