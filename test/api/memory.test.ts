// The brand's memory: memory.list, memory.propose and memory.review over
// HTTP, an answered question in memory with its question's id, and brand.overview's pending count.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { runForPerson } from "../../lib/doors/assistant";
import { callTool, connectMcp, expectToolOk } from "../support/mcp";
import { makeMemoryDeclaration, makeQuestion } from "../support/records";
import { call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Item = {
  id: string;
  subject: string;
  statement: string;
  status: string;
  source: { kind: string; id?: string };
  author: { id: string; name: string } | null;
  reviewedBy: { id: string; name: string } | null;
  createdAt: string;
  reviewedAt: string | null;
};
let world: World;

beforeAll(async () => {
  world = await makeWorld();
});

const list = (input: Record<string, unknown> = {}, key = world.viewer.key) =>
  call("memory.list", key, { brand: world.brand.shortId, ...input });
const items = async (input: Record<string, unknown> = {}) => expectOk(await list(input)).items as Item[];
const propose = (input: Record<string, unknown>, key = world.member.key, headers: Record<string, string> = {}) =>
  call("memory.propose", key, { brand: world.brand.shortId, ...input }, { headers });
const review = (declarationId: string, decision: string, key = world.admin.key) =>
  confirmAndCall("memory.review", key, { brand: world.brand.shortId, declarationId, decision });
const pendingCount = async () =>
  expectOk(await call("brand.overview", world.viewer.key, { brand: world.brand.shortId })).counts.pendingMemory;

describe("memory.propose", () => {
  it("a member's proposal is pending, by them, from a person, without any confirmation", async () => {
    const id = expectOk(await propose({ subject: "brand.roast_day", statement: "  We roast on Mondays.  " })).id;
    const [item] = await items({ subject: "brand.roast_day" });
    expect(item).toMatchObject({
      id,
      subject: "brand.roast_day",
      statement: "We roast on Mondays.",
      status: "pending",
      source: { kind: "person" },
      author: { id: world.member.id, name: "Test member" },
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(item!.source).not.toHaveProperty("id");
  });

  it("is retry-safe with Idempotency-Key: the retry replays the first id and writes nothing more", async () => {
    const subject = `retry.${randomUUID().slice(0, 8)}`;
    const headers = { "Idempotency-Key": `memory-${subject}` };
    const first = expectOk(await propose({ subject, statement: "Once." }, world.member.key, headers));
    const again = expectOk(await propose({ subject, statement: "Once." }, world.member.key, headers));
    expect(again.id).toBe(first.id);
    expect(await db().memoryDeclaration.count({ where: { brandId: world.brand.id, subject } })).toBe(1);
  });

  it.each([
    ["subject", { subject: "x".repeat(81), statement: "Fine." }],
    ["subject", { subject: "   ", statement: "Fine." }],
    ["statement", { subject: "fine", statement: "y".repeat(2001) }],
    ["statement", { subject: "fine" }],
    ["source", { subject: "fine", statement: "Fine.", source: "seed" }],
  ])("bad input names the field %s, and nothing is written", async (field, input) => {
    const before = await db().memoryDeclaration.count({ where: { brandId: world.brand.id } });
    expect(expectError(await propose(input), 422, "invalid_input").field).toBe(field);
    expect(await db().memoryDeclaration.count({ where: { brandId: world.brand.id } })).toBe(before);
  });

  it("accepts the bounds exactly: an 80-character subject and a 2,000-character statement", async () => {
    expectOk(await propose({ subject: "s".repeat(80), statement: "t".repeat(2000) }));
  });

  it("through the assistant door, the model's proposal is the assistant's; the person's own is the person's", async () => {
    const byModel = await runForPerson({
      userId: world.member.id,
      capabilityId: "memory.propose",
      brand: world.brand.shortId,
      input: { subject: "learnt.by_model", statement: "Customers call the house blend 'the usual'." },
      requestId: `test-${randomUUID()}`,
      toolCallId: "call_memory_1",
    });
    const byPerson = await runForPerson({
      userId: world.member.id,
      capabilityId: "memory.propose",
      brand: world.brand.shortId,
      input: { subject: "learnt.by_person", statement: "We close in August." },
      requestId: `test-${randomUUID()}`,
    });
    expect([byModel.status, byPerson.status]).toEqual(["ok", "ok"]);
    expect((await items({ subject: "learnt.by_model" }))[0]!.source).toEqual({ kind: "assistant" });
    expect((await items({ subject: "learnt.by_person" }))[0]!.source).toEqual({ kind: "person" });
  });
});

describe("memory.review", () => {
  it("accepting asks for confirmation in words first, writes nothing before the token, then accepts", async () => {
    const id = expectOk(await propose({ subject: "brand.hours", statement: "Open 7 to 19." })).id;
    const asked = expectError(
      await call("memory.review", world.admin.key, {
        brand: world.brand.shortId,
        declarationId: id,
        decision: "accept",
      }),
      409,
      "confirmation_required",
    );
    expect(asked.summary).toBe(`Accept into the brand's memory, about "brand.hours": "Open 7 to 19.".`);
    expect((await db().memoryDeclaration.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    expect(
      expectOk(
        await call("memory.review", world.admin.key, {
          brand: world.brand.shortId,
          declarationId: id,
          decision: "accept",
          confirmationToken: asked.confirmationToken,
        }),
      ),
    ).toEqual({ ok: true, id });
    const [item] = await items({ subject: "brand.hours" });
    expect(item).toMatchObject({ status: "accepted", reviewedBy: { id: world.admin.id, name: "Test admin" } });
    expect(item!.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("rejecting keeps it out, and says so in words", async () => {
    const id = expectOk(await propose({ subject: "brand.slogan", statement: "Coffee, but louder." })).id;
    const asked = expectError(
      await call("memory.review", world.admin.key, {
        brand: world.brand.shortId,
        declarationId: id,
        decision: "reject",
      }),
      409,
      "confirmation_required",
    );
    expect(asked.summary).toBe(
      `Reject the proposal about "brand.slogan" ("Coffee, but louder."): it stays out of the brand's memory.`,
    );
    expectOk(await review(id, "reject"));
    expect((await items({ subject: "brand.slogan" }))[0]!.status).toBe("rejected");
  });

  it("any other move is 422 naming decision: reviewing a reviewed one (before any token), an unknown decision", async () => {
    const id = expectOk(await propose({ subject: "brand.twice", statement: "Reviewed once only." })).id;
    expectOk(await review(id, "accept"));
    const tokens = await db().confirmationToken.count();
    for (const decision of ["accept", "reject"]) {
      const error = expectError(await review(id, decision), 422, "invalid_input");
      expect(error).toMatchObject({ field: "decision", reason: "not_pending" });
    }
    expect(await db().confirmationToken.count()).toBe(tokens);
    expect(expectError(await review(id, "retire"), 422, "invalid_input").field).toBe("decision");
    expect((await items({ subject: "brand.twice" }))[0]!.status).toBe("accepted");
  });

  it("names declarationId when it is not a declaration of this brand, or not an id at all", async () => {
    const other = await makeWorld();
    const theirs = await makeMemoryDeclaration(other.brand.id);
    expect(expectError(await review(theirs, "accept"), 404, "not_found").field).toBe("declarationId");
    expect(expectError(await review(randomUUID(), "accept"), 404, "not_found").field).toBe("declarationId");
    expect(expectError(await review("not-an-id", "accept"), 422, "invalid_input").field).toBe("declarationId");
    expect((await db().memoryDeclaration.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("pending");
  });
});

describe("memory.list", () => {
  it("an answered question appears accepted, with its question's id, its answer and who answered", async () => {
    const questionId = await makeQuestion(world.brand.id);
    const { key: subject } = await db().question.findUniqueOrThrow({ where: { id: questionId } });
    expectOk(
      await call("questions.answer", world.member.key, {
        brand: world.brand.shortId,
        questionId,
        expectedRevision: 1,
        action: "answer",
        answer: "Roasted this week",
        idempotencyKey: `answer-${questionId}`,
      }),
    );
    expect(await items({ subject })).toEqual([
      expect.objectContaining({
        subject,
        statement: "Roasted this week",
        status: "accepted",
        source: { kind: "question", id: questionId },
        author: { id: world.member.id, name: "Test member" },
      }),
    ]);
  });

  it("filters by status and subject; pages newest first with cursor, limit and nextCursor, each once", async () => {
    const subject = `paged.${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push(expectOk(await propose({ subject, statement: `Statement ${n}` })).id);
    expectOk(await review(ids[1]!, "reject"));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = expectOk(await list({ subject, limit: 2, ...(cursor ? { cursor } : {}) }));
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: Item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    expect((await items({ subject, status: "rejected" })).map((item) => item.id)).toEqual([ids[1]]);
    expect((await items({ subject, status: "pending" })).map((item) => item.id)).toEqual(
      [ids[0], ids[2], ids[3], ids[4]].reverse(),
    );
    expect(await items({ subject, status: "accepted" })).toEqual([]);
  });

  it("pending memory in brand.overview counts exactly what memory.list shows as pending", async () => {
    const all = async () => {
      const shown: Item[] = [];
      let cursor: string | undefined;
      do {
        const page = expectOk(await list({ status: "pending", limit: 50, ...(cursor ? { cursor } : {}) }));
        shown.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return shown.length;
    };
    const before = await pendingCount();
    expect(before).toBe(await all());
    expect(before).toBeGreaterThan(0);
    const id = expectOk(await propose({ subject: "brand.count", statement: "Counted." })).id;
    expect(await pendingCount()).toBe(before + 1);
    expect(await all()).toBe(before + 1);
    expectOk(await review(id, "accept"));
    expect(await pendingCount()).toBe(before);
    expect(await all()).toBe(before);
  });

  it.each([
    ["status", { status: "retired" }],
    ["subject", { subject: "x".repeat(81) }],
    ["limit", { limit: 51 }],
    ["cursor", { cursor: "made-up" }],
  ])("bad input names the field %s", async (field, input) => {
    expect(expectError(await list(input), 422, "invalid_input").field).toBe(field);
  });

  it("is an MCP tool too, with the same answer as the API door", async () => {
    const client = await connectMcp(world.viewer.key);
    try {
      const input = { brand: world.brand.shortId, status: "accepted" };
      expect(expectToolOk(await callTool(client, "memory_list", input))).toEqual(expectOk(await list(input)));
    } finally {
      await client.close();
    }
  });
});

describe("events", () => {
  it("every write records its event in events.list, carrying the declaration as memory.list shows it", async () => {
    const subject = `events.${randomUUID().slice(0, 8)}`;
    const accepted = expectOk(await propose({ subject, statement: "Accept me." })).id;
    const rejected = expectOk(await propose({ subject, statement: "Reject me." })).id;
    expectOk(await review(accepted, "accept"));
    expectOk(await review(rejected, "reject"));
    const types = ["memory.declaration.proposed", "memory.declaration.accepted", "memory.declaration.rejected"];
    const events = expectOk(
      await call("events.list", world.admin.key, { brand: world.brand.shortId, types, limit: 50 }),
    ).items.filter((event: { data: Item }) => event.data.subject === subject);
    expect(events.map((event: { type: string; data: Item }) => [event.type, event.data.id])).toEqual([
      ["memory.declaration.proposed", accepted],
      ["memory.declaration.proposed", rejected],
      ["memory.declaration.accepted", accepted],
      ["memory.declaration.rejected", rejected],
    ]);
    const shown = await items({ subject });
    expect(events.at(-1).data).toEqual(shown.find((item) => item.id === rejected));
    expect(events[0].actor).toMatchObject({ door: "api", person: { id: world.member.id } });
  });
});

describe("who may", () => {
  it("memory.read lists, memory.write proposes and reviews; a key made without them is refused naming the scope", async () => {
    const narrow = await makeKey(world.admin.email, { scopes: "brand.read,questions.read,questions.write" });
    expect(expectError(await list({}, narrow.key), 403, "insufficient_scope").scope).toBe("memory.read");
    expect(
      expectError(await propose({ subject: "a", statement: "b" }, narrow.key), 403, "insufficient_scope").scope,
    ).toBe("memory.write");
    const id = await makeMemoryDeclaration(world.brand.id);
    expect(expectError(await review(id, "accept", narrow.key), 403, "insufficient_scope").scope).toBe("memory.write");
    const readOnly = await makeKey(world.admin.email, { scopes: "memory.read" });
    expectOk(await list({}, readOnly.key));
    expect(
      expectError(await propose({ subject: "a", statement: "b" }, readOnly.key), 403, "insufficient_scope").scope,
    ).toBe("memory.write");
  });

  it("a viewer reads but may not propose; a member proposes but may not review; outsiders are forbidden", async () => {
    expectOk(await list({}, world.viewer.key));
    expectError(await propose({ subject: "a", statement: "b" }, world.viewer.key), 403, "forbidden");
    const id = await makeMemoryDeclaration(world.brand.id);
    expectError(await review(id, "accept", world.member.key), 403, "forbidden");
    const other = await makeWorld();
    expectError(await list({}, other.admin.key), 403, "forbidden");
    expect((await db().memoryDeclaration.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });

  it("brand.overview offers the memory capabilities by role", async () => {
    const offered = async (key: string) =>
      (expectOk(await call("brand.overview", key, { brand: world.brand.shortId })).capabilities as string[]).filter(
        (id) => id.startsWith("memory."),
      );
    expect(await offered(world.viewer.key)).toEqual(["memory.list"]);
    expect(await offered(world.member.key)).toEqual(["memory.list", "memory.propose"]);
    expect(await offered(world.admin.key)).toEqual(["memory.list", "memory.propose", "memory.review"]);
  });
});
