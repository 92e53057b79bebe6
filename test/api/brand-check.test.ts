// brand.check: texts against the approved voice and the channel's rules, images made
// here with sharp against the kit, the extra scopes a file needs, bounded decoding, and the
// scripted model judging a guardrail (its findings marked as the model's; no model or no budget:
// notChecked, never 402).
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { monthOf } from "../../lib/assistant/budget";
import { PLANS } from "../../lib/plans";
import { bytes, uploadApproved } from "../support/files";
import { call, expectError, expectOk, makeKey, makeWorld } from "../support/world";
import { startModelServer } from "../assistant/support";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
const entryIds: Record<string, string> = {};
const colorIds: Record<string, string> = {};
const KIT = { Ocean: ["#1F6FEB", "primary"], Sand: ["#F4EBD9", "background"], Sun: ["#F5C518", "accent"] } as const;

async function seedVoice(target: World) {
  await db().genome.update({
    where: { brandId: target.brand.id },
    data: { displayName: "Northwind Coffee", primaryLanguage: "en-GB" },
  });
  const entries: [name: string, kind: string, value: string, status: string][] = [
    ["artisanal", "vocabulary_avoid", "artisanal", "approved"],
    ["leverage", "vocabulary_avoid", "leverage", "approved"],
    ["worldClass", "vocabulary_avoid", "world-class → carefully made", "approved"],
    ["unapproved", "vocabulary_avoid", "coffee", "proposed"],
    ["smallBatch", "vocabulary_use", "small-batch instead of artisanal", "approved"],
    ["growers", "vocabulary_use", "our growers", "approved"],
    ["health", "guardrail", "Never promise health benefits.", "approved"],
    ["voice", "voice", "Warm and plain-spoken.", "approved"],
  ];
  for (const [name, kind, value, status] of entries) {
    const id = randomUUID();
    if (target === world) entryIds[name] = id;
    await db().genomeEntry.create({ data: { id, brandId: target.brand.id, kind, value, status, position: 0 } });
  }
  for (const [name, [hex, role]] of Object.entries(KIT)) {
    const id = randomUUID();
    if (target === world) colorIds[name] = id;
    await db().kitColor.create({ data: { id, brandId: target.brand.id, name, hex, role, approved: true } });
  }
}

const check = (input: Record<string, unknown>, key = world.viewer.key, url?: string) =>
  call("brand.check", key, { brand: world.brand.shortId, ...input }, { url });

type Finding = {
  severity: string;
  rule: { kind: string; ref?: string };
  message: string;
  excerpt?: string;
  suggestion?: string;
  byModel?: boolean;
};
const findingsOf = (data: { findings: Finding[] }, kind: string) =>
  data.findings.filter((item) => item.rule.kind === kind);

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** uploads an image as the admin and approves it, so the API door may read it */
const uploadImage = (body: Buffer, name = "image.png", mimeType = "image/png") =>
  uploadApproved(
    { key: world.admin.key, brand: world.brand.shortId },
    { fileName: name, mimeType, body: new Uint8Array(body) },
  );

beforeAll(async () => {
  world = await makeWorld();
  await seedVoice(world);
});

