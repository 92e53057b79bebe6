// "Security and access" in Debian's Chromium: create a key with a scope and a brand, read it from
// the page, use it once as an integration would, see it was used, revoke it, see it refused; choose
// who confirms a key's and an app's changes, on a laptop and on a 360 px phone.
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { layoutProblems } from "./support/layout";
import { createPerson, createTestBrand, signIn } from "./support/people";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const kitRead = (key: string, brand: string) =>
  fetch(`${baseUrl}/api/v1/kit.read`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ brand }),
  });

describe("settings: personal API keys in the browser", () => {
  it("creates, shows once, lists with last use, and revokes a key", async () => {
    const brand = await createTestBrand("Keyed Coffee");
    const elsewhere = await createTestBrand("Not Mine");
    const person = await createPerson({ name: "Key Keeper", brands: { [brand.shortId]: "viewer" } });
    const { page, blocked } = await newPage(browser, baseUrl, { clipboard: true });
    await signIn(page, person.email, person.password, "/settings");
    expect(await page.getByTestId("key-list-empty").isVisible()).toBe(true);
    // only the person's own brands are offered
    expect(await page.getByTestId(`key-create-brand-${brand.shortId}`).count()).toBe(1);
    expect(await page.getByTestId(`key-create-brand-${elsewhere.shortId}`).count()).toBe(0);

    await page.getByTestId("key-create-name").fill("Kit sync");
    await page.getByTestId("key-create-scope-kit.read").check();
    await page.getByTestId(`key-create-brand-${brand.shortId}`).check();
    await page.getByTestId("key-create-submit").click();
    await page.getByTestId("key-shown").waitFor();
    const key = (await page.getByTestId("key-shown").textContent())!.trim();
    expect(key).toMatch(/^bop_[0-9A-Za-z]{40}$/);
    expect(await page.getByText("it will not be shown again").isVisible()).toBe(true);
    await page.getByTestId("key-copy").click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const prefix = key.slice(0, 8);
    const row = page.getByTestId(`key-row-${prefix}`);
    await row.waitFor();
    expect(await row.textContent()).toContain("see brand kit");
    expect(await row.textContent()).toContain(brand.shortId);
    expect(await page.getByTestId(`key-last-used-${prefix}`).textContent()).toBe("never");
    await screenshot(page, "settings-key-shown");

    // used once, the way curl would
    const used = await kitRead(key, brand.shortId);
    expect(used.status).toBe(200);
    expect((await used.json()).ok).toBe(true);

    // the whole key is gone after a reload; its last use is listed
    await page.reload();
    expect(await page.getByTestId("key-shown").count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    expect(await page.getByTestId(`key-last-used-${prefix}`).textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(await page.getByTestId(`key-state-${prefix}`).textContent()).toBe("active");

    // revoke asks first; "Keep" changes nothing
    await page.getByTestId(`key-revoke-${prefix}`).click();
    await page.getByTestId(`key-revoke-cancel-${prefix}`).click();
    expect(await page.getByTestId(`key-state-${prefix}`).textContent()).toBe("active");
    await page.getByTestId(`key-revoke-${prefix}`).click();
    await page.getByTestId(`key-revoke-confirm-${prefix}`).click();
    await expect.poll(() => page.getByTestId(`key-state-${prefix}`).textContent()).toMatch(/^revoked /);
    expect(await page.getByTestId(`key-revoke-${prefix}`).count()).toBe(0);
    await screenshot(page, "settings-after-revoke");

    const refused = await kitRead(key, brand.shortId);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthenticated");
    expect(blocked).toEqual([]);
  });

  it("shows why a key cannot be created, naming the problem", async () => {
    const person = await createPerson();
    const { page } = await newPage(browser, baseUrl);
    await signIn(page, person.email, person.password, "/settings");
    await page.getByTestId("key-create-submit").click(); // no scope ticked
    await page.getByTestId("key-create-error").waitFor();
    // in words, not a field path ("scopes: at least 1 item")
    expect(await page.getByTestId("key-create-error").textContent()).toBe(
      "Tick at least one scope: what the key may do (or all).",
    );
    expect(await page.getByTestId("key-shown").count()).toBe(0);
  });

  it.each([
    ["laptop", { width: 1280, height: 800 }],
    ["phone", { width: 360, height: 740 }],
  ] as const)(
    "chooses who confirms a key's and an app's changes, and changes it in the list (%s)",
    async (size, viewport) => {
      const brand = await createTestBrand(`Confirm ${size}`);
      const person = await createPerson({ name: "Cora Confirm", brands: { [brand.shortId]: "admin" } });
      // an app the person connected earlier: its changes wait for them (the consent page's default)
      const grantId = randomUUID();
      await db().appGrant.create({
        data: {
          id: grantId,
          userId: person.id,
          clientId: `e2e-app-${grantId}`,
          brandIds: [brand.id],
          scopes: ["kit.read"],
        },
      });
      const { page } = await newPage(browser, baseUrl, { viewport });
      await signIn(page, person.email, person.password, "/settings");

      // the program using a key confirms by default; the person chooses to confirm herself
      expect(await page.getByTestId("key-create-confirm-by-caller").isChecked()).toBe(true);
      await page.getByTestId("key-create-name").fill("Waits for me");
      await page.getByTestId("key-create-scope-kit.write").check();
      await page.getByTestId("key-create-confirm-by-person").check();
      await screenshot(page, `settings-confirm-by-form-${size}`);
      await page.getByTestId("key-create-submit").click();
      const prefix = (await page.getByTestId("key-shown").textContent())!.trim().slice(0, 8);
      await page.getByTestId("key-shown-done").click();
      const shown = page.getByTestId(`key-confirm-by-${prefix}`);
      await expect.poll(() => shown.textContent()).toBe("you, in Brand Operations");
      const key = await db().apiKey.findFirstOrThrow({ where: { userId: person.id, prefix } });
      expect(key.confirmBy).toBe("person");

      const app = page.getByTestId("connected-app");
      expect(await app.getByTestId("connected-app-confirm-by").textContent()).toBe("you, in Brand Operations");
      await screenshot(page, `settings-confirm-by-lists-${size}`);
      expect(await layoutProblems(page.getByTestId("key-list"))).toEqual({ clipped: [], small: [], faint: [] });
      expect(await layoutProblems(app)).toEqual({ clipped: [], small: [], faint: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // changed in the list, by its owner: the button says the other choice, and keeps the focus
      const switchKey = page.getByTestId(`key-confirm-by-switch-${prefix}`);
      expect(await switchKey.textContent()).toBe("Let the program confirm");
      await switchKey.click();
      await expect.poll(() => shown.textContent()).toBe("the program using it");
      expect(await switchKey.textContent()).toBe("Make its changes wait for me");
      expect(await switchKey.evaluate((element) => element === document.activeElement)).toBe(true);
      expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).confirmBy).toBe("caller");

      await app.getByTestId("connected-app-confirm-by-switch").click();
      await expect.poll(() => app.getByTestId("connected-app-confirm-by").textContent()).toBe("the app");
      expect((await db().appGrant.findUniqueOrThrow({ where: { id: grantId } })).confirmBy).toBe("caller");
      // what the page shows is what is stored
      await page.reload();
      expect(await page.getByTestId(`key-confirm-by-${prefix}`).textContent()).toBe("the program using it");
      expect(await page.getByTestId("connected-app-confirm-by").textContent()).toBe("the app");
    },
  );
});
