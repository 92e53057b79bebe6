// Field bounds of every implemented capability, over real HTTP (spec "Endpoints"; docs/design.md, errors).
// A value AT a bound passes validation (the call goes on: 200, or 409 confirmation_required for a
// confirmation-requiring write, or an execution-time answer that is not 422); ONE PAST the bound is
// 422 invalid_input naming the field as a dotted path with numeric indexes, and `issues` lists it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeWorld, type ApiResponse } from "../support/world";
import { config } from "../../lib/config";
import { hmac } from "../../lib/crypto";

type World = Awaited<ReturnType<typeof makeWorld>>;

let seq = 0;
const uid = (prefix = "k") =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const str = (length: number, fill = "a") => fill.repeat(length);
/** a unique string of exactly `length` characters */
const uniqueStr = (length: number) => {
  const head = uid("u");
  return (head + str(length)).slice(0, length);
};

function expectInvalid(response: ApiResponse, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.ok).toBe(false);
  expect(response.body.error.code).toBe("invalid_input");
  expect(response.body.error.field).toBe(field);
  expect(Array.isArray(response.body.error.issues)).toBe(true);
  expect(response.body.error.issues.map((issue: { field: string }) => issue.field)).toContain(field);
}

function expectOk(response: ApiResponse) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.ok).toBe(true);
}

function expectConfirmation(response: ApiResponse) {
  expect(response.status, JSON.stringify(response.body)).toBe(409);
  expect(response.body.error.code).toBe("confirmation_required");
  expect(typeof response.body.error.confirmationToken).toBe("string");
}

/**
 * A cursor signed with the server's secret (the test shares the server's environment), of exactly
 * `length` characters. Trailing "=" padding is ignored by the base64url decoder, so any length
 * above the minimum can be reached; the payload still decodes to a valid position.
 */
function signedCursor(list: string, position: Record<string, string>, padKey: string, length: number): string {
  const sigLength = hmac(config().APP_SECRET, `cursor:${list}`, "x").length;
  for (let pad = 0; pad < 2000; pad++) {
    const payload = Buffer.from(JSON.stringify({ ...position, [padKey]: position[padKey] + str(pad, "z") })).toString(
      "base64url",
    );
    const room = length - 1 - sigLength - payload.length;
    if (room < 0) break;
    if (room <= 2) {
      const padded = payload + str(room, "=");
      const cursor = `${padded}.${hmac(config().APP_SECRET, `cursor:${list}`, padded)}`;
      expect(cursor.length).toBe(length);
      return cursor;
    }
  }
  throw new Error(`could not build a cursor of ${length} characters`);
}

const question = (overrides: Record<string, unknown> = {}) => ({
  key: uid("q."),
  question: "What is your tagline?",
  options: ["One", "Two"],
  scope: "genome",
  ...overrides,
});

describe("questions.ask bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const ask = (questions: unknown) =>
    call("questions.ask", world.member.key, { brand: world.brand.shortId, questions });

  it("accepts 1 and 5 questions, rejects 0 and 6 on field questions", async () => {
    const one = await ask([question()]);
    expectOk(one);
    expect(one.body.data.ids).toHaveLength(1);
    const five = await ask(Array.from({ length: 5 }, () => question()));
    expectOk(five);
    expect(five.body.data.ids).toHaveLength(5);
    expectInvalid(await ask([]), "questions");
    expectInvalid(await ask(Array.from({ length: 6 }, () => question())), "questions");
  });

  it("key: 80 characters pass, 81 fail as questions.N.key", async () => {
    expectOk(await ask([question(), question(), question({ key: uniqueStr(80) })]));
    expectInvalid(await ask([question(), question(), question({ key: uniqueStr(81) })]), "questions.2.key");
    expectInvalid(await ask([question({ key: uniqueStr(81) })]), "questions.0.key");
  });

  it("question: 300 characters pass, 301 fail as questions.N.question", async () => {
    expectOk(await ask([question({ question: str(300, "w") })]));
    expectInvalid(await ask([question(), question({ question: str(301, "w") })]), "questions.1.question");
  });

  it("options: 0 and 6 items pass, 7 fail as questions.N.options", async () => {
    expectOk(await ask([question({ options: [] })]));
    expectOk(await ask([question({ options: ["a", "b", "c", "d", "e", "f"] })]));
    expectInvalid(
      await ask([question(), question(), question({ options: ["a", "b", "c", "d", "e", "f", "g"] })]),
      "questions.2.options",
    );
  });

  it("scope: genome, brand_kit and work pass; anything else fails as questions.N.scope", async () => {
    for (const scope of ["genome", "brand_kit", "work"]) expectOk(await ask([question({ scope })]));
    expectInvalid(await ask([question(), question({ scope: "all" })]), "questions.1.scope");
    expectInvalid(await ask([question({ scope: "nope" })]), "questions.0.scope");
  });

  it("names a missing required item field and a missing questions array", async () => {
    for (const missing of ["key", "question", "options", "scope"]) {
      const item = question();
      delete (item as Record<string, unknown>)[missing];
      expectInvalid(await ask([question(), item]), `questions.1.${missing}`);
    }
    expectInvalid(await call("questions.ask", world.member.key, { brand: world.brand.shortId }), "questions");
  });
});