describe("text, without a model", () => {
  it("is on brand without avoided words, with the name as the profile writes it; guardrails and tone are listed as not checked", async () => {
    const data = expectOk(
      await check({ text: "Northwind Coffee roasts small-batch beans from our growers every week." }),
    );
    expect(data.verdict).toBe("on_brand");
    expect(data.findings.filter((item: Finding) => item.severity !== "info")).toEqual([]);
    expect(findingsOf(data, "vocabulary_use")[0]!.message).toContain("our growers");
    expect(data.notChecked.map((item: { rule: string }) => item.rule).sort()).toEqual(["guardrail", "tone"]);
    expect(data.notChecked[0].reason).toMatch(/no model/);
    expect(data.checkedAgainst).toMatchObject({
      brandName: "Northwind Coffee",
      language: "en-GB",
      stemmer: "english",
      guardrails: 1,
      wordsToAvoid: 3,
    });
  });

  it("finds avoided words as whole words in any case and inflection, each with its excerpt and the approved alternative", async () => {
    const text =
      "Our ARTISANAL roast. We are leveraging what we leveraged. A world-class cup. Arts and leverets are fine.";
    const data = expectOk(await check({ text }));
    expect(data.verdict).toBe("needs_changes");
    const avoided = findingsOf(data, "vocabulary_avoid");
    expect(avoided.map((item) => [item.rule.ref, item.severity])).toEqual([
      [entryIds.artisanal, "warning"],
      [entryIds.leverage, "warning"],
      [entryIds.leverage, "warning"],
      [entryIds.worldClass, "warning"],
    ]);
    expect(avoided[0]!.message).toContain("“ARTISANAL”");
    expect(avoided[0]!.excerpt).toContain("ARTISANAL roast");
    expect(avoided[0]!.suggestion).toBe("Write “small-batch” instead.");
    expect(avoided[1]!.message).toContain("“leveraging”");
    expect(avoided[1]!.suggestion).toBeUndefined();
    expect(avoided[3]!.suggestion).toBe("Write “carefully made” instead.");
    // an entry not approved never reaches the check: "coffee" is not avoided
    expect(JSON.stringify(data.findings)).not.toContain(entryIds.unapproved);
  });

  it("names each spelling of the brand's name that differs from the profile's", async () => {
    const data = expectOk(await check({ text: "northwind coffee and NorthwindCoffee, by Northwind Coffee." }));
    const names = findingsOf(data, "brand_name");
    expect(names.map((item) => item.excerpt)).toEqual([
      expect.stringContaining("northwind coffee"),
      expect.stringContaining("NorthwindCoffee"),
    ]);
    expect(names[0]!.suggestion).toBe("Write “Northwind Coffee”.");
    expect(data.verdict).toBe("needs_changes");
  });

  it("applies the channel's length and link rules", async () => {
    const long = `Northwind Coffee ${"beans ".repeat(50)}`;
    const x = expectOk(await check({ text: long, channel: "x" }));
    expect(x.verdict).toBe("off_brand");
    expect(findingsOf(x, "channel_length")[0]!.message).toMatch(/X takes at most 280 characters/);
    // X counts a link as 23 characters, however long
    const linked = `Northwind Coffee ${"a".repeat(230)} https://example.com/${"x".repeat(100)}`;
    expect(findingsOf(expectOk(await check({ text: linked, channel: "x" })), "channel_length")).toEqual([]);
    const insta = expectOk(
      await check({ text: "Northwind Coffee, see www.northwind.example.com/beans", channel: "instagram" }),
    );
    expect(findingsOf(insta, "channel_links")[0]).toMatchObject({
      severity: "warning",
      rule: { kind: "channel_links" },
    });
    expect(insta.checkedAgainst.channel).toBe("instagram");
    expect(
      findingsOf(
        expectOk(await check({ text: "Northwind Coffee https://northwind.example", channel: "linkedin" })),
        "channel_links",
      ),
    ).toEqual([]);
  });

  it("refuses input it cannot check, naming the field", async () => {
    expect(expectError(await check({}), 422, "invalid_input").field).toBe("text");
    expect(expectError(await check({ text: "x".repeat(20_001) }), 422, "invalid_input").field).toBe("text");
    expect(expectError(await check({ text: "Hi", channel: "fax" }), 422, "invalid_input").field).toBe("channel");
  });
});

