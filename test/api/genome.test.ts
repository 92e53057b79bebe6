// The brand's genome: genome.read, genome.entries.propose and
// genome.entries.review over HTTP, and what each does to the voice every agent writes in.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Entry = {
  id: string;
  kind: string;
  value: string;
  status: string;
  source: { kind: string; id?: string };
  note: string | null;
  proposedBy: { id: string; name: string } | null;
  reviewedBy: { id: string; name: string } | null;
  createdAt: string;
  reviewedAt: string | null;
};
let world: World;

beforeAll(async () => {
  world = await makeWorld();
});

const read = (input: Record<string, unknown> = {}, key = world.viewer.key) =>
  call("genome.read", key, { brand: world.brand.shortId, ...input });
const genome = async (input: Record<string, unknown> = {}) =>
  expectOk(await read(input)) as { revision: number; entries: Entry[]; nextCursor: string | null };
const entryOf = async (id: string) => (await genome({ limit: 50 })).entries.find((entry) => entry.id === id);
const propose = (input: Record<string, unknown>, key = world.member.key, headers: Record<string, string> = {}) =>
  call("genome.entries.propose", key, { brand: world.brand.shortId, ...input }, { headers });
const review = async (entryId: string, decision: string, key = world.admin.key, expectedRevision?: number) =>
  confirmAndCall("genome.entries.review", key, {
    brand: world.brand.shortId,
    entryId,
    decision,
    expectedRevision: expectedRevision ?? (await genome()).revision,
  });
const soul = async () => expectOk(await call("brand.soul.read", world.viewer.key, { brand: world.brand.shortId }));
const unique = (text: string) => `${text} (${randomUUID().slice(0, 8)})`;