describe("questions.list bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const list = (input: Record<string, unknown>) =>
    call("questions.list", world.viewer.key, { brand: world.brand.shortId, ...input });

  it("limit: 1 and 50 pass; 0, 51 and 1.5 fail on field limit", async () => {
    expectOk(await list({ limit: 1 }));
    expectOk(await list({ limit: 50 }));
    expectInvalid(await list({ limit: 0 }), "limit");
    expectInvalid(await list({ limit: 51 }), "limit");
    expectInvalid(await list({ limit: 1.5 }), "limit");
  });

  it("cursor: a server-signed cursor of 512 characters passes, one of 513 fails on field cursor", async () => {
    const position = { phase: "open", createdAt: new Date(0).toISOString(), id: "0" };
    expectOk(await list({ cursor: signedCursor("questions.list", position, "id", 512) }));
    expectInvalid(await list({ cursor: signedCursor("questions.list", position, "id", 513) }), "cursor");
  });

  it("scope: genome, brand_kit, work and all pass; others fail on field scope", async () => {
    for (const scope of ["genome", "brand_kit", "work", "all"]) expectOk(await list({ scope }));
    expectInvalid(await list({ scope: "everything" }), "scope");
  });
});

describe("questions.answer bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const freshQuestion = async () => {
    const asked = await call("questions.ask", world.member.key, {
      brand: world.brand.shortId,
      questions: [question()],
    });
    expectOk(asked);
    return asked.body.data.ids[0] as string;
  };
  const answer = (input: Record<string, unknown>) =>
    call("questions.answer", world.member.key, { brand: world.brand.shortId, ...input });
  const base = async (overrides: Record<string, unknown> = {}) => ({
    questionId: await freshQuestion(),
    expectedRevision: 1,
    action: "answer",
    answer: "Yes",
    idempotencyKey: uid("idem-"),
    ...overrides,
  });

  it("answer: 2000 characters pass, 2001 fail on field answer", async () => {
    expectOk(await answer(await base({ answer: str(2000, "y") })));
    expectInvalid(await answer(await base({ answer: str(2001, "y") })), "answer");
  });

  it("idempotencyKey: 80 characters pass, 81 fail on field idempotencyKey", async () => {
    expectOk(await answer(await base({ idempotencyKey: uniqueStr(80) })));
    expectInvalid(await answer(await base({ idempotencyKey: uniqueStr(81) })), "idempotencyKey");
  });

  it("questionId must be a UUID", async () => {
    expectInvalid(await answer(await base({ questionId: "not-a-uuid" })), "questionId");
    expectInvalid(await answer(await base({ questionId: 42 })), "questionId");
  });

  it("expectedRevision: integers within ±9007199254740991 pass; 9007199254740992, -9007199254740992 and 1.5 fail", async () => {
    for (const revision of [9007199254740991, -9007199254740991]) {
      const response = await answer(await base({ expectedRevision: revision }));
      // passes validation: the question exists at revision 1, so execution reports the conflict
      expect(response.status, JSON.stringify(response.body)).toBe(409);
      expect(response.body.error.code).toBe("revision_conflict");
      expect(response.body.error.currentRevision).toBe(1);
    }
    // the JSON text carries the exact digits; JSON.stringify keeps them
    const over = await base();
    const raw = JSON.stringify({ brand: world.brand.shortId, ...over, expectedRevision: 0 }).replace(
      '"expectedRevision":0',
      '"expectedRevision":9007199254740992',
    );
    expect(raw).toContain("9007199254740992");
    expectInvalid(await call("questions.answer", world.member.key, raw), "expectedRevision");
    expectInvalid(await answer(await base({ expectedRevision: -9007199254740992 })), "expectedRevision");
    expectInvalid(await answer(await base({ expectedRevision: 1.5 })), "expectedRevision");
    expectInvalid(await answer(await base({ expectedRevision: "1" })), "expectedRevision");
  });

  it("action: answer, defer and dismiss pass; others fail on field action", async () => {
    expectOk(await answer(await base({ action: "answer" })));
    expectOk(await answer(await base({ action: "defer", answer: undefined })));
    expectOk(await answer(await base({ action: "dismiss", answer: undefined })));
    expectInvalid(await answer(await base({ action: "skip" })), "action");
  });

  it("answer is required with action answer and refused with defer or dismiss (field answer)", async () => {
    expectInvalid(await answer(await base({ action: "answer", answer: undefined })), "answer");
    expectInvalid(await answer(await base({ action: "answer", answer: "" })), "answer");
    expectInvalid(await answer(await base({ action: "defer", answer: "Later" })), "answer");
    expectInvalid(await answer(await base({ action: "dismiss", answer: "No" })), "answer");
  });

  it("names each missing required field", async () => {
    for (const missing of ["questionId", "expectedRevision", "action", "idempotencyKey"]) {
      const input = await base();
      delete (input as Record<string, unknown>)[missing];
      expectInvalid(await answer(input), missing);
    }
  });
});