describe("images against the kit", () => {
  let ocean: string;
  let red: string;
  let mixed: string;
  let logo: string;

  beforeAll(async () => {
    ocean = await uploadImage(await png(300, 200, KIT.Ocean[0]).png().toBuffer());
    red = await uploadImage(await png(300, 200, "#D93A2B").jpeg().toBuffer(), "red.jpg", "image/jpeg");
    // three quarters Ocean, one quarter a red outside the kit
    mixed = await uploadImage(
      await png(400, 400, KIT.Ocean[0])
        .composite([{ input: await png(100, 400, "#D93A2B").png().toBuffer(), left: 300, top: 0 }])
        .webp({ lossless: true })
        .toBuffer(),
      "mixed.webp",
      "image/webp",
    );
    // a logo in the kit's colours: an Ocean mark on Sand, registered as the kit's logo
    logo = await uploadImage(
      await png(240, 240, KIT.Sand[0])
        .composite([{ input: await png(120, 120, KIT.Ocean[0]).png().toBuffer(), left: 60, top: 60 }])
        .png()
        .toBuffer(),
      "logo.png",
    );
    await db().kitLogo.create({
      data: {
        id: randomUUID(),
        brandId: world.brand.id,
        assetId: logo,
        name: "Mark",
        form: "symbol",
        theme: "light",
        primary: true,
      },
    });
  });

  it("an image in a kit colour is on brand and names the colour", async () => {
    const data = expectOk(await check({ assetId: ocean }));
    expect(data.verdict).toBe("on_brand");
    expect(findingsOf(data, "color")).toEqual([
      expect.objectContaining({ severity: "info", rule: { kind: "color", ref: colorIds.Ocean } }),
    ]);
    expect(data.checkedAgainst.kitColors).toBe(3);
    expect(data.notChecked).toEqual([]);
  });

  it("a solid colour outside the palette is off brand, with the nearest kit colour and its CIEDE2000 distance", async () => {
    const data = expectOk(await check({ assetId: red }));
    expect(data.verdict).toBe("off_brand");
    expect(data.findings[0]).toMatchObject({ severity: "error", rule: { kind: "color" } });
    expect(data.findings[0].message).toMatch(/100% of the image is in colours outside the kit's palette/);
    const off = findingsOf(data, "color").find((item) => item.severity === "warning")!;
    expect(off.message).toMatch(/#D[89A]3[9AB]2[ABC], which is not a kit colour .*ΔE \d+/);
  });

  it("a mixed image gives the share off the palette and needs changes", async () => {
    const data = expectOk(await check({ assetId: mixed }));
    expect(data.verdict).toBe("needs_changes");
    const off = findingsOf(data, "color").find((item) => item.severity === "warning")!;
    expect(off.message).toMatch(/About 2[4-6]% of the image/);
    expect(findingsOf(data, "color").find((item) => item.rule.ref === colorIds.Ocean)!.message).toMatch(
      /about 7[4-6]%/,
    );
  });

  it("a logo in the kit's colours is on brand, recognised as the kit's logo, with the contrast of its pair", async () => {
    const data = expectOk(await check({ assetId: logo }));
    expect(data.verdict).toBe("on_brand");
    expect(findingsOf(data, "logo")[0]!.message).toContain("“Mark”");
    expect(findingsOf(data, "contrast")[0]).toMatchObject({ severity: "info", rule: { ref: colorIds.Ocean } });
    expect(findingsOf(data, "contrast")[0]!.message).toMatch(/Ocean on Sand has a contrast of 3\.\d+:1/);
  });

  it("checks a text and an image in one call", async () => {
    const data = expectOk(await check({ text: "An artisanal cup.", assetId: red }));
    expect(data.verdict).toBe("off_brand");
    expect(findingsOf(data, "vocabulary_avoid")).toHaveLength(1);
  });

  it("refuses a decompression bomb from its header, an unsupported type and an unknown file", async () => {
    // 7,000 × 7,000 pixels of one colour: 49 million pixels in about 150 KB
    const bomb = await uploadImage(
      await png(7000, 7000, "#1F6FEB").png({ compressionLevel: 9 }).toBuffer(),
      "bomb.png",
    );
    const refused = expectError(await check({ assetId: bomb }), 422, "invalid_input");
    expect(refused).toMatchObject({ field: "assetId", reason: "too_many_pixels" });
    expect(refused.message).toMatch(/7,000 × 7,000 pixels, more than the 40 million/);
    const pdf = await uploadImage(Buffer.from(bytes.pdf()), "brief.pdf", "application/pdf");
    expect(expectError(await check({ assetId: pdf }), 422, "invalid_input")).toMatchObject({
      field: "assetId",
      reason: "unsupported_type",
    });
    expect(expectError(await check({ assetId: randomUUID() }), 404, "not_found").field).toBe("assetId");
  });

  it("needs library.read and kit.read beside brand.read for a file, and names the one missing", async () => {
    const only = (scopes: string) => makeKey(world.viewer.email, { scopes }).then((key) => key.key);
    const brandOnly = await only("brand.read");
    expectOk(await check({ text: "Northwind Coffee." }, brandOnly));
    expect(expectError(await check({ assetId: ocean }, brandOnly), 403, "insufficient_scope").scope).toBe(
      "library.read",
    );
    expect(
      expectError(await check({ assetId: ocean }, await only("brand.read,library.read")), 403, "insufficient_scope")
        .scope,
    ).toBe("kit.read");
    expectOk(await check({ assetId: ocean }, await only("brand.read,library.read,kit.read")));
    expect(
      expectError(await check({ text: "Hi" }, await only("kit.read,library.read")), 403, "insufficient_scope").scope,
    ).toBe("brand.read");
  });

  it("never writes: the genome, the kit and the library are as they were", async () => {
    const before = await Promise.all([
      db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } }),
      db().asset.count({ where: { brandId: world.brand.id } }),
      db().event.count({ where: { brandId: world.brand.id } }),
    ]);
    expectOk(await check({ text: "An artisanal cup.", assetId: mixed, channel: "x" }));
    const after = await Promise.all([
      db().genome.findUniqueOrThrow({ where: { brandId: world.brand.id } }),
      db().asset.count({ where: { brandId: world.brand.id } }),
      db().event.count({ where: { brandId: world.brand.id } }),
    ]);
    expect(after).toEqual(before);
  });
});

