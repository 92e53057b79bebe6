// MCP OAuth with mcp-remote, the stdio proxy people put in Claude Desktop and other local hosts:
// the host (the official SDK client over stdio) starts `mcp-remote <APP_URL>/api/mcp`; mcp-remote
// discovers, registers itself and prints the authorization URL (where a desktop would open the
// browser); Debian's Chromium signs in and consents on the real pages and lands on mcp-remote's
// own loopback callback; the host then lists tools and calls them through the proxy. A second
// start finds the stored tokens and connects with no browser at all.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, type Person } from "./support/people";
import { otherLoopbackUrl } from "../test/support/world";

const baseUrl = inject("baseUrl");
const PROXY = path.resolve("node_modules/mcp-remote/dist/proxy.js");
let browser: Browser;
let configDir: string;
const running: Client[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  configDir = mkdtempSync(path.join(tmpdir(), "brand-ops-mcp-remote-"));
});
afterAll(async () => {
  await Promise.all(running.map((client) => client.close().catch(() => undefined)));
  await browser?.close();
  rmSync(configDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Proxy = { client: Client; connected: Promise<void>; authorizationUrl: Promise<URL>; log: () => string };

/** A host starting mcp-remote for `server`; the client answers every confirmation (elicitation) with Accept. */
function startProxy(callbackPort: number, server = baseUrl): Proxy {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PROXY, `${server}/api/mcp`, String(callbackPort), "--transport", "http-only"],
    // tokens and the registration live here, as in ~/.mcp-auth; BROWSER=true: no desktop browser is
    // opened, the test's Chromium follows the printed URL instead
    env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: "true", DISPLAY: "" } as Record<string, string>,
    stderr: "pipe",
  });
  let output = "";
  const authorizationUrl = new Promise<URL>((resolve) => {
    transport.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Please authorize this client by visiting:\s*(\S+)/.exec(output);
      if (match) resolve(new URL(match[1]!));
    });
  });
  const client = new Client(
    { name: "desktop-host", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept" }));
  running.push(client);
  return { client, connected: client.connect(transport, { timeout: 90_000 }), authorizationUrl, log: () => output };
}

/** The person's part in Chromium: signs in, consents to everything, lands on mcp-remote's callback. */
async function signInAndConsent(
  url: URL,
  callbackPort: number,
  person: Person,
  shot = "mcp-remote-callback",
): Promise<void> {
  const { page } = await newPage(browser, baseUrl);
  // the page may leave for mcp-remote's loopback callback (newPage blocks other origins)
  await page
    .context()
    .route(`${new URL(url.searchParams.get("redirect_uri")!).origin}/**`, (route) => route.continue());
  await page.goto(url.toString());
  await page.getByTestId("sign-in-email").fill(person.email);
  await page.getByTestId("sign-in-password").fill(person.password);
  await page.getByTestId("sign-in-submit").click();
  await page.locator('[data-testid="consent-form"][data-ready="true"]').waitFor();
  expect(await page.getByTestId("consent-client-name").textContent()).toMatch(/MCP/i);
  await page.getByTestId("consent-preset-all").click();
  // the app's writes are confirmed in its own dialog (the choice "The app"), so the proxied write
  // below completes in the call; by default they would wait for the person in Brand Operations
  await page.getByTestId("consent-confirm-by-caller").check();
  await page.getByTestId("consent-allow").click();
  // the browser lands on mcp-remote's own callback page
  await page.waitForURL((landed) => landed.port === String(callbackPort), { timeout: 30_000 });
  await screenshot(page, shot);
}

describe("MCP OAuth: mcp-remote", () => {
  it("signs in through the browser once, proxies tools and confirmed writes, and reconnects from its stored tokens", async () => {
    const brand = await createTestBrand("Remote Bakery");
    const person = await createPerson({ name: "Remo Proxy", brands: { [brand.shortId]: "admin" } });
    const callbackPort = await freePort();

    const first = startProxy(callbackPort);
    const url = await Promise.race([
      first.authorizationUrl,
      first.connected.then(() => {
        throw new Error("connected without authorization");
      }),
    ]);
    expect(url.origin + url.pathname).toBe(`${baseUrl}/api/auth/oauth2/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(`${baseUrl}/api/mcp`);
    expect(new URL(url.searchParams.get("redirect_uri")!).port).toBe(String(callbackPort));

    await signInAndConsent(url, callbackPort, person);
    await first.connected.catch((error) => {
      throw new Error(`${error}\nmcp-remote said:\n${first.log()}`);
    });

    const tools = (await first.client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("kit_read");
    expect(tools).toContain("kit_colors_add");
    const read = (await first.client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toHaveProperty("colors");
    const hex = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, "0")
      .toUpperCase()}`;
    const write = (await first.client.callTool({
      name: "kit_colors_add",
      arguments: { brand: brand.shortId, name: "Proxy Teal", hex, role: "accent" },
    })) as { isError?: boolean; structuredContent?: unknown };
    expect(write.isError, JSON.stringify(write.structuredContent)).toBeFalsy();
    const audit = await db().auditEntry.findFirst({
      where: { capabilityId: "kit.colors.add", userId: person.id, outcome: "ok" },
    });
    expect(audit?.door).toBe("mcp");
    expect(audit?.appClientId).toBeTruthy();
    await first.client.close();

    // the next start of the host: stored tokens, no authorization URL, tools at once
    const second = startProxy(await freePort());
    await second.connected;
    expect(second.log()).not.toContain("Please authorize this client");
    const again = (await second.client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as {
      isError?: boolean;
    };
    expect(again.isError).toBeFalsy();
    expect(await db().appGrant.count({ where: { userId: person.id } })).toBe(1);
    await second.client.close();
  }, 180_000);

  it("signs in through the server's other loopback name: the metadata there names that name's resource", async () => {
    const brand = await createTestBrand("Remote Localhost");
    const person = await createPerson({ name: "Remo Local", brands: { [brand.shortId]: "admin" } });
    const callbackPort = await freePort();
    // configured with localhost while APP_URL names 127.0.0.1 (mcp-remote 0.15 aborted here before:
    // "Protected resource … does not match expected …")
    const other = otherLoopbackUrl();
    const proxy = startProxy(callbackPort, other);
    const url = await Promise.race([
      proxy.authorizationUrl,
      proxy.connected.then(
        () => {
          throw new Error("connected without authorization");
        },
        (error) => {
          throw new Error(`${error}\nmcp-remote said:\n${proxy.log()}`);
        },
      ),
    ]);
    expect(url.origin + url.pathname).toBe(`${baseUrl}/api/auth/oauth2/authorize`);
    expect(url.searchParams.get("resource")).toBe(`${other}/api/mcp`);
    await signInAndConsent(url, callbackPort, person, "mcp-remote-callback-localhost");
    await proxy.connected.catch((error) => {
      throw new Error(`${error}\nmcp-remote said:\n${proxy.log()}`);
    });
    const read = (await proxy.client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toHaveProperty("colors");
    await proxy.client.close();
  }, 180_000);
});