describe("brand.profile.update bounds", () => {
  let world: World;
  let revision: number;
  beforeAll(async () => {
    world = await makeWorld();
    const overview = await call("brand.overview", world.admin.key, { brand: world.brand.shortId });
    expectOk(overview);
    revision = overview.body.data.revision;
  });
  const update = (input: Record<string, unknown>) =>
    call("brand.profile.update", world.admin.key, { brand: world.brand.shortId, expectedRevision: revision, ...input });

  const cases: [field: string, atBound: string, pastBound: string][] = [
    ["displayName", str(120, "D"), str(121, "D")],
    ["city", str(120, "c"), str(121, "c")],
    ["organizationType", str(40, "o"), str(41, "o")],
    ["countryCode", "FR", "FRA"],
    ["primaryLanguage", "en-US-x-abcd", "en-US-x-abcde"],
  ];
  for (const [field, atBound, pastBound] of cases) {
    it(`${field}: ${atBound.length} characters pass (confirmation_required), ${pastBound.length} fail`, async () => {
      expectConfirmation(await update({ [field]: atBound }));
      expectInvalid(await update({ [field]: pastBound }), field);
    });
  }

  it("countryCode must be an ISO 3166-1 alpha-2 code (any case)", async () => {
    expectConfirmation(await update({ countryCode: "fr" }));
    expectConfirmation(await update({ countryCode: "gb" }));
    expectInvalid(await update({ countryCode: "ZZ" }), "countryCode");
    expectInvalid(await update({ countryCode: "X" }), "countryCode");
    expectInvalid(await update({ countryCode: "12" }), "countryCode");
  });

  it("primaryLanguage must be a valid BCP 47 tag", async () => {
    expectConfirmation(await update({ primaryLanguage: "fr" }));
    expectConfirmation(await update({ primaryLanguage: "en-gb" }));
    expectInvalid(await update({ primaryLanguage: "not a tag" }), "primaryLanguage");
    expectInvalid(await update({ primaryLanguage: "en_GB!" }), "primaryLanguage");
  });

  it("only expectedRevision gives field body; a missing expectedRevision is named", async () => {
    expectInvalid(await update({}), "body");
    expectInvalid(
      await call("brand.profile.update", world.admin.key, { brand: world.brand.shortId, city: "Lyon" }),
      "expectedRevision",
    );
  });

  it("expectedRevision: 53-bit integers only", async () => {
    expectInvalid(await update({ city: "Lyon", expectedRevision: 1.5 }), "expectedRevision");
    const raw = JSON.stringify({ brand: world.brand.shortId, city: "Lyon", expectedRevision: 0 }).replace(
      '"expectedRevision":0',
      '"expectedRevision":9007199254740992',
    );
    expectInvalid(await call("brand.profile.update", world.admin.key, raw), "expectedRevision");
    // at the bound the input is valid: the stale revision is then reported, not the schema
    const atBound = await update({ city: "Lyon", expectedRevision: 9007199254740991 });
    expect(atBound.status, JSON.stringify(atBound.body)).toBe(409);
    expect(atBound.body.error.code).toBe("revision_conflict");
  });
});