describe("guardrails and tone, judged by the model", () => {
  let server: Awaited<ReturnType<typeof startModelServer>>;
  beforeAll(async () => {
    server = await startModelServer((request) => {
      const prompt = JSON.stringify(request.messages);
      const breaks = prompt.includes("cures");
      return {
        text: JSON.stringify({
          findings: breaks
            ? [
                {
                  kind: "guardrail",
                  guardrail: 1,
                  severity: "error",
                  message: "It promises a health benefit.",
                  excerpt: "cures headaches",
                  suggestion: "Talk about taste instead.",
                },
              ]
            : [],
        }),
      };
    });
  }, 60_000);
  afterAll(async () => server?.stop());

  it("marks the model's findings as its own and names the guardrail", async () => {
    const data = expectOk(await check({ text: "Northwind Coffee cures headaches." }, world.viewer.key, server.url));
    expect(data.verdict).toBe("off_brand");
    expect(findingsOf(data, "guardrail")).toEqual([
      {
        severity: "error",
        rule: { kind: "guardrail", ref: entryIds.health },
        message: "It promises a health benefit.",
        excerpt: "cures headaches",
        suggestion: "Talk about taste instead.",
        byModel: true,
      },
    ]);
    expect(data.notChecked).toEqual([]);
    expect(data.checkedAgainst.model).toBe("scripted-model");
    const asked = JSON.stringify(server.model.requests.at(-1)!.messages);
    expect(asked).toContain("1. Never promise health benefits.");
    expect(asked).toContain("Warm and plain-spoken.");
    // the tokens it used are the brand's
    const usage = await db().aiUsage.findUnique({
      where: { brandId_month: { brandId: world.brand.id, month: monthOf(new Date()) } },
    });
    expect(usage?.tokens).toBeGreaterThan(0);
  });

  it("with the month's budget spent: the fixed rules still run, guardrails and tone are not checked, no 402", async () => {
    const month = monthOf(new Date());
    const limit = PLANS.free.aiTokensPerMonth;
    await db().aiUsage.upsert({
      where: { brandId_month: { brandId: world.brand.id, month } },
      create: { brandId: world.brand.id, month, tokens: limit },
      update: { tokens: limit },
    });
    const asked = server.model.requests.length;
    const data = expectOk(await check({ text: "An artisanal cup cures headaches." }, world.viewer.key, server.url));
    expect(server.model.requests.length).toBe(asked);
    expect(data.verdict).toBe("needs_changes");
    expect(data.notChecked).toEqual([
      { rule: "guardrail", reason: "the brand's AI budget for this month is spent" },
      { rule: "tone", reason: "the brand's AI budget for this month is spent" },
    ]);
  });
});

