// activity.undo over HTTP: every reversible write is undone (its records read back
// through the capabilities as they were, same ids) and redone by undoing the undo; a later change
// is a conflict naming it; the window; the writes that cannot be undone say why; scopes and roles;
// the activity.undone event; an Idempotency-Key retry after an undo replays without writing.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, expectError, expectOk, makeKey, makeWorld, type ApiResponse } from "../support/world";
import { dateInWords } from "../../lib/words/date-words";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Input = Record<string, unknown>;

const send = (world: World, capability: string, input: Input, key = world.admin.key, headers = {}) =>
  call(capability, key, { brand: world.brand.shortId, ...input }, { headers });

/** A write, confirmed when it asks to be: the answer, its request id, and what the person confirmed. */
async function confirmed(world: World, capability: string, input: Input, key = world.admin.key, headers = {}) {
  const first = await send(world, capability, input, key, headers);
  if (first.body?.error?.code !== "confirmation_required")
    return { answer: first, requestId: first.headers.get("x-request-id")!, summary: "" };
  const token = expectError(first, 409, "confirmation_required").confirmationToken as string;
  const answer = await send(world, capability, { ...input, confirmationToken: token }, key, headers);
  return { answer, requestId: answer.headers.get("x-request-id")!, summary: first.body.error.summary as string };
}

const done = async (world: World, capability: string, input: Input) => {
  const { answer, requestId } = await confirmed(world, capability, input);
  return { data: expectOk(answer), requestId };
};

/** The activity.list item of the call with this request id. */
async function entryOf(world: World, requestId: string) {
  const page = expectOk(await send(world, "activity.list", { requestId }));
  expect(page.items).toHaveLength(1);
  return page.items[0] as { id: string; capabilityId: string; undo: { available: boolean; reason?: string } };
}

async function undo(world: World, activityId: string) {
  const { answer, summary } = await confirmed(world, "activity.undo", { activityId });
  const data = expectOk(answer) as { ok: true; id: string };
  return { ...data, summary };
}

const undoRefused = async (world: World, activityId: string, status: number, code: string, key = world.admin.key) =>
  expectError(await send(world, "activity.undo", { activityId }, key), status, code);

/**
 * The round trip every reversible write must pass: write, undo (reads equal the records before),
 * undo the undo (reads equal the records after the write). Returns the summaries in words.
 */
async function roundTrip(world: World, capability: string, input: Input, read: () => Promise<unknown>) {
  const before = await read();
  const { requestId } = await done(world, capability, input);
  const written = await read();
  expect(written).not.toEqual(before);
  const entry = await entryOf(world, requestId);
  expect(entry.undo).toEqual({ available: true });
  const undone = await undo(world, entry.id);
  expect(await read()).toEqual(before);
  // the undo is an activity of its own, and undoing it redoes the write
  const undoEntry = expectOk(await send(world, "activity.list", { capabilityId: "activity.undo", limit: 1 })).items[0];
  expect(undoEntry.id).toBe(undone.id);
  const redone = await undo(world, undone.id);
  expect(await read()).toEqual(written);
  return { undone: undone.summary, redone: redone.summary };
}

const kit = async (world: World, part: string) =>
  expectOk(await send(world, "kit.read", { parts: [part] }, world.viewer.key))[part];

async function addColor(world: World, name: string, hex: string, role = "accent") {
  const id = randomUUID();
  await db().kitColor.create({ data: { id, brandId: world.brand.id, name, hex, role } });
  return id;
}

async function addFile(world: World, status: "approved" | "proposed", category?: string) {
  const id = randomUUID();
  const name = `logo-${id.slice(0, 8)}.png`;
  await db().asset.create({
    data: {
      id,
      brandId: world.brand.id,
      name,
      nameKey: name,
      mimeType: "image/png",
      type: "logo",
      status,
      sizeBytes: 68,
      storageKey: `brands/${world.brand.id}/${id}.png`,
      ...(category ? { category, categoryKey: category } : {}),
    },
  });
  return id;
}