describe("the voice follows the review", () => {
  it("a member's proposal is not in the voice; the admin's approval puts it there with its source; retiring takes it out", async () => {
    const guardrail = unique("Never mention competitors by name.");
    const before = await soul();
    const [id] = expectOk(await propose({ entries: [{ kind: "guardrail", value: guardrail }], note: "From the FAQ" }))
      .ids as string[];
    expect(await entryOf(id!)).toMatchObject({
      kind: "guardrail",
      value: guardrail,
      status: "proposed",
      source: { kind: "person" },
      note: "From the FAQ",
      proposedBy: { id: world.member.id, name: "Test member" },
      reviewedBy: null,
      reviewedAt: null,
    });
    const proposed = await soul();
    expect(proposed.guardrails).not.toContain(guardrail);
    expect(proposed.revision).toBe(before.revision);

    // the confirmation says in words what the voice gains, and nothing is written before the token comes back
    const { revision } = await genome();
    const first = await call("genome.entries.review", world.admin.key, {
      brand: world.brand.shortId,
      entryId: id,
      decision: "approve",
      expectedRevision: revision,
    });
    const asked = expectError(first, 409, "confirmation_required");
    expect(asked.summary).toBe(`The voice gains the guardrail: "${guardrail}".`);
    expect((await entryOf(id!))?.status).toBe("proposed");
    const approved = expectOk(
      await call("genome.entries.review", world.admin.key, {
        brand: world.brand.shortId,
        entryId: id,
        decision: "approve",
        expectedRevision: revision,
        confirmationToken: asked.confirmationToken,
      }),
    );
    expect(approved).toEqual({ ok: true, id, revision: revision + 1 });
    const voice = await soul();
    expect(voice.guardrails).toContain(guardrail);
    expect(voice.revision).toBe(revision + 1);
    expect(Date.parse(voice.compiledAt)).toBeGreaterThan(Date.parse(before.compiledAt));
    // provenance: the line's entry id, at the line's own place
    expect(voice.sources.guardrails[voice.guardrails.indexOf(guardrail)]).toBe(id);
    expect(await entryOf(id!)).toMatchObject({
      status: "approved",
      reviewedBy: { id: world.admin.id, name: "Test admin" },
    });

    const retired = expectOk(await review(id!, "retire"));
    expect(retired.revision).toBe(revision + 2);
    const after = await soul();
    expect(after.guardrails).not.toContain(guardrail);
    expect(after.sources.guardrails).not.toContain(id);
    expect(after.revision).toBe(revision + 2);
    expect(Date.parse(after.compiledAt)).toBeGreaterThan(Date.parse(voice.compiledAt));
    expect((await entryOf(id!))?.status).toBe("retired");
  });

  it("a review with a stale expectedRevision is refused with revision_conflict and changes nothing", async () => {
    const [id] = expectOk(await propose({ entries: [{ kind: "vocabulary_avoid", value: unique("cheap") }] }))
      .ids as string[];
    const { revision } = await genome();
    const stale = await review(id!, "approve", world.admin.key, revision - 1);
    expect(expectError(stale, 409, "revision_conflict").currentRevision).toBe(revision);
    expect((await entryOf(id!))?.status).toBe("proposed");
    expect((await genome()).revision).toBe(revision);
  });

  it("a rejection leaves the voice and its revision; the retire summary says what the voice loses", async () => {
    const value = unique("luxurious");
    const [id] = expectOk(await propose({ entries: [{ kind: "vocabulary_use", value }] })).ids as string[];
    const before = await soul();
    expectOk(await review(id!, "reject"));
    const after = await soul();
    expect(after.revision).toBe(before.revision);
    expect(after.compiledAt).toBe(before.compiledAt);
    expect((await entryOf(id!))?.status).toBe("rejected");

    const [kept] = expectOk(await propose({ entries: [{ kind: "archetype", value: unique("sage") }] })).ids as string[];
    expectOk(await review(kept!, "approve"));
    const retire = await call("genome.entries.review", world.admin.key, {
      brand: world.brand.shortId,
      entryId: kept,
      decision: "retire",
      expectedRevision: (await genome()).revision,
    });
    expect(expectError(retire, 409, "confirmation_required").summary).toMatch(/^The voice loses the archetype: "sage/);
  });

  it("an impossible move is 422 naming decision: approving twice, retiring a proposal, anything on a rejected entry", async () => {
    const [id] = expectOk(await propose({ entries: [{ kind: "voice", value: unique("Short sentences.") }] }))
      .ids as string[];
    expect(expectError(await review(id!, "retire"), 422, "invalid_input").field).toBe("decision");
    expectOk(await review(id!, "approve"));
    expect(expectError(await review(id!, "approve"), 422, "invalid_input").field).toBe("decision");
    expect(expectError(await review(id!, "reject"), 422, "invalid_input").field).toBe("decision");
    const [other] = expectOk(await propose({ entries: [{ kind: "voice", value: unique("Dry humour.") }] }))
      .ids as string[];
    expectOk(await review(other!, "reject"));
    for (const decision of ["approve", "reject", "retire"]) {
      expect(expectError(await review(other!, decision), 422, "invalid_input").field).toBe("decision");
    }
    expect(expectError(await review(randomUUID(), "approve"), 404, "not_found").field).toBe("entryId");
  });
});

describe("genome.entries.propose", () => {
  it("up to 10 entries in one call, in order, none in the voice, without any confirmation", async () => {
    const values = Array.from({ length: 10 }, (_, i) => unique(`word ${i}`));
    const ids = expectOk(await propose({ entries: values.map((value) => ({ kind: "vocabulary_use", value })) }))
      .ids as string[];
    expect(ids).toHaveLength(10);
    const shown = (await genome({ status: "proposed", kind: "vocabulary_use", limit: 50 })).entries;
    expect(shown.filter((entry) => ids.includes(entry.id)).map((entry) => entry.value)).toEqual(values);
    expect((await soul()).vocabulary.use).not.toEqual(expect.arrayContaining([values[0]]));
  });

  it("bad input is refused naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ entries: [] }, "entries"],
      [{ entries: Array.from({ length: 11 }, () => ({ kind: "voice", value: "x" })) }, "entries"],
      [{ entries: [{ kind: "slogan", value: "x" }] }, "entries.0.kind"],
      [{ entries: [{ kind: "voice", value: "x".repeat(501) }] }, "entries.0.value"],
      [{ entries: [{ kind: "voice", value: "   " }] }, "entries.0.value"],
      [{ entries: [{ kind: "voice", value: "x" }], note: "n".repeat(501) }, "note"],
      [{ entries: [{ kind: "voice", value: "x", status: "approved" }] }, "entries.0.status"],
    ];
    for (const [input, field] of cases) {
      const error = expectError(await propose(input), 422, "invalid_input");
      expect(error.field, JSON.stringify(input)).toBe(field);
    }
  });

  it("is retry-safe with Idempotency-Key: the retry replays the same ids and writes nothing more", async () => {
    const value = unique("Say thank you.");
    const headers = { "Idempotency-Key": `genome-${randomUUID()}` };
    const first = expectOk(await propose({ entries: [{ kind: "guardrail", value }] }, world.member.key, headers));
    const again = expectOk(await propose({ entries: [{ kind: "guardrail", value }] }, world.member.key, headers));
    expect(again.ids).toEqual(first.ids);
    expect(await db().genomeEntry.count({ where: { brandId: world.brand.id, value } })).toBe(1);
  });
});