// A viewer could drain the brand's month through brand.check: each judgement reserved a fixed
// AI_RESERVE_TOKENS while the counts were under the limits, then was charged whatever the model
// reported, past the person's share and the brand's month. Now a judgement reserves at most what
// is left of both, asks the model for no more output than fits in it, and is charged at most it.
describe("the AI budget a judgement spends", () => {
  const LIMIT = PLANS.free.aiTokensPerMonth;
  // AI_PERSON_SHARE_PERCENT's default, 50
  const SHARE = LIMIT / 2;
  const PROMPT_TOKENS = 200;
  const PERSON_SHARE_SPENT = "your share of this month's AI use is spent";
  const MONTH_SPENT = "the brand's AI budget for this month is spent";
  let server: Awaited<ReturnType<typeof startModelServer>>;
  beforeAll(async () => {
    // a model that answers at the full length it is allowed: what a reservation must hold
    server = await startModelServer((request) => ({
      text: JSON.stringify({ findings: [] }),
      usage: { promptTokens: PROMPT_TOKENS, completionTokens: maxTokensOf(request) },
    }));
  }, 60_000);
  afterAll(async () => server?.stop());

  const maxTokensOf = (request: Record<string, unknown>) =>
    Number(request.max_tokens ?? request.max_completion_tokens ?? Number.NaN);
  const checkIn = (target: World, key: string, text = "Northwind Coffee roasts every week.") =>
    call("brand.check", key, { brand: target.brand.shortId, text }, { url: server.url });
  const month = (target: World) =>
    db().aiUsage.findUnique({ where: { brandId_month: { brandId: target.brand.id, month: monthOf(new Date()) } } });
  const personTokens = async (target: World, userId: string) =>
    (
      await db().aiPersonUsage.findUnique({
        where: { brandId_month_userId: { brandId: target.brand.id, month: monthOf(new Date()), userId } },
      })
    )?.tokens ?? 0;
  const setSpent = async (target: World, brandTokens: number, person?: { userId: string; tokens: number }) => {
    const month = monthOf(new Date());
    await db().aiUsage.create({ data: { brandId: target.brand.id, month, tokens: brandTokens } });
    if (person) await db().aiPersonUsage.create({ data: { brandId: target.brand.id, month, ...person } });
  };
  const reasonsOf = (data: { notChecked: { rule: string; reason: string }[] }) =>
    [...new Set(data.notChecked.map((item) => item.reason))].join("; ");

  it("a viewer's checks stop at their share, in words saying so, while another member still checks", async () => {
    const target = await makeWorld();
    await seedVoice(target);
    await setSpent(target, SHARE - 2500, { userId: target.viewer.id, tokens: SHARE - 2500 });
    const answers: { reasons: string; maxTokens: number }[] = [];
    for (let round = 0; round < 4; round++) {
      const asked = server.model.requests.length;
      const data = expectOk(await checkIn(target, target.viewer.key));
      const request = server.model.requests.length > asked ? server.model.requests.at(-1)! : undefined;
      answers.push({ reasons: reasonsOf(data), maxTokens: request ? maxTokensOf(request) : 0 });
      if (data.notChecked.length) break;
    }
    // the first judgement fits whole; the second only in what is left (the model is told to say
    // less); the third finds too little left and does not ask the model
    expect(answers.length).toBe(3);
    expect(answers.slice(0, 2).map((answer) => answer.reasons)).toEqual(["", ""]);
    expect(answers[2]).toEqual({ reasons: PERSON_SHARE_SPENT, maxTokens: 0 });
    expect(answers[1]!.maxTokens).toBeLessThan(answers[0]!.maxTokens);
    // the viewer (the key's person) is charged, never past their share
    const viewer = await personTokens(target, target.viewer.id);
    expect(viewer).toBeGreaterThan(SHARE - 2500);
    expect(viewer).toBeLessThanOrEqual(SHARE);
    expect(await month(target)).toMatchObject({ reserved: 0 });
    // the brand's month is not spent: a member's text is still judged by the model
    const asked = server.model.requests.length;
    const member = expectOk(await checkIn(target, target.member.key));
    expect(member.notChecked).toEqual([]);
    expect(member.checkedAgainst.model).toBe("scripted-model");
    expect(server.model.requests.length).toBe(asked + 1);
    expect(await personTokens(target, target.member.id)).toBeGreaterThan(0);
  });

  it("a judgement's reservation is capped at what is left: the model's output limit fits in it, and the charge too", async () => {
    const target = await makeWorld();
    await seedVoice(target);
    await setSpent(target, SHARE - 1000, { userId: target.member.id, tokens: SHARE - 1000 });
    const data = expectOk(await checkIn(target, target.member.key));
    expect(data.notChecked).toEqual([]);
    // the prompt's tokens come out of the 1,000 too
    const maxTokens = maxTokensOf(server.model.requests.at(-1)!);
    expect(maxTokens).toBeGreaterThan(0);
    expect(maxTokens).toBeLessThan(1000 - PROMPT_TOKENS);
    expect(await personTokens(target, target.member.id)).toBe(SHARE - 1000 + PROMPT_TOKENS + maxTokens);
    expect(await month(target)).toMatchObject({ tokens: SHARE - 1000 + PROMPT_TOKENS + maxTokens, reserved: 0 });
  });

  it("never takes the brand past its month, however many check at once", async () => {
    const target = await makeWorld();
    await seedVoice(target);
    await setSpent(target, LIMIT - 3000);
    const people = [target.admin, target.member, target.viewer];
    const asked = server.model.requests.length;
    const together = await Promise.all(people.map((person) => checkIn(target, person.key)));
    for (const answer of together) expectOk(answer);
    // and one after the other, until the month is spent
    let last = "";
    for (let round = 0; round < 6 && last !== MONTH_SPENT; round++)
      last = reasonsOf(expectOk(await checkIn(target, people[round % 3]!.key)));
    expect(last).toBe(MONTH_SPENT);
    expect(server.model.requests.length).toBeGreaterThan(asked);
    const spent = await month(target);
    expect(spent!.tokens).toBeGreaterThan(LIMIT - 3000);
    expect(spent!.tokens).toBeLessThanOrEqual(LIMIT);
    expect(spent!.reserved).toBe(0);
  });
});
