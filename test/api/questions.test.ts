// questions.ask, questions.list and questions.answer over HTTP (spec "questions.*"; docs/design.md,
// brands and questions).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember } from "../../lib/admin/commands";
import { call, makeKey, makeWorld, expectError, expectOk } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let seq = 0;
const uid = (prefix = "") =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ask = (world: World, questions: Record<string, unknown>[], key = world.member.key) =>
  call("questions.ask", key, { brand: world.brand.shortId, questions });
const list = (world: World, input: Record<string, unknown> = {}, key = world.viewer.key) =>
  call("questions.list", key, { brand: world.brand.shortId, ...input });
const answer = (world: World, input: Record<string, unknown>, key = world.member.key) =>
  call("questions.answer", key, { brand: world.brand.shortId, ...input });

const item = (overrides: Record<string, unknown> = {}) => ({
  key: uid("brand."),
  question: `What is it? ${uid()}`,
  options: ["Yes", "No"],
  scope: "genome",
  ...overrides,
});

async function insertQuestion(
  brandId: string,
  options: { createdAt: Date; status?: string; scope?: string; key?: string; revision?: number },
): Promise<string> {
  const id = randomUUID();
  await db().question.create({
    data: {
      id,
      brandId,
      key: options.key ?? uid("k."),
      question: `Inserted ${id}`,
      scope: options.scope ?? "genome",
      options: ["A", "B"],
      status: options.status ?? "open",
      revision: options.revision ?? 1,
      createdAt: options.createdAt,
    },
  });
  return id;
}

/** Every page of questions.list, following nextCursor. */
async function walk(world: World, input: Record<string, unknown>) {
  const pages: { id: string }[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const data = expectOk(await list(world, { ...input, ...(cursor ? { cursor } : {}) }));
    pages.push(data.items);
    expect(data.items.length).toBeLessThanOrEqual(Number(input.limit ?? 20));
    if (data.nextCursor === null) return pages;
    expect(typeof data.nextCursor).toBe("string");
    cursor = data.nextCursor;
  }
  throw new Error("questions.list never returned a null nextCursor");
}

describe("questions.ask", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("returns one UUID per question, in order; new questions are open at revision 1", async () => {
    const questions = [item(), item({ scope: "brand_kit", options: [] }), item({ scope: "work" })];
    const data = expectOk(await ask(world, questions));
    expect(Object.keys(data).sort()).toEqual(["ids", "ok"]);
    expect(data.ok).toBe(true);
    expect(data.ids).toHaveLength(3);
    expect(new Set(data.ids).size).toBe(3);
    for (const [index, id] of (data.ids as string[]).entries()) {
      expect(id).toMatch(UUID);
      const row = await db().question.findUniqueOrThrow({ where: { id } });
      expect(row.brandId).toBe(world.brand.id);
      expect(row.key).toBe(questions[index]!.key);
      expect(row.question).toBe(questions[index]!.question);
      expect(row.scope).toBe(questions[index]!.scope);
      expect(row.options).toEqual(questions[index]!.options);
      expect(row.status).toBe("open");
      expect(row.revision).toBe(1);
    }
    const listed = expectOk(await list(world, { limit: 50 })).items as {
      id: string;
      revision: number;
      question: string;
      scope: string;
      options: string[];
    }[];
    for (const [index, id] of (data.ids as string[]).entries()) {
      const entry = listed.find((question) => question.id === id);
      expect(entry).toEqual({
        id,
        question: questions[index]!.question,
        scope: questions[index]!.scope,
        options: questions[index]!.options,
        revision: 1,
        status: "open",
        deferredAt: null,
      });
    }
  });

  it("asking again with the key of an open question returns its id and keeps the original wording", async () => {
    const original = item({ options: ["Roasted this week"] });
    const [id] = expectOk(await ask(world, [original])).ids;
    const reworded = { ...original, question: "A different wording?", options: ["Other", "Options"], scope: "work" };
    const again = expectOk(await ask(world, [item(), reworded]));
    expect(again.ids[1]).toBe(id);
    expect(await db().question.count({ where: { brandId: world.brand.id, key: original.key } })).toBe(1);
    const row = await db().question.findUniqueOrThrow({ where: { id } });
    expect(row.question).toBe(original.question);
    expect(row.options).toEqual(original.options);
    expect(row.scope).toBe("genome");
    expect(row.revision).toBe(1);
  });

  it("a deferred question is reused too; an answered or dismissed one is asked anew", async () => {
    const deferred = item();
    const [deferredId] = expectOk(await ask(world, [deferred])).ids;
    expectOk(
      await answer(world, { questionId: deferredId, expectedRevision: 1, action: "defer", idempotencyKey: uid("i") }),
    );
    const reasked = expectOk(await ask(world, [{ ...deferred, question: "Reworded?" }]));
    expect(reasked.ids[0]).toBe(deferredId);
    expect((await db().question.findUniqueOrThrow({ where: { id: deferredId } })).question).toBe(deferred.question);

    const answered = item();
    const [answeredId] = expectOk(await ask(world, [answered])).ids;
    expectOk(
      await answer(world, {
        questionId: answeredId,
        expectedRevision: 1,
        action: "answer",
        answer: "Done",
        idempotencyKey: uid("i"),
      }),
    );
    const [newId] = expectOk(await ask(world, [answered])).ids;
    expect(newId).not.toBe(answeredId);
    expect((await db().question.findUniqueOrThrow({ where: { id: newId } })).revision).toBe(1);

    const dismissed = item();
    const [dismissedId] = expectOk(await ask(world, [dismissed])).ids;
    expectOk(
      await answer(world, {
        questionId: dismissedId,
        expectedRevision: 1,
        action: "dismiss",
        idempotencyKey: uid("i"),
      }),
    );
    const [anotherId] = expectOk(await ask(world, [dismissed])).ids;
    expect(anotherId).not.toBe(dismissedId);
  });

  it("the same key in another brand is a different question", async () => {
    const other = await makeWorld();
    const shared = item();
    const [mine] = expectOk(await ask(world, [shared])).ids;
    const [theirs] = expectOk(await ask(other, [shared])).ids;
    expect(theirs).not.toBe(mine);
  });
});

