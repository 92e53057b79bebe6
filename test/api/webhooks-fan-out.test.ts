// The deferred fan-out: a write records only its event; the worker turns the events past
// an endpoint's cursor into its deliveries after the commit. These are the edges where that could
// differ from deliveries made in the write: the changes that decide who gets what take effect at
// their own commit, whatever the worker has fanned out so far. To see an event committed and not
// yet fanned out, a test holds the endpoint's claim itself (as another instance would), so the
// suite server's worker cannot reach it until the test lets go.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { deleteExpiredEvents } from "../../lib/events/retention";
import { webhookEndpoints } from "../support/webhook-endpoints";
import { call, confirmAndCall, expectOk, makeWorld } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
const endpoints = webhookEndpoints();

beforeAll(async () => {
  world = await makeWorld();
});

const COLOR_ADDED = "kit.color.added";
const QUESTION_ASKED = "question.asked";
const until = (check: () => unknown, timeout = 10_000) => expect.poll(check, { timeout, interval: 100 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

/** An endpoint in a brand of its own, subscribed to `eventTypes`. */
async function endpoint(eventTypes: string[]) {
  world = await makeWorld();
  return endpoints.endpoint(world, eventTypes);
}

/** The endpoint claimed as another instance would hold it: the worker neither fans out nor sends for it. */
const hold = (id: string) =>
  db().webhookEndpoint.update({
    where: { id },
    data: { claimToken: "held-by-the-test", claimedUntil: new Date(Date.now() + 3_600_000) },
  });
const release = (id: string) =>
  db().webhookEndpoint.update({ where: { id }, data: { claimToken: null, claimedUntil: null } });

let colors = 0;
async function addColor(): Promise<string> {
  colors++;
  const hex = `#12${String(colors).padStart(2, "0")}AA`;
  expectOk(
    await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: `Fan ${colors}`,
      hex,
      role: "primary",
    }),
  );
  return lastEventId(COLOR_ADDED);
}
async function askQuestion(): Promise<string> {
  colors++;
  expectOk(
    await call("questions.ask", world.admin.key, {
      brand: world.brand.shortId,
      questions: [{ key: `q.fan.${colors}`, question: "Which one?", options: ["a", "b"], scope: "work" }],
    }),
  );
  return lastEventId(QUESTION_ASKED);
}
const lastEventId = async (type: string) =>
  (await db().event.findFirstOrThrow({ where: { brandId: world.brand.id, type }, orderBy: { seq: "desc" } })).id;
const update = async (body: Record<string, unknown>) =>
  expectOk(await confirmAndCall("webhooks.update", world.admin.key, { brand: world.brand.shortId, ...body }));

describe("webhook fan-out after the write", () => {
  it("a new endpoint never gets an event from before its creation", async () => {
    world = await makeWorld();
    const before = await addColor();
    const { receiver } = await endpoints.endpoint(world, [COLOR_ADDED]);
    const after = await addColor();
    await until(() => receiver.deliveredIds().length).toBe(1);
    await settle();
    expect(receiver.deliveredIds()).toEqual([after]);
    expect(receiver.deliveredIds()).not.toContain(before);
  });

  it("an event committed before a disabling reaches the endpoint once it is enabled again; one committed while disabled never does", async () => {
    const { receiver, id } = await endpoint([COLOR_ADDED]);
    await hold(id);
    const beforeDisabling = await addColor();
    await update({ id, enabled: false });
    // owed since its commit, as when the write made the delivery: queued by the disabling itself
    expect(await db().webhookDelivery.count({ where: { endpointId: id, eventId: beforeDisabling } })).toBe(1);
    const whileDisabled = await addColor();
    await release(id);
    await settle();
    expect(receiver.received).toHaveLength(0);
    await update({ id, enabled: true });
    const afterEnabling = await addColor();
    await until(() => receiver.deliveredIds().length).toBe(2);
    await settle();
    expect(receiver.deliveredIds()).toEqual([beforeDisabling, afterEnabling]);
    expect(receiver.deliveredIds()).not.toContain(whileDisabled);
  });

  it("a change of event types neither loses nor sends again the events committed before it", async () => {
    const { receiver, id } = await endpoint([COLOR_ADDED]);
    await hold(id);
    const colorBefore = await addColor();
    const questionBefore = await askQuestion(); // not subscribed when committed
    await update({ id, eventTypes: [QUESTION_ASKED] });
    const colorAfter = await addColor(); // not subscribed any more
    const questionAfter = await askQuestion();
    await release(id);
    await until(() => receiver.deliveredIds().length).toBe(2);
    // and back: the events fanned out under the earlier types are not fanned out again
    await update({ id, eventTypes: ["*"] });
    await settle();
    expect(receiver.deliveredIds()).toEqual([colorBefore, questionAfter]);
    expect(receiver.deliveredIds()).not.toContain(questionBefore);
    expect(receiver.deliveredIds()).not.toContain(colorAfter);
  });

  it("a test event goes after the events committed before it, even those not fanned out yet", async () => {
    const { receiver, id } = await endpoint([COLOR_ADDED]);
    await hold(id);
    const first = await addColor();
    const second = await addColor();
    const testDelivery = expectOk(await call("webhooks.test", world.admin.key, { brand: world.brand.shortId, id })).id;
    // queued in the test event's own transaction, ahead of it, whatever a worker had read before
    const queued = await db().webhookDelivery.findMany({
      where: { endpointId: id },
      orderBy: [{ seq: "asc" }, { id: "asc" }],
    });
    expect(queued.map((row) => row.eventId)).toEqual([
      first,
      second,
      queued.find((row) => row.id === testDelivery)!.eventId,
    ]);
    await release(id);
    await until(() => receiver.deliveredIds().length).toBe(3);
    expect(receiver.deliveredIds().slice(0, 2)).toEqual([first, second]);
    expect(receiver.received[2]!.body).toContain('"type":"webhook.test"');
  });

  it("an endpoint brought back by an undo gets no event committed while it was gone", async () => {
    const { receiver } = await endpoint([COLOR_ADDED]);
    const brand = world.brand.shortId;
    // its creation undone (the endpoint removed), then that undo undone: the endpoint is back, same id
    const [created] = expectOk(
      await call("activity.list", world.admin.key, { brand, capabilityId: "webhooks.create", limit: 1 }),
    ).items as { id: string }[];
    const undone = expectOk(await confirmAndCall("activity.undo", world.admin.key, { brand, activityId: created!.id }));
    const whileGone = await addColor();
    expectOk(await confirmAndCall("activity.undo", world.admin.key, { brand, activityId: undone.id as string }));
    const afterRedo = await addColor();
    await until(() => receiver.deliveredIds().length).toBe(1);
    await settle();
    expect(receiver.deliveredIds()).toEqual([afterRedo]);
    expect(receiver.deliveredIds()).not.toContain(whileGone);
  });

  it("event retention keeps an event an enabled endpoint has not had fanned out yet", async () => {
    const { receiver, id } = await endpoint([COLOR_ADDED]);
    await hold(id);
    const owed = await addColor();
    const old = new Date(Date.now() - 40 * 86_400_000);
    await db().event.update({ where: { id: owed }, data: { createdAt: old } });
    await deleteExpiredEvents(30, new Date());
    expect(await db().event.count({ where: { id: owed } })).toBe(1);
    await release(id);
    await until(() => receiver.deliveredIds()).toEqual([owed]);
    await deleteExpiredEvents(30, new Date());
    expect(await db().event.count({ where: { id: owed } })).toBe(0);
  });
});
