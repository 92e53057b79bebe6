// Words for people in every slash form and card, in Debian's Chromium, as an admin and as a viewer:
// every form the palette offers is opened (each action of a union too) and read for machine words
// (a discriminator, "(optional)" ids, camelCase or snake_case labels, raw enum values); required
// fields are marked on screen and for assistive technology; forms that edit start from the current
// values; a service is connected from the Connect button of its catalogue row, through a real OAuth
// provider and back; a file that is not its type is refused in words, over the API and in the card.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../lib/db/client";
import { startServer, type RunningServer } from "../scripts/support/start-server";
import { bytes, put } from "../test/support/files";
import { startMockProvider, writeProvidersFile, type MockProvider } from "../test/support/oauth-provider";
import { call, confirmAndCall, expectError, expectOk, makeKey } from "../test/support/world";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { createPerson, createTestBrand, signIn, type Person } from "./support/people";
import { localFilesEnv } from "./support/local-files";

let server: RunningServer;
let mock: MockProvider;
let providers: ReturnType<typeof writeProvidersFile>;
let browser: Browser;
let brand: { id: string; shortId: string };
let adminKey: string;
const people = {} as Record<"admin" | "viewer", Person>;
const pages = {} as Record<"admin" | "viewer", Page>;

/** What a person must never read: the patterns and what each one catches. */
const MACHINE_WORDS: [RegExp, string][] = [
  [/\bOp\b|\bStep\b/, "a union's discriminator"],
  [/\(optional\)/i, "an (optional) mark"],
  [/\bIds?\b/, "an id label"],
  [/page position/i, "a cursor"],
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, "camelCase"],
  // an API key is named to people by its prefix (bop_…), as the Settings page shows it
  [/\b(?!bop_)[a-z]+_[a-z_]+\b/, "snake_case"],
  [/\b(upsert|genome|unspecified|defer|mocksocial)\b/, "a raw enum value or key"],
  // machine words a person must never read: capability ids, scopes and event types; MIME types; the
  // overview's machine labels
  [
    /\b(brand|kit|library|questions|connections|activity|webhooks?|memory|genome|team)\.[a-z][a-z_.]*\b/,
    "a capability id, scope or event type",
  ],
  [/\b(image|video|audio|application|text|font)\/[a-z0-9.+-]+/, "a MIME type"],
  [/Country code|Pending memory|\d+ capabilities/, "a field or count named as the data does"],
  [/\busage text\b.*\bcolors\b|\bcolors usage\b|\bemail channel\b/, "a kit section or channel kind as stored"],
];

/** Every text node, option, placeholder and accessible name under `root`, one per line (code aside: a command's own name). */
async function textsIn(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode())
      if (!walker.currentNode.parentElement?.closest("code")) texts.push(walker.currentNode.textContent ?? "");
    // a tooltip marked for integrators (a webhook's event type behind its words) is theirs, like code
    for (const node of element.querySelectorAll("[placeholder], [aria-label], [title]"))
      texts.push(
        ...["placeholder", "aria-label", "title"]
          .filter((name) => name !== "title" || !node.hasAttribute("data-for-integrators"))
          .map((name) => node.getAttribute(name) ?? ""),
      );
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