describe("activity.undo: the kit", () => {
  it("a colour added, changed and removed comes back as it was, with its id; then the write is redone", async () => {
    const world = await makeWorld();
    const colours = () => kit(world, "colors");
    const words = await roundTrip(world, "kit.colors.add", { name: "Sky", hex: "#8ecae6", role: "accent" }, colours);
    expect(words.undone).toMatch(
      /^Undo "Add the colour "Sky" \(#8ECAE6\) to the kit of Test Brand as accent": remove the colour "Sky" \(#8ECAE6, accent\)\.$/,
    );
    expect(words.redone).toContain('bring back the colour "Sky" (#8ECAE6, accent)');
    const id = await addColor(world, "Sea", "#219EBC");
    const changed = await roundTrip(world, "kit.colors.update", { id, name: "Ocean", role: "primary" }, colours);
    expect(changed.undone).toContain(
      'change the colour "Ocean" (#219EBC, primary) back to the colour "Sea" (#219EBC, accent)',
    );
    await roundTrip(world, "kit.colors.remove", { id }, colours);
  });

  it("typefaces, logos and usage text", async () => {
    const world = await makeWorld();
    const fonts = () => kit(world, "typography");
    await roundTrip(world, "kit.typography.save", { family: "Inter", role: "body", weights: ["400"] }, fonts);
    const [font] = await fonts();
    await roundTrip(
      world,
      "kit.typography.save",
      { id: font.id, family: "Inter", role: "body", weights: ["700"] },
      fonts,
    );
    await roundTrip(world, "kit.typography.remove", { id: font.id }, fonts);
    const logos = () => kit(world, "logos");
    const first = await addFile(world, "approved");
    const second = await addFile(world, "approved");
    await roundTrip(
      world,
      "kit.logos.save",
      { assetId: first, name: "Main", form: "horizontal", theme: "light", primary: true },
      logos,
    );
    // a second primary takes the place of the first: an undo gives it back
    await roundTrip(
      world,
      "kit.logos.save",
      { assetId: second, name: "Mark", form: "square", theme: "dark", primary: true },
      logos,
    );
    await roundTrip(world, "kit.logos.remove", { assetId: first }, logos);
    const text = () => kit(world, "instructions");
    await roundTrip(world, "kit.instructions.update", { section: "colors", text: "Sky on white only." }, text);
    await roundTrip(world, "kit.instructions.update", { section: "colors", text: "Sky on dark too." }, text);
  });
});

describe("activity.undo: the brand, its library, questions and webhooks", () => {
  it("the profile comes back and its revision moves on; contacts added, changed and removed", async () => {
    const world = await makeWorld();
    const overview = async () => expectOk(await send(world, "brand.overview", {}, world.viewer.key));
    const profile = async () => (await overview()).profile;
    const { revision } = await overview();
    await roundTrip(
      world,
      "brand.profile.update",
      { expectedRevision: revision, city: "Lyon", countryCode: "fr" },
      profile,
    );
    // write, undo, redo: three changes, and the revision never goes back
    expect((await overview()).revision).toBe(revision + 3);
    const contacts = async () =>
      expectOk(await send(world, "brand.contacts.list", {})).items.map(({ createdAt: _, ...item }: Input) => item);
    await roundTrip(world, "brand.contacts.save", { op: "upsert", type: "email", value: "hi@example.com" }, contacts);
    const [contact] = await contacts();
    await roundTrip(
      world,
      "brand.contacts.save",
      { op: "upsert", id: contact.id, type: "email", value: "hello@example.com" },
      contacts,
    );
    await roundTrip(world, "brand.contacts.save", { op: "delete", id: contact.id }, contacts);
  });

  it("a reviewed file goes back to proposed (its kit logo with it); questions open again, the answer's declaration goes and comes back", async () => {
    const world = await makeWorld();
    const file = await addFile(world, "proposed", "logo");
    const fileState = async () => {
      const asset = await db().asset.findUniqueOrThrow({ where: { id: file } });
      return { status: asset.status, reviewedAt: asset.reviewedAt, logos: await kit(world, "logos") };
    };
    await roundTrip(world, "library.asset.review", { assetId: file, decision: "approve" }, fileState);
    expect((await fileState()).status).toBe("approved");

    const asked = expectOk(
      await send(world, "questions.ask", {
        questions: ["tagline", "motto", "slogan"].map((key) => ({
          key,
          question: `What is the ${key}?`,
          options: [],
          scope: "genome",
        })),
      }),
    );
    const answer = async (questionId: string, action: string, extra: Input = {}) => {
      const questions = async () => ({
        open: expectOk(await send(world, "questions.list", {})).items.map(({ revision: _, ...item }: Input) => item),
        declarations: await db().memoryDeclaration.findMany({ where: { questionId }, orderBy: { id: "asc" } }),
        status: (await db().question.findUniqueOrThrow({ where: { id: questionId } })).status,
      });
      const { revision } = await db().question.findUniqueOrThrow({ where: { id: questionId } });
      const input = { questionId, expectedRevision: revision, action, idempotencyKey: randomUUID(), ...extra };
      const trip = await roundTrip(world, "questions.answer", input, questions);
      // answer, undo, redo: the revision moved on three times
      expect((await db().question.findUniqueOrThrow({ where: { id: questionId } })).revision).toBe(revision + 3);
      return trip;
    };
    const answered = await answer(asked.ids[0], "answer", { answer: "Brand with care" });
    expect(answered.undone).toContain('make the question "What is the tagline?" open again');
    expect(answered.undone).toContain('remove the brand declaration "Brand with care"');
    await answer(asked.ids[1], "defer");
    await answer(asked.ids[2], "dismiss");
  });

  it("questions asked are dismissed by an undo, and open again by its redo; a reused question is left be", async () => {
    const world = await makeWorld();
    const status = async (id: string) => (await db().question.findUniqueOrThrow({ where: { id } })).status;
    const ask = async (keys: string[]) => {
      const answer = await send(world, "questions.ask", {
        questions: keys.map((key) => ({ key, question: `${key}?`, options: [], scope: "work" })),
      });
      return { ids: expectOk(answer).ids as string[], requestId: answer.headers.get("x-request-id")! };
    };
    const one = await ask(["a"]);
    const two = await ask(["a", "b"]);
    expect(two.ids[0]).toBe(one.ids[0]);
    const undone = await undo(world, (await entryOf(world, two.requestId)).id);
    expect(undone.summary).toContain('dismiss the question "b?"');
    expect(await status(two.ids[1]!)).toBe("dismissed");
    expect(await status(one.ids[0]!)).toBe("open");
    await undo(world, undone.id);
    expect(await status(two.ids[1]!)).toBe("open");
  });

  it("webhook endpoints created and changed come back with the same id and the same sealed secret; a removal says it cannot", async () => {
    const world = await makeWorld();
    const endpoints = async () => expectOk(await send(world, "webhooks.list", {})).items;
    const withoutRevision = async () =>
      (await endpoints()).map(({ revision: _, updatedAt: __, ...item }: Input) => item);
    await roundTrip(world, "webhooks.create", { url: "http://127.0.0.1:9/undo", eventTypes: ["*"] }, withoutRevision);
    const [endpoint] = await endpoints();
    const sealed = async () =>
      (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretSealed;
    const secret = await sealed();
    await roundTrip(world, "webhooks.update", { id: endpoint.id, description: "CRM", enabled: false }, withoutRevision);
    expect(await sealed()).toBe(secret);
    // a removal took the endpoint's delivery log and the events it was owed: it is not offered as
    // undoable, and an undo of it is refused in words, rather than bringing back a part of it
    await db().webhookDelivery.create({
      data: {
        id: randomUUID(),
        endpointId: endpoint.id,
        eventId: `evt_${randomUUID()}`,
        eventType: "kit.color.added",
        payload: "{}",
        status: "pending",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });
    const { requestId } = await done(world, "webhooks.delete", { id: endpoint.id });
    const entry = await entryOf(world, requestId);
    expect(entry.undo.available).toBe(false);
    expect(entry.undo.reason).toMatch(/delivery log .* cannot come back as it was: add the receiver again/);
    const refused = await undoRefused(world, entry.id, 409, "not_undoable");
    expect(refused.message).toBe(entry.undo.reason);
    expect(await endpoints()).toEqual([]);
  });
});

describe("activity.undo refuses in words", () => {
  it("a record changed since: undo_conflict naming what changed, when and by whom", async () => {
    const world = await makeWorld();
    const { data, requestId } = await done(world, "kit.colors.add", { name: "Sky", hex: "#8ECAE6" });
    const later = await done(world, "kit.colors.update", { id: data.id, name: "Skies" });
    const entry = await entryOf(world, requestId);
    expect(entry.undo.available).toBe(false);
    const error = await undoRefused(world, entry.id, 409, "undo_conflict");
    // in the app's one date format (people read it on the Activity page too)
    const laterAt = dateInWords((await db().auditEntry.findFirstOrThrow({ where: { requestId: later.requestId } })).at);
    expect(error.message).toBe(
      `This cannot be undone: the colour "Skies" (#8ECAE6, no particular role) changed since (its name) (Change a kit colour on ${laterAt} by Test admin).`,
    );
    expect(entry.undo.reason).toBe(error.message);
    // the later change itself can be undone; then the first can too
    await undo(world, (await entryOf(world, later.requestId)).id);
    await undo(world, entry.id);
    expect(await kit(world, "colors")).toEqual([]);
  });

  it("a rule that holds now: the colour's HEX and role came back under another id", async () => {
    const world = await makeWorld();
    const id = await addColor(world, "Sea", "#219EBC");
    const { requestId } = await done(world, "kit.colors.remove", { id });
    await addColor(world, "Sea again", "#219EBC");
    const entry = await entryOf(world, requestId);
    const error = await undoRefused(world, entry.id, 409, "undo_conflict");
    expect(error.message).toContain(
      'the kit has the colour "Sea again" (#219EBC, accent) now, with the same HEX value and role',
    );
    // activity.list asks the same rules: no Undo offered that would be refused
    expect(entry.undo).toEqual({ available: false, reason: error.message });
  });

  it("after the window: undo_expired", async () => {
    const world = await makeWorld();
    const { requestId } = await done(world, "kit.colors.add", { name: "Sky", hex: "#8ECAE6" });
    const entry = await entryOf(world, requestId);
    await db().auditEntry.update({ where: { id: entry.id }, data: { at: new Date(Date.now() - 25 * 3_600_000) } });
    expect(await undoRefused(world, entry.id, 409, "undo_expired")).toMatchObject({
      message: expect.stringContaining("a change can be undone for 24 hours after it was made"),
    });
    expect((await entryOf(world, requestId)).undo).toEqual({
      available: false,
      reason: expect.stringContaining("24 hours"),
    });
  });

  it("writes that cannot be taken back, refusals, repeats and writes from before the capture: not_undoable", async () => {
    const world = await makeWorld();
    const endpoint = expectOk(
      (await confirmed(world, "webhooks.create", { url: "http://127.0.0.1:9/x", eventTypes: ["*"] })).answer,
    );
    const rotated = await confirmed(world, "webhooks.secret.rotate", { id: endpoint.id });
    expectOk(rotated.answer);
    const rotation = await entryOf(world, rotated.requestId);
    expect(rotation.undo).toEqual({ available: false, reason: expect.stringContaining("rotate again instead") });
    expect((await undoRefused(world, rotation.id, 409, "not_undoable")).message).toContain("rotate again instead");
    expectOk(await send(world, "webhooks.test", { id: endpoint.id }));
    const entries = expectOk(
      await send(world, "activity.list", { capabilityId: "webhooks.test", outcome: "done" }),
    ).items;
    expect((await undoRefused(world, entries[0].id, 409, "not_undoable")).message).toContain("already sent");
    // entries made the way each write records one (no capture: the declaration alone decides)
    const reasons: Record<string, string> = {
      "connections.connect": "Disconnect the account once it is connected instead",
      "connections.disconnect": "connect again instead",
      "webhooks.deliveries.resend": "already sent again",
      "library.upload.create": "A file's bytes cannot be taken back",
      "kit.colors.add": "before the service kept what each change did",
    };
    for (const [capabilityId, reason] of Object.entries(reasons)) {
      const id = randomUUID();
      await db().auditEntry.create({
        data: {
          id,
          at: new Date(),
          requestId: randomUUID(),
          door: "api",
          capabilityId,
          brandId: world.brand.id,
          outcome: "ok",
        },
      });
      expect((await undoRefused(world, id, 409, "not_undoable")).message).toContain(reason);
    }
    // a refused write changed nothing
    const refusal = await send(world, "kit.colors.remove", { id: randomUUID() });
    expectError(refusal, 404, "not_found");
    const refusedEntry = expectOk(
      await send(world, "activity.list", { requestId: refusal.headers.get("x-request-id") }),
    ).items[0];
    expect((await undoRefused(world, refusedEntry.id, 409, "not_undoable")).message).toBe(
      "This was refused and changed nothing.",
    );
  });

  it("scopes and roles: activity.write, the undone write's own scope, admins only; another brand's entry is unknown", async () => {
    const world = await makeWorld();
    const { requestId } = await done(world, "kit.colors.add", { name: "Sky", hex: "#8ECAE6" });
    const { id } = await entryOf(world, requestId);
    const noUndo = await makeKey(world.admin.email, { scopes: "kit.write,activity.read" });
    expect(await undoRefused(world, id, 403, "insufficient_scope", noUndo.key)).toMatchObject({
      scope: "activity.write",
    });
    const noKit = await makeKey(world.admin.email, { scopes: "activity.write" });
    expect(await undoRefused(world, id, 403, "insufficient_scope", noKit.key)).toMatchObject({
      scope: "kit.write",
      message: expect.stringContaining("kit.write"),
    });
    await undoRefused(world, id, 403, "forbidden", world.member.key);
    const other = await makeWorld();
    expect(await undoRefused(other, id, 404, "not_found", other.admin.key)).toMatchObject({ field: "activityId" });
    await undoRefused(world, randomUUID(), 404, "not_found");
    // nothing was undone by any of them
    expect(await kit(world, "colors")).toHaveLength(1);
  });
});

describe("activity.undo: its event and retries", () => {
  it("records activity.undone naming the undone entry and its event", async () => {
    const world = await makeWorld();
    const { requestId } = await done(world, "kit.colors.add", { name: "Sky", hex: "#8ECAE6" });
    const { id } = await entryOf(world, requestId);
    await undo(world, id);
    const events = async (type: string) =>
      expectOk(await send(world, "events.list", { types: [type], limit: 10 })).items as { id: string; data: Input }[];
    const [added] = await events("kit.color.added");
    const [undone] = await events("activity.undone");
    expect(undone!.data).toEqual({ activityId: id, capabilityId: "kit.colors.add", eventId: added!.id });
  });

  it("an Idempotency-Key retry of an undone write replays its answer and does not write it again", async () => {
    const world = await makeWorld();
    const headers = { "Idempotency-Key": randomUUID() };
    const input = { name: "Sky", hex: "#8ECAE6" };
    const { answer, requestId } = await confirmed(world, "kit.colors.add", input, world.admin.key, headers);
    const first = expectOk(answer);
    await undo(world, (await entryOf(world, requestId)).id);
    const retry: ApiResponse = await send(world, "kit.colors.add", input, world.admin.key, headers);
    expect(expectOk(retry)).toEqual(first);
    expect(await kit(world, "colors")).toEqual([]);
    // an undo under an Idempotency-Key is retried safely too
    const again = await done(world, "kit.colors.add", { name: "Sea", hex: "#219EBC" });
    const undoHeaders = { "Idempotency-Key": randomUUID() };
    const activityId = (await entryOf(world, again.requestId)).id;
    const undone = await confirmed(world, "activity.undo", { activityId }, world.admin.key, undoHeaders);
    const replay = await send(world, "activity.undo", { activityId }, world.admin.key, undoHeaders);
    expect(expectOk(replay)).toEqual(expectOk(undone.answer));
    expect(await kit(world, "colors")).toEqual([]);
  });
});