describe("questions.list", () => {
  it("shows open questions then deferred ones, each oldest first; never answered or dismissed ones", async () => {
    const world = await makeWorld();
    const t = Date.now() - 3_600_000;
    const at = (seconds: number) => new Date(t + seconds * 1000);
    const id = world.brand.id;
    const deferredOld = await insertQuestion(id, { createdAt: at(0), status: "deferred", scope: "work" });
    const openB = await insertQuestion(id, { createdAt: at(20), scope: "brand_kit" });
    const answered = await insertQuestion(id, { createdAt: at(5), status: "answered" });
    const openA = await insertQuestion(id, { createdAt: at(10), scope: "genome" });
    const deferredNew = await insertQuestion(id, { createdAt: at(30), status: "deferred", scope: "genome" });
    const dismissed = await insertQuestion(id, { createdAt: at(1), status: "dismissed", scope: "work" });
    const openC = await insertQuestion(id, { createdAt: at(40), scope: "work" });

    const data = expectOk(await list(world));
    const ids = data.items.map((question: { id: string }) => question.id);
    expect(ids).toEqual([openA, openB, openC, deferredOld, deferredNew]);
    expect(ids).not.toContain(answered);
    expect(ids).not.toContain(dismissed);
    expect(data.nextCursor).toBeNull();
    for (const entry of data.items)
      expect(Object.keys(entry).sort()).toEqual([
        "deferredAt",
        "id",
        "options",
        "question",
        "revision",
        "scope",
        "status",
      ]);

    const byScope = async (scope: string) =>
      expectOk(await list(world, { scope })).items.map((question: { id: string }) => question.id);
    expect(await byScope("genome")).toEqual([openA, deferredNew]);
    expect(await byScope("brand_kit")).toEqual([openB]);
    expect(await byScope("work")).toEqual([openC, deferredOld]);
    expect(await byScope("all")).toEqual(ids);
  });

  it("a deferred question moves after the open ones, with its new revision", async () => {
    const world = await makeWorld();
    const [first] = expectOk(await ask(world, [item()])).ids;
    await new Promise((resolve) => setTimeout(resolve, 15));
    const [second] = expectOk(await ask(world, [item()])).ids;
    expect(expectOk(await list(world)).items.map((q: { id: string }) => q.id)).toEqual([first, second]);
    expectOk(
      await answer(world, { questionId: first, expectedRevision: 1, action: "defer", idempotencyKey: uid("i") }),
    );
    const after = expectOk(await list(world)).items;
    expect(after.map((q: { id: string }) => q.id)).toEqual([second, first]);
    expect(after[1].revision).toBe(2);
  });

  it("says of each question whether it is open or deferred, and since when it is deferred", async () => {
    const world = await makeWorld();
    const [kept, putOff] = expectOk(await ask(world, [item(), item()])).ids;
    const before = Date.now();
    expectOk(
      await answer(world, { questionId: putOff, expectedRevision: 1, action: "defer", idempotencyKey: uid("i") }),
    );
    const items = expectOk(await list(world)).items as { id: string; status: string; deferredAt: string | null }[];
    const byId = new Map(items.map((question) => [question.id, question]));
    expect(byId.get(kept)).toMatchObject({ status: "open", deferredAt: null });
    expect(byId.get(putOff)?.status).toBe("deferred");
    const when = Date.parse(byId.get(putOff)?.deferredAt ?? "");
    expect(when).toBeGreaterThanOrEqual(before - 1000);
    expect(when).toBeLessThanOrEqual(Date.now() + 1000);
    // the deferred phase of a later page says so too
    const pages = await walk(world, { limit: 1 });
    expect(pages.flat().map((question) => (question as { status?: string }).status)).toEqual(["open", "deferred"]);
  });

  it("pages with limit and nextCursor: every page walked, no duplicates, no gaps, same order as one page", async () => {
    const world = await makeWorld();
    const t = Date.now() - 7_200_000;
    const id = world.brand.id;
    const inserted: string[] = [];
    // 9 open and 6 deferred, several sharing a creation time, plus closed ones that must never show
    const times = [0, 1, 1, 1, 2, 3, 3, 4, 5];
    for (const [index, second] of times.entries()) {
      inserted.push(
        await insertQuestion(id, { createdAt: new Date(t + second * 1000), scope: index % 2 ? "genome" : "work" }),
      );
    }
    for (const second of [0, 0, 2, 6, 6, 7]) {
      inserted.push(
        await insertQuestion(id, {
          createdAt: new Date(t + second * 1000),
          status: "deferred",
          scope: second % 2 ? "genome" : "work",
        }),
      );
    }
    for (const status of ["answered", "dismissed"]) await insertQuestion(id, { createdAt: new Date(t + 2500), status });

    const whole = expectOk(await list(world, { limit: 50 }));
    expect(whole.nextCursor).toBeNull();
    const order = whole.items.map((question: { id: string }) => question.id) as string[];
    expect([...order].sort()).toEqual([...inserted].sort());
    // open ones (the first nine inserted) come before deferred ones
    expect(new Set(order.slice(0, 9))).toEqual(new Set(inserted.slice(0, 9)));

    for (const limit of [1, 2, 4, 9, 14, 15]) {
      const pages = await walk(world, { limit });
      const walked = pages.flat().map((question) => question.id);
      expect(walked, `limit ${limit}`).toEqual(order);
      expect(new Set(walked).size).toBe(walked.length);
    }

    // with a scope filter too
    const genome = expectOk(await list(world, { scope: "genome", limit: 50 })).items.map((q: { id: string }) => q.id);
    expect(genome.length).toBeGreaterThan(3);
    expect((await walk(world, { scope: "genome", limit: 2 })).flat().map((q) => q.id)).toEqual(genome);
  });

  it("defaults to 20 per page", async () => {
    const world = await makeWorld();
    const t = Date.now() - 3_600_000;
    for (let index = 0; index < 23; index++)
      await insertQuestion(world.brand.id, { createdAt: new Date(t + index * 1000) });
    const first = expectOk(await list(world));
    expect(first.items).toHaveLength(20);
    expect(typeof first.nextCursor).toBe("string");
    const second = expectOk(await list(world, { cursor: first.nextCursor }));
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
  });

  it("a tampered, made-up or foreign cursor is 422 invalid_input on field cursor", async () => {
    const world = await makeWorld();
    const t = Date.now() - 3_600_000;
    for (let index = 0; index < 3; index++)
      await insertQuestion(world.brand.id, { createdAt: new Date(t + index * 1000) });
    const { nextCursor } = expectOk(await list(world, { limit: 1 }));
    expect(typeof nextCursor).toBe("string");
    expectOk(await list(world, { limit: 1, cursor: nextCursor }));

    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const payloadEnd = nextCursor.indexOf(".");
    const tampered = [
      flip(nextCursor, 2), // the payload changed
      flip(nextCursor, nextCursor.length - 2), // the signature changed
      payloadEnd > 0 ? nextCursor.slice(0, payloadEnd) : nextCursor.slice(1), // the signature dropped
      `${nextCursor}x`,
      "made-up-cursor",
      Buffer.from(JSON.stringify({ phase: "open", createdAt: new Date(t).toISOString(), id: "0" })).toString(
        "base64url",
      ),
    ];
    for (const cursor of tampered) {
      const error = expectError(await list(world, { limit: 1, cursor }), 422, "invalid_input");
      expect(error.field, cursor).toBe("cursor");
      expect(error.issues.map((issue: { field: string }) => issue.field)).toContain("cursor");
    }
    // a cursor of another list (brands.list), for a viewer of two brands
    const other = await makeWorld();
    await addMember(db(), { brand: other.brand.shortId, email: world.viewer.email, role: "viewer" });
    const brands = expectOk(await call("brands.list", world.viewer.key, { limit: 1 }));
    expect(typeof brands.nextCursor).toBe("string");
    expect(expectError(await list(world, { cursor: brands.nextCursor }), 422, "invalid_input").field).toBe("cursor");
  });
});

