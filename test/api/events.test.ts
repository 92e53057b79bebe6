// Events: every committed write records exactly one event in its own transaction, none
// for a refused or rolled-back one; events.list pages them by cursor without ever skipping one a
// slower transaction commits late; they are swept after EVENT_RETENTION_DAYS.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { capabilities } from "../../lib/capabilities/registry";
import { eventDataSchema } from "../../lib/events/catalogue";
import { envelopeOf } from "../../lib/events/envelope";
import { newEventId, recordEvent } from "../../lib/events/record";
import { freePort, startServer, type RunningServer } from "../../scripts/support/start-server";
import { writeProvidersFile } from "../support/oauth-provider";
import { assertWebhookBody } from "../support/contract";
import { call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";
import { fixtures, MATRIX_PROVIDER } from "../authz/fixtures";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Item = { id: string; type: string; createdAt: string; actor: Record<string, any>; data: Record<string, any> };

let server: RunningServer;
let providers: ReturnType<typeof writeProvidersFile>;
let world: World;

const on = (capability: string, key: string, body: Record<string, unknown>) =>
  call(capability, key, body, { url: server.url });
const confirmed = (capability: string, key: string, body: Record<string, unknown>) =>
  confirmAndCall(capability, key, body, { url: server.url });
const eventsOf = (brandId: string) => db().event.findMany({ where: { brandId }, orderBy: { seq: "asc" } });
const list = (who: World, input: Record<string, unknown> = {}) =>
  on("events.list", who.admin.key, { brand: who.brand.shortId, ...input });

beforeAll(async () => {
  const closedPort = await freePort(); // connections.connect only builds the link; nothing is called there
  providers = writeProvidersFile([
    {
      provider: MATRIX_PROVIDER,
      name: "Events mock",
      authorizationUrl: `http://127.0.0.1:${closedPort}/authorize`,
      tokenUrl: `http://127.0.0.1:${closedPort}/token`,
      clientId: "events-client",
      clientSecret: "events-secret",
      scopes: ["profile"],
    },
  ]);
  // a short retention and a fast background loop, so the sweep is seen doing its work
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    EVENT_RETENTION_DAYS: "2",
    BACKGROUND_INTERVAL_SECONDS: "1",
  });
  world = await makeWorld();
});

afterAll(async () => {
  await server?.stop();
  providers?.remove();
});

describe("the outbox: one event per committed write", () => {
  const writes = capabilities.filter((capability) => capability.kind === "write" && capability.doors.includes("api"));

  it.each(writes.map((capability) => [capability.id, capability] as const))(
    "%s records exactly one event, of a type it declares, its data in its schema",
    async (id, capability) => {
      const before = (await eventsOf(world.brand.id)).length;
      const input = await fixtures[id]!(world.brand);
      expectOk(await confirmed(id, world.admin.key, { brand: world.brand.shortId, ...input }));
      const added = (await eventsOf(world.brand.id)).slice(before);
      expect(added).toHaveLength(1);
      const [event] = added;
      expect(Object.keys(capability.events!.types)).toContain(event!.type);
      expect(eventDataSchema(event!.type)!.safeParse(event!.data).success).toBe(true);
      expect(event!.actor).toEqual({
        kind: "key",
        door: "api",
        person: { id: world.admin.id, name: "Test admin" },
        app: null,
        key: { id: world.admin.keyId, name: null },
      });
      // the body a webhook delivers is what the OpenAPI document's `webhooks` promise
      await assertWebhookBody(envelopeOf(event!, world.brand));
    },
  );

  it("an upload's two steps: started, then the file proposed with its public shape", async () => {
    const brand = world.brand.shortId;
    const bytes = new TextEncoder().encode("hello events");
    const started = expectOk(
      await on("library.upload.create", world.admin.key, {
        brand,
        step: "start",
        fileName: "notes.txt",
        mimeType: "text/plain",
        sizeBytes: bytes.length,
      }),
    ) as { uploadId: string; uploadUrl: string };
    expect(
      (await fetch(started.uploadUrl, { method: "PUT", headers: { "Content-Type": "text/plain" }, body: bytes }))
        .status,
    ).toBe(200);
    const done = expectOk(
      await on("library.upload.create", world.admin.key, { brand, step: "complete", uploadId: started.uploadId }),
    ) as { assetId: string };
    const [start, complete] = (await eventsOf(world.brand.id)).slice(-2);
    expect(start).toMatchObject({
      type: "library.upload.started",
      data: { uploadId: started.uploadId, fileName: "notes.txt", mimeType: "text/plain", sizeBytes: bytes.length },
    });
    // never the signed URL: an event outlives it
    expect(JSON.stringify(start!.data)).not.toContain("http");
    expect(complete).toMatchObject({
      type: "library.asset.proposed",
      data: { id: done.assetId, name: "notes.txt", status: "proposed" },
    });
  });

  it("records none for a refused, a rolled-back, an unconfirmed or a replayed write", async () => {
    const other = await makeWorld();
    const brand = other.brand.shortId;
    const colour = { brand, name: "Once", hex: "#123456", role: "accent" };
    expectOk(await confirmed("kit.colors.add", other.admin.key, colour));
    const count = async () => (await eventsOf(other.brand.id)).length;
    expect(await count()).toBe(1);
    // asked to confirm: nothing changed yet
    expectError(
      await on("kit.colors.add", other.admin.key, { ...colour, hex: "#654321" }),
      409,
      "confirmation_required",
    );
    // refused by role, by its checks, by a stale revision
    expectError(await on("kit.colors.add", other.viewer.key, colour), 403, "forbidden");
    expectError(await confirmed("kit.colors.add", other.admin.key, colour), 422, "invalid_input");
    expectError(
      await confirmed("brand.profile.update", other.admin.key, { brand, expectedRevision: 999, city: "Nowhere" }),
      409,
      "revision_conflict",
    );
    // rolled back inside execute: the answer's revision check runs in the transaction
    const { id: questionId } = await db().question.create({
      data: {
        id: crypto.randomUUID(),
        brandId: other.brand.id,
        key: "k",
        question: "Q?",
        scope: "genome",
        options: [],
        createdAt: new Date(),
      },
    });
    expectError(
      await on("questions.answer", other.member.key, {
        brand,
        questionId,
        expectedRevision: 7,
        action: "dismiss",
        idempotencyKey: "stale",
      }),
      409,
      "revision_conflict",
    );
    expect(await count()).toBe(1);
    // an idempotent replay answers again but changes nothing: no second event
    const answer = { brand, questionId, expectedRevision: 1, action: "answer", answer: "Dark", idempotencyKey: "once" };
    const first = expectOk(await on("questions.answer", other.member.key, answer));
    expect(expectOk(await on("questions.answer", other.member.key, answer))).toEqual(first);
    const events = await eventsOf(other.brand.id);
    expect(events.map((event) => event.type)).toEqual(["kit.color.added", "question.answered"]);
    expect(events[1]!.data).toMatchObject({ id: questionId, status: "answered", answer: "Dark", revision: 2 });
  });
});