async function machineWordsIn(root: Locator): Promise<string[]> {
  return (await textsIn(root)).flatMap((text) =>
    MACHINE_WORDS.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${what}: "${text}"`),
  );
}

/** Each control marked aria-required shows "required" in its label; returns those that do not. */
async function unmarkedRequired(form: Locator): Promise<string[]> {
  return form.evaluate((element) =>
    [...element.querySelectorAll("[aria-required=true]")]
      .filter((control) => !control.closest("label, fieldset")?.querySelector(".field-required"))
      .map((control) => control.getAttribute("data-testid") ?? control.tagName),
  );
}

async function signedInPage(person: Person): Promise<Page> {
  const { page } = await newPage(browser, server.url);
  await page.setViewportSize({ width: 1100, height: 900 });
  // a step that cannot happen fails naming its locator, well within the test's own time
  page.setDefaultTimeout(15_000);
  await signIn(page, person.email, person.password);
  await page.waitForFunction(
    (shortId) =>
      (document.querySelector("[data-testid=brand-switcher]") as HTMLSelectElement | null)?.value === shortId,
    brand.shortId,
  );
  return page;
}

/** Opens /<id>'s form (or its card, for a widget that asks itself) from the palette. */
async function open(page: Page, id: string) {
  // a form an earlier step left open (a failed one) goes first: typing does not leave a form
  const cancel = page.getByTestId("slash-palette").getByRole("button", { name: "Cancel" });
  if (await cancel.isVisible().catch(() => false)) await cancel.click();
  await page.getByTestId("chat-input").fill(`/${id}`);
  await page.getByTestId(`slash-item-${id}`).click();
}

/** Runs /<id> with `fill`; returns the new result. */
async function run(page: Page, id: string, fill?: () => Promise<void>): Promise<Locator> {
  const before = await page.getByTestId("slash-result").count();
  await open(page, id);
  if (fill) await fill();
  if (
    await page
      .getByTestId("slash-run")
      .isVisible()
      .catch(() => false)
  )
    await page.getByTestId("slash-run").click();
  await expect.poll(() => page.getByTestId("slash-result").count(), { timeout: 15_000 }).toBe(before + 1);
  return page.getByTestId("slash-result").last();
}

beforeAll(async () => {
  mock = await startMockProvider();
  providers = writeProvidersFile([mock.entry("mocksocial", { name: "Mock Social" })]);
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    ...localFilesEnv("words"),
  });
  const url = { url: server.url };
  brand = await createTestBrand("Word Roasters");
  people.admin = await createPerson({ name: "Wes Words", brands: { [brand.shortId]: "admin" } });
  people.viewer = await createPerson({ name: "Val Viewer", brands: { [brand.shortId]: "viewer" } });
  adminKey = (await makeKey(people.admin.email)).key;
  const revision = (
    expectOk(await call("brand.overview", adminKey, { brand: brand.shortId }, url)) as { revision: number }
  ).revision;
  expectOk(
    await confirmAndCall(
      "brand.profile.update",
      adminKey,
      { brand: brand.shortId, expectedRevision: revision, city: "Nantes", countryCode: "FR", organizationType: "café" },
      url,
    ),
  );
  expectOk(
    await confirmAndCall(
      "brand.contacts.save",
      adminKey,
      { brand: brand.shortId, op: "upsert", type: "website", value: "https://word-roasters.example", label: "Shop" },
      url,
    ),
  );
  expectOk(
    await confirmAndCall(
      "kit.instructions.update",
      adminKey,
      { brand: brand.shortId, section: "colors", text: "Brown leads; cream only behind text." },
      url,
    ),
  );
  expectOk(
    await call(
      "questions.ask",
      adminKey,
      {
        brand: brand.shortId,
        questions: [{ key: "tone", question: "Which tone do we use?", scope: "brand_kit", options: ["Warm", "Plain"] }],
      },
      url,
    ),
  );
  browser = await launchBrowser();
  // the fresh server's first pages are slow on a loaded machine: fetched once before signing in
  for (const warm of ["/sign-in", "/"]) await fetch(`${server.url}${warm}`).catch(() => undefined);
  pages.admin = await signedInPage(people.admin);
  pages.viewer = await signedInPage(people.viewer);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mock?.stop();
  providers?.remove();
});

describe.each(["admin", "viewer"] as const)("every slash form in words, as %s", (who) => {
  it("no machine words in any form or action, required fields marked, axe clean", async () => {
    const page = pages[who];
    const { items } = (await (
      await page.request.get(`${server.url}/api/assistant/capabilities?brand=${brand.shortId}`)
    ).json()) as { items: { id: string; widget: string | null }[] };
    expect(items.length).toBeGreaterThan(who === "admin" ? 15 : 5);
    const found: string[] = [];
    const seen = new Set<string>();
    for (const { id, widget } of items) {
      await open(page, id);
      if (widget === "file_request") {
        // the picker card opens at once: its words are read in the card
        const card = page.getByTestId("slash-result").last().getByTestId("widget-file_request");
        await card.waitFor();
        found.push(...(await machineWordsIn(card)).map((line) => `${id} card: ${line}`));
        continue;
      }
      const palette = page.getByTestId("slash-palette");
      const form = palette.locator("form");
      await form.waitFor();
      const actions = form.locator("[data-testid^=slash-action-]");
      for (let index = 0; index < Math.max(1, await actions.count()); index++) {
        if ((await actions.count()) > 0) await actions.nth(index).check();
        // pickers and current values load: read the form once they are there
        await expect.poll(() => form.locator("select[disabled]").count(), { timeout: 15_000 }).toBe(0);
        await expect.poll(() => form.getByText("Loading the current values").count(), { timeout: 15_000 }).toBe(0);
        for (const text of await textsIn(palette)) seen.add(text);
        found.push(...(await machineWordsIn(palette)).map((line) => `${id} action ${index}: ${line}`));
        found.push(
          ...(await unmarkedRequired(form)).map(
            (control) => `${id} action ${index}: ${control} required but not marked`,
          ),
        );
      }
      await form.getByRole("button", { name: "Cancel" }).click();
    }
    expect(found).toEqual([]);
    // the walk read what it should: the actions of a union, choices in words, the required mark
    const expected =
      who === "admin"
        ? [
            "Add a channel",
            "Change a channel",
            "Remove a channel",
            "The brand kit",
            "No particular role",
            "Colours",
            "required",
          ]
        : ["Everything", "Colours", "How many to show"];
    expect(expected.filter((text) => !seen.has(text))).toEqual([]);
  }, 240_000);
});

describe.each(["admin", "viewer"] as const)("every read's card in words, as %s", (who) => {
  it("no machine words in the cards of the reads this person may run", async () => {
    const page = pages[who];
    const { items } = (await (
      await page.request.get(`${server.url}/api/assistant/capabilities?brand=${brand.shortId}`)
    ).json()) as { items: { id: string; kind: string }[] };
    const found: string[] = [];
    // a file's details need a file chosen, an endpoint's deliveries an endpoint (this brand has none);
    // the rest run as they open
    // and a check of what is on brand, a text or a file to check; what became of a write waiting for
    // a person, the id its caller was given
    const needAChoice = new Set(["library.asset.get", "webhooks.deliveries.list", "brand.check", "confirmations.get"]);
    for (const { id } of items.filter((item) => item.kind === "read" && !needAChoice.has(item.id))) {
      const result = await run(page, id);
      const card = result.locator("[data-testid^=widget-]").first();
      await card.waitFor();
      found.push(...(await machineWordsIn(card)).map((line) => `${id}: ${line}`));
    }
    expect(found).toEqual([]);
  }, 240_000);
});

describe("forms that edit start from the current values", () => {
  it("the profile, a contact channel, a kit text; required marks on the fields a write needs", async () => {
    const page = pages.admin;
    await open(page, "brand.profile.update");
    await expect.poll(() => page.getByTestId("slash-field-city").inputValue(), { timeout: 15_000 }).toBe("Nantes");
    expect(await page.getByTestId("slash-field-countryCode").inputValue()).toBe("FR");
    expect(await page.getByTestId("slash-field-organizationType").inputValue()).toBe("café");
    await page.getByRole("button", { name: "Cancel" }).click();

    await open(page, "brand.contacts.save");
    const form = page.getByTestId("slash-palette").locator("form");
    expect(await form.locator("label:has(input[type=radio])").allInnerTexts()).toEqual([
      "Add a channel",
      "Change a channel",
      "Remove a channel",
    ]);
    expect(await page.getByTestId("slash-field-id").count()).toBe(0); // adding needs no channel to choose
    expect(await page.getByTestId("slash-field-type").getAttribute("aria-required")).toBe("true");
    expect(await page.getByTestId("slash-field-label").getAttribute("aria-required")).toBeNull();
    await page.getByTestId("slash-action-1").check();
    expect(await page.getByTestId("slash-field-id").getAttribute("aria-required")).toBe("true");
    // the channel by its kind in words, its address and its label; the form then shows it as stored
    const stored = await db().contact.findFirstOrThrow({ where: { brandId: brand.id, type: "website" } });
    const option = page.getByTestId("slash-field-id").locator("option", { hasText: "word-roasters.example" });
    expect(await option.innerText()).toBe(`Website: ${stored.value} (Shop)`);
    await page.getByTestId("slash-field-id").selectOption(stored.id);
    await expect.poll(() => page.getByTestId("slash-field-value").inputValue(), { timeout: 15_000 }).toBe(stored.value);
    expect(await page.getByTestId("slash-field-label").inputValue()).toBe("Shop");
    expect(await page.getByTestId("slash-field-type").inputValue()).toBe("website");
    await screenshot(page, "words-contact-change", { fullPage: false });
    await page.getByRole("button", { name: "Cancel" }).click();

    await open(page, "kit.instructions.update");
    await page.getByTestId("slash-field-section").selectOption({ label: "Colours" });
    await expect
      .poll(() => page.getByTestId("slash-field-text").inputValue(), { timeout: 15_000 })
      .toBe("Brown leads; cream only behind text.");
    const axe = await new AxeBuilder({ page: page as never })
      .include("[data-testid=slash-palette]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => violation.id),
    ).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  it("the profile sends only what was changed, so the confirmation says only that", async () => {
    const result = await run(pages.admin, "brand.profile.update", async () => {
      await expect
        .poll(() => pages.admin.getByTestId("slash-field-city").inputValue(), { timeout: 15_000 })
        .toBe("Nantes");
      await pages.admin.getByTestId("slash-field-city").fill("Lyon");
    });
    const card = result.getByTestId("widget-confirm");
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain('city to "Lyon"');
    expect(await card.innerText()).not.toContain("country");
    expect(await result.getByTestId("slash-echo").innerText()).toContain("City: Lyon");
    await card.getByTestId("confirm-accept").click();
    await expect
      .poll(async () => (await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).city, {
        timeout: 15_000,
      })
      .toBe("Lyon");
    expect((await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).countryCode).toBe("FR");
  });
});

describe("connections by name", () => {
  it("Connect on the catalogue row goes through the provider and back; the connect form offers names", async () => {
    const page = pages.admin;
    const list = await run(page, "connections.list", () => page.getByTestId("slash-field-includeCatalog").check());
    const row = list.getByTestId("widget-list").locator("li", { hasText: "Mock Social" });
    expect(
      await list.getByTestId("widget-list").locator("li", { hasText: "LinkedIn" }).getByTestId("row-connect").count(),
    ).toBe(0); // not set up here
    expect(await machineWordsIn(list.getByTestId("widget-list"))).toEqual([]);
    await row.getByRole("button", { name: "Connect Mock Social" }).click();
    // the link card is the conversation's next step, not a part of the row
    const link = page.getByTestId("card-step").last().getByTestId("action-link-open");
    await link.waitFor({ timeout: 15_000 });
    expect(await link.innerText()).toBe("Open Mock Social to connect");
    await screenshot(page, "words-connect-row", { fullPage: false });
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForURL((url) => url.pathname === "/api/connections/callback", { timeout: 15_000 });
    expect(await tab.locator("h1").innerText()).toBe("Mock Social is connected");
    await tab.close();
    expect(
      await db().connection.count({ where: { brandId: brand.id, provider: "mocksocial", status: "connected" } }),
    ).toBe(1);

    await open(page, "connections.connect");
    const provider = page.getByTestId("slash-field-provider");
    await expect.poll(() => provider.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect((await provider.locator("option").allInnerTexts()).slice(1)).toEqual(["Mock Social"]); // only what can be connected here
    await page.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("a file that is not its type, in words", () => {
  it("over the API and in the upload card", async () => {
    const who = { key: adminKey, brand: brand.shortId };
    const text = bytes.text();
    const started = expectOk(
      await call(
        "library.upload.create",
        who.key,
        { brand: who.brand, step: "start", fileName: "logo.png", mimeType: "image/png", sizeBytes: text.length },
        { url: server.url },
      ),
    ) as { uploadUrl: string };
    const refused = await put(started.uploadUrl, text, "image/png");
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "invalid_input", field: "mimeType", reason: "mime_mismatch" });
    expect(refused.body.error.message).toMatch(
      /^This file is not a PNG image \(its contents are of no type we recognise\); choose a file that really is one/,
    );

    const page = pages.admin;
    await open(page, "library.upload.create");
    const card = page.getByTestId("slash-result").last().getByTestId("widget-file_request");
    await card
      .getByTestId("file-input")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(text) });
    const error = card.getByTestId("widget-error");
    await expect.poll(() => error.innerText(), { timeout: 20_000 }).toMatch(/^This file is not a PNG image/);
    expect(await machineWordsIn(card)).toEqual([]);
    await screenshot(page, "words-file-type", { fullPage: false });
  });
});

describe("confirm summaries and Settings in words", () => {
  it("the kit's and the contacts' confirm cards say roles, sections and channel kinds in words", async () => {
    const page = pages.admin;
    const found: string[] = [];
    const color = await run(page, "kit.colors.add", async () => {
      await page.getByTestId("slash-field-name").fill("Cream");
      await page.getByTestId("slash-field-hex").fill("#F6F1E8");
    });
    const colorCard = color.getByTestId("widget-confirm");
    await expect.poll(() => colorCard.innerText(), { timeout: 15_000 }).toContain("with no particular role");
    found.push(...(await machineWordsIn(colorCard)).map((line) => `kit.colors.add: ${line}`));
    const section = await run(page, "kit.instructions.update", async () => {
      await page.getByTestId("slash-field-section").selectOption({ label: "Colours" });
      await expect.poll(() => page.getByTestId("slash-field-text").inputValue(), { timeout: 15_000 }).not.toBe("");
      await page.getByTestId("slash-field-text").fill("Cream only behind text.");
    });
    const sectionCard = section.getByTestId("widget-confirm");
    await expect.poll(() => sectionCard.innerText(), { timeout: 15_000 }).toContain("the colours usage text");
    found.push(...(await machineWordsIn(sectionCard)).map((line) => `kit.instructions.update: ${line}`));
    const contact = await run(page, "brand.contacts.save", async () => {
      await page.getByTestId("slash-field-type").selectOption("email");
      await page.getByTestId("slash-field-value").fill("hello@word-roasters.example");
    });
    const contactCard = contact.getByTestId("widget-confirm");
    await expect.poll(() => contactCard.innerText(), { timeout: 15_000 }).toContain("the e-mail channel");
    found.push(...(await machineWordsIn(contactCard)).map((line) => `brand.contacts.save: ${line}`));
    expect(found).toEqual([]);
  });

  it("the keys list says a key's scopes in words", async () => {
    await makeKey(people.admin.email, { scopes: "questions.read,kit.read" });
    const page = pages.admin;
    await page.goto(`${server.url}/settings`);
    const list = page.getByTestId("key-list");
    await list.waitFor();
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain("see questions");
    expect(await machineWordsIn(list)).toEqual([]);
  });
});

describe("Activity and the webhooks log in words", () => {
  it("a refusal on the Activity page says who may do it and the role in words", async () => {
    const url = { url: server.url };
    const viewerKey = (await makeKey(people.viewer.email)).key;
    const question = await db().question.findFirstOrThrow({ where: { brandId: brand.id } });
    const refused = await call(
      "questions.answer",
      viewerKey,
      {
        brand: brand.shortId,
        questionId: question.id,
        expectedRevision: question.revision,
        action: "answer",
        answer: "Warm",
        idempotencyKey: "words-refused-answer",
      },
      url,
    );
    // the API keeps its message for integrators; the page says it in words
    expect(expectError(refused, 403, "forbidden").message).toBe(
      "questions.answer needs the member role in this brand; you are viewer",
    );
    const page = pages.admin;
    await page.goto(`${server.url}/activity`);
    await page.getByTestId("filter-outcome").selectOption("refused");
    const row = page.getByTestId("activity-row").first();
    await expect
      .poll(() => row.innerText(), { timeout: 15_000 })
      .toContain("Only a member of the brand can do this; this person was a viewer.");
    expect(await row.getByTestId("activity-outcome").innerText()).toBe("Refused: not allowed for this role");
    await page.getByTestId("filter-outcome").selectOption("all");
    await expect.poll(() => page.getByTestId("activity-row").count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await machineWordsIn(page.locator("main"))).toEqual([]);
    await screenshot(page, "words-activity", { fullPage: false });
  });

  it("the webhooks delivery log says each event in words, its type as the tooltip", async () => {
    const url = { url: server.url };
    const endpoint = expectOk(
      await confirmAndCall(
        "webhooks.create",
        adminKey,
        { brand: brand.shortId, url: "http://127.0.0.1:9/words-hooks", eventTypes: ["*"] },
        url,
      ),
    ) as { id: string };
    expectOk(await call("webhooks.test", adminKey, { brand: brand.shortId, id: endpoint.id }, url));
    expectOk(
      await confirmAndCall(
        "kit.colors.add",
        adminKey,
        { brand: brand.shortId, name: "Hook Teal", hex: "#008081" },
        url,
      ),
    );
    const page = pages.admin;
    await page.goto(`${server.url}/settings`);
    await page.getByTestId("webhook-log-toggle").first().click();
    const events = page.getByTestId("webhook-delivery-event");
    await expect
      .poll(() => events.allInnerTexts(), { timeout: 15_000 })
      .toEqual(["A colour was added to the brand kit", "Test event"]);
    expect(await events.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("title")))).toEqual([
      "kit.color.added",
      "webhook.test",
    ]);
    expect(await machineWordsIn(page.getByTestId("webhook-log"))).toEqual([]);
    await screenshot(page, "words-webhook-log", { fullPage: false });
    // the add form names the event types in words too, each type its tooltip
    await page.getByTestId("webhook-all-events").uncheck();
    const choice = page.getByTestId("webhook-event-kit.color.added");
    expect(await choice.innerText()).toBe("A colour was added to the brand kit");
    expect(await choice.getAttribute("title")).toBe("kit.color.added");
    expect(await machineWordsIn(page.getByTestId("webhook-add"))).toEqual([]);
    await page.getByTestId("webhook-all-events").check();
  });
});