describe("genome.read", () => {
  it("gives the profile, the revision brand.overview gives, and pages through the entries filtered by status and kind", async () => {
    const overview = expectOk(await call("brand.overview", world.viewer.key, { brand: world.brand.shortId }));
    const first = await genome({ limit: 2 });
    expect(first.revision).toBe(overview.revision);
    expect(expectOk(await read({ limit: 2 })).profile).toEqual(overview.profile);
    const all: Entry[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await genome({ limit: 3, ...(cursor ? { cursor } : {}) });
      all.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    expect(all.length).toBe(await db().genomeEntry.count({ where: { brandId: world.brand.id } }));
    const approved = (await genome({ status: "approved", kind: "guardrail", limit: 50 })).entries;
    expect(approved.every((entry) => entry.status === "approved" && entry.kind === "guardrail")).toBe(true);
    expect(expectError(await read({ status: "pending" }), 422, "invalid_input").field).toBe("status");
    expect(expectError(await read({ cursor: "nope" }), 422, "invalid_input").field).toBe("cursor");
  });
});

describe("events", () => {
  it("every write records its event in events.list, carrying the entry as genome.read shows it", async () => {
    const a = unique("Approve me.");
    const r = unique("Reject me.");
    const [approved, rejected] = expectOk(
      await propose({
        entries: [
          { kind: "guardrail", value: a },
          { kind: "guardrail", value: r },
        ],
      }),
    ).ids as string[];
    expectOk(await review(approved!, "approve"));
    expectOk(await review(rejected!, "reject"));
    expectOk(await review(approved!, "retire"));
    const types = ["genome.entry.proposed", "genome.entry.approved", "genome.entry.rejected", "genome.entry.retired"];
    const events = expectOk(
      await call("events.list", world.admin.key, { brand: world.brand.shortId, types, limit: 50 }),
    ).items as { type: string; data: { items?: Entry[] } & Partial<Entry> }[];
    const mine = events.filter(
      (event) =>
        event.data.items?.some((item) => item.id === approved) || [approved, rejected].includes(event.data.id!),
    );
    expect(mine.map((event) => [event.type, event.data.id ?? event.data.items?.map((item) => item.value)])).toEqual([
      ["genome.entry.proposed", [a, r]],
      ["genome.entry.approved", approved],
      ["genome.entry.rejected", rejected],
      ["genome.entry.retired", approved],
    ]);
    expect(mine.at(-1)!.data).toEqual(await entryOf(approved!));
  });
});

describe("who may", () => {
  it("genome.read reads, genome.write proposes and reviews; a key made without them is refused naming the scope", async () => {
    const narrow = await makeKey(world.admin.email, { scopes: "brand.read,brand.write,memory.read,memory.write" });
    expect(expectError(await read({}, narrow.key), 403, "insufficient_scope").scope).toBe("genome.read");
    const entries = [{ kind: "voice", value: "x" }];
    expect(expectError(await propose({ entries }, narrow.key), 403, "insufficient_scope").scope).toBe("genome.write");
    const [id] = expectOk(await propose({ entries: [{ kind: "voice", value: unique("Calm.") }] })).ids as string[];
    expect(expectError(await review(id!, "approve", narrow.key, 1), 403, "insufficient_scope").scope).toBe(
      "genome.write",
    );
    const readOnly = await makeKey(world.admin.email, { scopes: "genome.read" });
    expectOk(await read({}, readOnly.key));
    expect(expectError(await propose({ entries }, readOnly.key), 403, "insufficient_scope").scope).toBe("genome.write");
    // brand.read alone still reads the approved voice, as before
    const brandOnly = await makeKey(world.admin.email, { scopes: "brand.read" });
    expectOk(await call("brand.soul.read", brandOnly.key, { brand: world.brand.shortId }));
  });

  it("a viewer reads but may not propose; a member proposes but may not review; outsiders are forbidden", async () => {
    expectOk(await read({}, world.viewer.key));
    expectError(await propose({ entries: [{ kind: "voice", value: "x" }] }, world.viewer.key), 403, "forbidden");
    const [id] = expectOk(await propose({ entries: [{ kind: "voice", value: unique("Kind.") }] })).ids as string[];
    expectError(await review(id!, "approve", world.member.key), 403, "forbidden");
    const other = await makeWorld();
    expectError(await read({}, other.admin.key), 403, "forbidden");
    // another brand's entry is not found in this one
    expectError(
      await confirmAndCall("genome.entries.review", other.admin.key, {
        brand: other.brand.shortId,
        entryId: id,
        decision: "approve",
        expectedRevision: 1,
      }),
      404,
      "not_found",
    );
    expect((await db().genomeEntry.findUniqueOrThrow({ where: { id: id! } })).status).toBe("proposed");
  });

  it("brand.overview offers the genome capabilities by role", async () => {
    const offered = async (key: string) =>
      (expectOk(await call("brand.overview", key, { brand: world.brand.shortId })).capabilities as string[]).filter(
        (id) => id.startsWith("genome."),
      );
    expect(await offered(world.viewer.key)).toEqual(["genome.read"]);
    expect(await offered(world.member.key)).toEqual(["genome.read", "genome.entries.propose"]);
    expect(await offered(world.admin.key)).toEqual(["genome.read", "genome.entries.propose", "genome.entries.review"]);
  });
});