describe("kit.colors.add bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  let colour = 0;
  /** a HEX not used yet in this brand, so no duplicate check interferes */
  const freshHex = () => (0x100000 + colour++ * 7919).toString(16).toUpperCase().padStart(6, "0");
  const add = (input: Record<string, unknown>) =>
    call("kit.colors.add", world.admin.key, { brand: world.brand.shortId, ...input });

  it("name: 60 characters pass (confirmation_required), 61 fail; empty fails", async () => {
    expectConfirmation(await add({ name: str(60, "n"), hex: freshHex(), role: "primary" }));
    expectInvalid(await add({ name: str(61, "n"), hex: freshHex(), role: "primary" }), "name");
    expectInvalid(await add({ name: "", hex: freshHex(), role: "primary" }), "name");
  });

  it("hex: #RGB, RGB, #RRGGBB and RRGGBB in any case pass; other shapes fail on field hex", async () => {
    for (const hex of ["#abc", "abc", "#ABC", "#a1b2c3", "A1B2C3", "#A1b2C3", "a1b2c3"]) {
      expectConfirmation(await add({ name: "Sample", hex, role: "accent" }));
    }
    for (const hex of [
      "",
      "#ab",
      "abcd",
      "#abcd",
      "#abcde",
      "#a1b2c3d",
      "a1b2c3d",
      "#gggggg",
      "##abc",
      "#a1b2c3ff",
      "red",
    ]) {
      expectInvalid(await add({ name: "Sample", hex, role: "accent" }), "hex");
    }
  });

  it("role: every enum value passes, omitted passes (default), others fail on field role", async () => {
    for (const role of ["primary", "secondary", "accent", "background", "foreground", "neutral", "unspecified"]) {
      expectConfirmation(await add({ name: "Role", hex: freshHex(), role }));
    }
    expectConfirmation(await add({ name: "Role", hex: freshHex() }));
    expectInvalid(await add({ name: "Role", hex: freshHex(), role: "highlight" }), "role");
  });

  it("names missing required fields", async () => {
    expectInvalid(await add({ hex: freshHex() }), "name");
    expectInvalid(await add({ name: "No hex" }), "hex");
  });
});

describe("kit.instructions.update bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const update = (input: Record<string, unknown>) =>
    call("kit.instructions.update", world.admin.key, { brand: world.brand.shortId, ...input });

  it("text: 4000 characters pass (confirmation_required), 4001 fail", async () => {
    expectConfirmation(await update({ section: "general", text: str(4000, "t") }));
    expectInvalid(await update({ section: "general", text: str(4001, "t") }), "text");
  });

  it("section: logos, colors, typography, imagery and general pass; others fail", async () => {
    for (const section of ["logos", "colors", "typography", "imagery", "general"]) {
      expectConfirmation(await update({ section, text: "Use it well." }));
    }
    expectInvalid(await update({ section: "fonts", text: "x" }), "section");
  });

  it("names missing required fields", async () => {
    expectInvalid(await update({ text: "x" }), "section");
    expectInvalid(await update({ section: "general" }), "text");
  });
});

describe("kit.read bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const read = (input: Record<string, unknown>) =>
    call("kit.read", world.viewer.key, { brand: world.brand.shortId, ...input });

  it("parts: each of colors, typography, logos, instructions passes; others fail as parts.N", async () => {
    for (const part of ["colors", "typography", "logos", "instructions"]) expectOk(await read({ parts: [part] }));
    expectOk(await read({ parts: ["colors", "typography", "logos", "instructions"] }));
    expectInvalid(await read({ parts: ["fonts"] }), "parts.0");
    expectInvalid(await read({ parts: ["colors", "palette"] }), "parts.1");
    expectInvalid(await read({ parts: "colors" }), "parts");
  });
});

describe("brands.list bounds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const list = (input: Record<string, unknown>) => call("brands.list", world.viewer.key, input);

  it("limit: 1 and 50 pass; 0, 51 and 2.5 fail on field limit", async () => {
    const one = await list({ limit: 1 });
    expectOk(one);
    expect(one.body.data.items).toHaveLength(1);
    expectOk(await list({ limit: 50 }));
    expectInvalid(await list({ limit: 0 }), "limit");
    expectInvalid(await list({ limit: 51 }), "limit");
    expectInvalid(await list({ limit: 2.5 }), "limit");
  });

  it("cursor: a server-signed cursor of 512 characters passes, one of 513 fails on field cursor", async () => {
    expectOk(await list({ cursor: signedCursor("brands.list", { key: "" }, "key", 512) }));
    expectInvalid(await list({ cursor: signedCursor("brands.list", { key: "" }, "key", 513) }), "cursor");
  });
});

describe("unknown fields", () => {
  it("a misspelt field is refused and named, not ignored", async () => {
    const world = await makeWorld();
    expectInvalid(
      await call("brand.profile.update", world.admin.key, {
        brand: world.brand.shortId,
        expectedRevision: 1,
        expectedRevison: 1,
        city: "Lyon",
      }),
      "expectedRevison",
    );
  });
});