describe("events.list", () => {
  it("pages oldest first by cursor, filters by type and time, and resumes after an event's id", async () => {
    const other = await makeWorld();
    const brand = other.brand.shortId;
    const started = Date.now();
    for (const hex of ["#100000", "#200000", "#300000"])
      expectOk(await confirmed("kit.colors.add", other.admin.key, { brand, name: hex, hex }));
    expectOk(
      await on("questions.ask", other.member.key, {
        brand,
        questions: [{ key: "tone", question: "Which tone?", options: [], scope: "genome" }],
      }),
    );
    const stored = await eventsOf(other.brand.id);
    expect(stored).toHaveLength(4);
    // each event carries its write's time, in either database (PostgreSQL numbers and stores it in one statement)
    for (const event of stored) expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(started);
    expect(stored.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(stored.map((event) => event.seq)).toEqual([1, 2, 3, 4]);

    const seen: Item[] = [];
    let cursor: string | undefined;
    do {
      const page = expectOk(await list(other, { limit: 3, ...(cursor ? { cursor } : {}) })) as {
        items: Item[];
        nextCursor: string | null;
      };
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((item) => item.id)).toEqual(stored.map((event) => event.id));
    expect(seen[3]).toMatchObject({
      type: "question.asked",
      actor: { kind: "key", door: "api", person: { name: "Test member" } },
      data: { items: [{ question: "Which tone?", status: "open" }] },
    });
    expect(seen[0]).toEqual({
      id: stored[0]!.id,
      type: "kit.color.added",
      createdAt: stored[0]!.createdAt.toISOString(),
      actor: stored[0]!.actor,
      data: stored[0]!.data,
    });

    const questions = expectOk(await list(other, { types: ["question.asked"] })) as { items: Item[] };
    expect(questions.items.map((item) => item.type)).toEqual(["question.asked"]);
    // a type outside the catalogue (a misspelling, a capability id) is refused, naming the field
    const unknown = expectError(await list(other, { types: ["question.asked", "no.such_type"] }), 422, "invalid_input");
    expect(unknown).toMatchObject({ field: "types", reason: "unknown_event_type" });
    expectError(await list(other, { types: ["kit.colors.add"] }), 422, "invalid_input");
    expect(
      (expectOk(await list(other, { since: new Date(Date.now() + 60_000).toISOString() })) as { items: Item[] }).items,
    ).toEqual([]);
    expect(
      (expectOk(await list(other, { since: stored[0]!.createdAt.toISOString() })) as { items: Item[] }).items,
    ).toHaveLength(4);
    // an integrator back from downtime passes the id of the last event it processed (a webhook-id)
    const after = expectOk(await list(other, { cursor: stored[1]!.id })) as {
      items: Item[];
      nextCursor: string | null;
    };
    expect(after).toEqual({ items: seen.slice(2), nextCursor: null });
  });

  it("refuses a cursor it did not make, another brand's event id, members and keys without activity.read", async () => {
    const other = await makeWorld();
    expectOk(
      await confirmed("kit.colors.add", other.admin.key, { brand: other.brand.shortId, name: "Mine", hex: "#ABCDEF" }),
    );
    const [theirs] = await eventsOf(other.brand.id);
    expect(expectError(await list(world, { cursor: theirs!.id }), 422, "invalid_input").message).toMatch(/cursor/);
    expectError(await list(world, { cursor: "forged.cursor" }), 422, "invalid_input");
    expectError(await list(world, { types: ["Not A Type"] }), 422, "invalid_input");
    expectError(await on("events.list", world.member.key, { brand: world.brand.shortId }), 403, "forbidden");
    const narrow = await makeKey(world.admin.email, { scopes: "kit.read,kit.write" });
    expect(
      expectError(await on("events.list", narrow.key, { brand: world.brand.shortId }), 403, "insufficient_scope").scope,
    ).toBe("activity.read");
  });

  it("never skips an event while writes commit concurrently: a reader paging all along sees every one once", async () => {
    const other = await makeWorld();
    const brand = other.brand.shortId;
    let writing = true;
    const seen: string[] = [];
    let cursor: string | undefined;
    const drain = async () => {
      for (;;) {
        const page = expectOk(await list(other, { limit: 7, ...(cursor ? { cursor } : {}) })) as {
          items: Item[];
          nextCursor: string | null;
        };
        seen.push(...page.items.map((item) => item.id));
        // on the last page, continue after its newest event the way an integrator would: by its id
        cursor = page.nextCursor ?? page.items.at(-1)?.id ?? cursor;
        if (!page.nextCursor) return;
      }
    };
    const reader = (async () => {
      while (writing) await drain();
      await drain();
    })();
    const ask = (n: number) =>
      on("questions.ask", other.member.key, {
        brand,
        questions: [{ key: `k${n}`, question: `Question ${n}?`, options: [], scope: "work" }],
      });
    for (let batch = 0; batch < 6; batch++) {
      for (const response of await Promise.all(Array.from({ length: 8 }, (_, n) => ask(batch * 8 + n))))
        expectOk(response);
    }
    writing = false;
    await reader;
    const stored = await eventsOf(other.brand.id);
    expect(stored).toHaveLength(48);
    expect(seen).toEqual(stored.map((event) => event.id));
  });
});

describe("commit order on PostgreSQL", () => {
  const postgres = inject("testEnv").DATABASE_URL?.startsWith("postgres") ?? false;

  it.skipIf(!postgres)(
    "an event numbered first but committed last holds back the ones after it, so no reader steps past it",
    async () => {
      const other = await makeWorld();
      const brand = other.brand.shortId;
      const ask = (key: string) =>
        on("questions.ask", other.member.key, {
          brand,
          questions: [{ key, question: `${key}?`, options: [], scope: "work" }],
        });
      const types = async () => (expectOk(await list(other)) as { items: Item[] }).items.map((item) => item.type);
      expectOk(await ask("first"));
      // a slow write, in the test's own transaction: it takes the next number, then waits to commit
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let numbered = false;
      const actor = {
        kind: "person" as const,
        door: "api" as const,
        person: { id: other.admin.id, name: "Test admin" },
        app: null,
        key: null,
      };
      const slow = db().$transaction(
        async (tx) => {
          await recordEvent(tx, {
            brandId: other.brand.id,
            type: "kit.instructions.updated",
            actor,
            data: { section: "general", text: "slow" },
            at: new Date(),
          });
          numbered = true;
          await held;
        },
        { timeout: 30_000 },
      );
      while (!numbered) await new Promise((resolve) => setTimeout(resolve, 20));
      // a fast write through the server meanwhile: it must wait for the slow one's commit
      let fastDone = false;
      const fast = ask("second").then((response) => ((fastDone = true), response));
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(fastDone).toBe(false);
      expect(await types()).toEqual(["question.asked"]);
      release();
      await slow;
      expectOk(await fast);
      expect(await types()).toEqual(["question.asked", "kit.instructions.updated", "question.asked"]);
    },
  );
});

describe("retention", () => {
  it("the background loop deletes events older than EVENT_RETENTION_DAYS and keeps the rest", async () => {
    const other = await makeWorld();
    const day = 86_400_000;
    const actor = {
      kind: "person",
      door: "api",
      person: { id: other.admin.id, name: "Test admin" },
      app: null,
      key: null,
    };
    const row = (seq: number, age: number) => ({
      id: newEventId(),
      brandId: other.brand.id,
      seq,
      type: "kit.instructions.updated",
      createdAt: new Date(Date.now() - age * day),
      actor,
      data: { section: "general", text: "" },
    });
    const [old, recent] = [row(1, 3), row(2, 1)];
    await db().event.createMany({ data: [old, recent] });
    const deadline = Date.now() + 20_000;
    while ((await db().event.count({ where: { id: old.id } })) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await eventsOf(other.brand.id)).map((event) => event.id)).toEqual([recent.id]);
    // a swept event's id no longer resumes a list: the caller is told to start again with since
    expect(expectError(await list(other, { cursor: old.id }), 422, "invalid_input").message).toMatch(/since/);
  });
});