describe("questions.answer", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });
  const fresh = async (overrides: Record<string, unknown> = {}) => {
    const question = item(overrides);
    const [id] = expectOk(await ask(world, [question])).ids;
    return { id: id as string, key: question.key as string };
  };

  it("answer increments the revision and stores an accepted declaration with the answer", async () => {
    const { id, key } = await fresh();
    const text = `Roasted this week ${uid()}`;
    const data = expectOk(
      await answer(world, {
        questionId: id,
        expectedRevision: 1,
        action: "answer",
        answer: text,
        idempotencyKey: uid("i"),
      }),
    );
    expect(data).toEqual({ ok: true, id, revision: 2 });
    const row = await db().question.findUniqueOrThrow({ where: { id } });
    expect(row.revision).toBe(2);
    expect(row.status).toBe("answered");
    const declarations = await db().memoryDeclaration.findMany({ where: { questionId: id } });
    expect(declarations).toHaveLength(1);
    expect(declarations[0]!.brandId).toBe(world.brand.id);
    expect(declarations[0]!.status).toBe("accepted");
    expect(declarations[0]!.statement).toBe(text);
    expect(declarations[0]!.subject).toBe(key);
    expect(declarations[0]!.authorId).toBe(world.member.id);
    const listed = expectOk(await list(world, { limit: 50 })).items.map((q: { id: string }) => q.id);
    expect(listed).not.toContain(id);
  });

  it("defer and dismiss increment the revision and store no declaration", async () => {
    const deferred = await fresh();
    expect(
      expectOk(
        await answer(world, {
          questionId: deferred.id,
          expectedRevision: 1,
          action: "defer",
          idempotencyKey: uid("i"),
        }),
      ),
    ).toEqual({ ok: true, id: deferred.id, revision: 2 });
    expect((await db().question.findUniqueOrThrow({ where: { id: deferred.id } })).revision).toBe(2);
    // a deferred question can be answered later, at its new revision
    expect(
      expectOk(
        await answer(world, {
          questionId: deferred.id,
          expectedRevision: 2,
          action: "defer",
          idempotencyKey: uid("i"),
        }),
      ).revision,
    ).toBe(3);
    expect(
      expectOk(
        await answer(world, {
          questionId: deferred.id,
          expectedRevision: 3,
          action: "answer",
          answer: "Now",
          idempotencyKey: uid("i"),
        }),
      ).revision,
    ).toBe(4);
    expect(await db().memoryDeclaration.count({ where: { questionId: deferred.id } })).toBe(1);

    const dismissed = await fresh();
    expect(
      expectOk(
        await answer(world, {
          questionId: dismissed.id,
          expectedRevision: 1,
          action: "dismiss",
          idempotencyKey: uid("i"),
        }),
      ),
    ).toEqual({ ok: true, id: dismissed.id, revision: 2 });
    const row = await db().question.findUniqueOrThrow({ where: { id: dismissed.id } });
    expect(row.revision).toBe(2);
    expect(row.status).toBe("dismissed");
    expect(await db().memoryDeclaration.count({ where: { questionId: dismissed.id } })).toBe(0);
    expect(expectOk(await list(world, { limit: 50 })).items.map((q: { id: string }) => q.id)).not.toContain(
      dismissed.id,
    );
  });

  it("a stale expectedRevision is 409 revision_conflict with currentRevision; nothing changes", async () => {
    const { id } = await fresh();
    expectOk(await answer(world, { questionId: id, expectedRevision: 1, action: "defer", idempotencyKey: uid("i") }));
    for (const stale of [1, 3]) {
      const error = expectError(
        await answer(world, {
          questionId: id,
          expectedRevision: stale,
          action: "answer",
          answer: "Late",
          idempotencyKey: uid("i"),
        }),
        409,
        "revision_conflict",
      );
      expect(error.currentRevision).toBe(2);
    }
    const row = await db().question.findUniqueOrThrow({ where: { id } });
    expect(row.revision).toBe(2);
    expect(row.status).toBe("deferred");
    expect(row.answer).toBeNull();
    expect(await db().memoryDeclaration.count({ where: { questionId: id } })).toBe(0);
  });

  it("an unknown questionId and a question of another brand are the same 404 not_found on field questionId", async () => {
    const other = await makeWorld();
    const [foreign] = expectOk(await ask(other, [item()])).ids;
    const unknown = await answer(world, {
      questionId: randomUUID(),
      expectedRevision: 1,
      action: "dismiss",
      idempotencyKey: uid("i"),
    });
    const theirs = await answer(world, {
      questionId: foreign,
      expectedRevision: 1,
      action: "dismiss",
      idempotencyKey: uid("i"),
    });
    const a = expectError(unknown, 404, "not_found");
    const b = expectError(theirs, 404, "not_found");
    expect(a.field).toBe("questionId");
    const strip = ({ requestId: _ignored, ...rest }: Record<string, unknown>) => rest;
    expect(strip(b)).toEqual(strip(a));
    const row = await db().question.findUniqueOrThrow({ where: { id: foreign } });
    expect(row.status).toBe("open");
    expect(row.revision).toBe(1);
  });

  it("a repeat with the same idempotencyKey and input replays the first response, even after the revision moved", async () => {
    const { id } = await fresh();
    const input = {
      questionId: id,
      expectedRevision: 1,
      action: "answer",
      answer: `Replay ${uid()}`,
      idempotencyKey: uid("idem-"),
    };
    const first = expectOk(await answer(world, input));
    expect(first).toEqual({ ok: true, id, revision: 2 });
    const second = await answer(world, input);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true, data: first });
    // key order of the body does not make it another input
    const reordered = Object.fromEntries(Object.entries(input).reverse());
    expect((await answer(world, reordered)).body).toEqual({ ok: true, data: first });
    const row = await db().question.findUniqueOrThrow({ where: { id } });
    expect(row.revision).toBe(2);
    expect(await db().memoryDeclaration.count({ where: { questionId: id } })).toBe(1);
  });

  it("the same idempotencyKey with a different input is 422 invalid_input on field idempotencyKey", async () => {
    const { id } = await fresh();
    const input = {
      questionId: id,
      expectedRevision: 1,
      action: "answer",
      answer: "First",
      idempotencyKey: uid("idem-"),
    };
    expectOk(await answer(world, input));
    for (const changed of [{ answer: "Second" }, { expectedRevision: 2 }, { action: "defer", answer: undefined }]) {
      const error = expectError(await answer(world, { ...input, ...changed }), 422, "invalid_input");
      expect(error.field).toBe("idempotencyKey");
      expect(error.issues.map((issue: { field: string }) => issue.field)).toContain("idempotencyKey");
    }
    // a different question with the key already used
    const another = await fresh();
    const error = expectError(await answer(world, { ...input, questionId: another.id }), 422, "invalid_input");
    expect(error.field).toBe("idempotencyKey");
    expect((await db().question.findUniqueOrThrow({ where: { id: another.id } })).revision).toBe(1);
    expect((await db().question.findUniqueOrThrow({ where: { id } })).answer).toBe("First");
  });

  it("the idempotencyKey is scoped per caller: another key may reuse it", async () => {
    const { id } = await fresh();
    const idempotencyKey = uid("shared-");
    const input = { questionId: id, expectedRevision: 1, action: "defer", idempotencyKey };
    expectOk(await answer(world, input));
    // another person: the same key and input is not a replay of someone else's call; it runs
    // against the question as it is now, which moved to revision 2
    const conflict = expectError(await answer(world, input, world.admin.key), 409, "revision_conflict");
    expect(conflict.currentRevision).toBe(2);
    // another person, another key of the same person: the key runs their own calls
    const second = await fresh();
    expect(expectOk(await answer(world, { ...input, questionId: second.id }, world.admin.key))).toEqual({
      ok: true,
      id: second.id,
      revision: 2,
    });
    const otherKey = await makeKey(world.member.email);
    const third = await fresh();
    expect(expectOk(await answer(world, { ...input, questionId: third.id, action: "dismiss" }, otherKey.key))).toEqual({
      ok: true,
      id: third.id,
      revision: 2,
    });
    expect((await db().question.findUniqueOrThrow({ where: { id: third.id } })).status).toBe("dismissed");
  });
});
