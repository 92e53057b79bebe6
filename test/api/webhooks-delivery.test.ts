// Webhook delivery as an integrator meets it: a receiver on loopback verifies every delivery with
// the standardwebhooks package (and svix) unchanged. The suite's server runs the worker every
// 100 ms, bounds an attempt to 1 s and compresses the three-day schedule to about 3 s
// (test/support/global-setup.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { Webhook as SvixWebhook } from "svix";
import { db } from "../../lib/db/client";
import { timeOrderedId } from "../../lib/webhooks/ids";
import { assertWebhookBody } from "../support/contract";
import { verify } from "../support/webhook-receiver";
import { webhookEndpoints } from "../support/webhook-endpoints";
import { call, confirmAndCall, expectOk, makeWorld } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
const endpoints = webhookEndpoints();

beforeAll(async () => {
  world = await makeWorld();
});

const asAdmin = (capability: string, body: Record<string, unknown> = {}) =>
  call(capability, world.admin.key, { brand: world.brand.shortId, ...body });

/** The event type of kit.colors.add, which no test here runs but the one about writes. */
const COLOR_ADDED = "kit.color.added";

/**
 * An endpoint in a brand of its own, subscribed to a type nothing produces there unless the test
 * says so: it receives only what the test sends it (test events are sent whatever the types).
 */
async function endpoint(eventTypes: string[] = [COLOR_ADDED]) {
  world = await makeWorld();
  return endpoints.endpoint(world, eventTypes);
}

const sendTest = async (id: string) => expectOk(await asAdmin("webhooks.test", { id })).id as string;
const log = async (id: string) => expectOk(await asAdmin("webhooks.deliveries.list", { id, limit: 50 })).items as any[];
const until = (check: () => unknown, timeout = 10_000) => expect.poll(check, { timeout, interval: 100 });

describe("webhook deliveries", () => {
  it("a test event arrives signed per Standard Webhooks; standardwebhooks and svix verify it; the log shows it", async () => {
    const { receiver, id, secret } = await endpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const deliveryId = await sendTest(id);
    await until(() => receiver.deliveredIds().length).toBe(1);
    const [delivery] = receiver.received;
    expect(verify(secret, delivery!)).toMatchObject({
      id: delivery!.id,
      type: "webhook.test",
      brand: { id: world.brand.id, shortId: world.brand.shortId },
      data: { endpointId: id, test: true },
    });
    await assertWebhookBody(JSON.parse(delivery!.body)); // the one type no write produces, published too
    new SvixWebhook(secret).verify(delivery!.body, {
      "svix-id": delivery!.id,
      "svix-timestamp": delivery!.timestamp,
      "svix-signature": delivery!.signature,
    });
    expect(delivery!.id).toMatch(/^evt_/);
    expect(Math.abs(Number(delivery!.timestamp) - Date.now() / 1000)).toBeLessThan(30);
    // another secret does not verify it
    expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, delivery!)).toThrow();
    const [entry] = await log(id);
    expect(entry).toMatchObject({
      id: deliveryId,
      eventId: delivery!.id,
      eventType: "webhook.test",
      status: "delivered",
      nextAttemptAt: null,
    });
    expect(entry.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: "delivered",
        responseCode: 200,
        responseBody: "thanks",
        error: null,
      }),
    ]);
    // the secret is never shown again
    const listed = expectOk(await asAdmin("webhooks.list")).items.find((item: any) => item.id === id);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6, 20));
  });

  it("a committed write's event reaches subscribed endpoints only; a refused write sends nothing", async () => {
    const all = await endpoint([COLOR_ADDED]);
    const other = await endpoints.endpoint(world, ["question.asked"]);
    const added = await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "Hook Blue",
      hex: "#1122CC",
      role: "primary",
    });
    expectOk(added);
    await until(() => all.receiver.deliveredIds().length).toBe(1);
    const event = await db().event.findFirstOrThrow({ where: { brandId: world.brand.id }, orderBy: { seq: "desc" } });
    expect(all.receiver.deliveredIds()).toEqual([event.id]);
    expect(event.type).toBe(COLOR_ADDED);
    expect(verify(all.secret, all.receiver.received[0]!)).toMatchObject({
      id: event.id,
      type: event.type,
      brand: { shortId: world.brand.shortId },
      data: event.data,
    });
    // the body is exactly what the OpenAPI document's webhooks map publishes for the type
    await assertWebhookBody(JSON.parse(all.receiver.received[0]!.body));
    // the same colour again is refused: no event, no delivery
    const again = await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "Hook Blue",
      hex: "#1122CC",
      role: "primary",
    });
    expect(again.status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(all.receiver.received).toHaveLength(1);
    expect(other.receiver.received).toHaveLength(0);
  });

  it("retries after 500s and timeouts, in order: a later event never overtakes an earlier one", async () => {
    const { receiver, id, secret } = await endpoint();
    receiver.answers = [500, "hang", 503];
    const sent: string[] = [];
    for (let index = 0; index < 4; index++) sent.push(await sendTest(id));
    await until(() => receiver.deliveredIds().length, 15_000).toBe(4);
    const eventIds = (await db().webhookDelivery.findMany({ where: { id: { in: sent } }, orderBy: { id: "asc" } })).map(
      (row) => row.eventId,
    );
    expect(receiver.deliveredIds()).toEqual(eventIds);
    // the first event was tried four times before any other was sent
    expect(receiver.received.slice(0, 4).map((entry) => entry.id)).toEqual(Array(4).fill(eventIds[0]));
    for (const delivery of receiver.received) verify(secret, delivery);
    const first = (await log(id)).find((entry) => entry.eventId === eventIds[0]);
    expect(first.attempts.map((attempt: any) => [attempt.attempt, attempt.responseCode, attempt.status])).toEqual([
      [4, 200, "delivered"],
      [3, 503, "failed"],
      [2, null, "failed"],
      [1, 500, "failed"],
    ]);
    expect(first.attempts[2].error).toMatch(/timed out/);
    // the first bytes of an answer, at most 1 KiB
    expect(first.attempts[3].responseBody).toHaveLength(1024);
  });

  it("an endpoint's events go in commit order (the event's number), not in the order of the instances' clocks", async () => {
    const { receiver, id } = await endpoint();
    const now = Date.now();
    const event = (n: number) => ({ eventId: `evt_order${n}${"x".repeat(16)}`, payload: JSON.stringify({ n }) });
    // the later event queued by an instance whose clock is behind: its time-ordered id sorts first
    const behind = (id: string) => `00000000${id.slice(8)}`;
    const rows = [
      { seq: 1, id: timeOrderedId(now), ...event(1) },
      { seq: 2, id: behind(timeOrderedId(now)), ...event(2) },
    ];
    await db().webhookDelivery.createMany({
      data: rows.map((row) => ({
        ...row,
        endpointId: id,
        eventType: COLOR_ADDED,
        status: "pending",
        nextAttemptAt: new Date(now),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })),
    });
    await until(() => receiver.deliveredIds().length).toBe(2);
    expect(receiver.deliveredIds()).toEqual([event(1).eventId, event(2).eventId]);
  });

  it("after the whole schedule fails, the endpoint is disabled and says why; enabled again, it sends what waited", async () => {
    const { receiver, id } = await endpoint();
    receiver.fallback = 500;
    await sendTest(id);
    await until(
      async () => expectOk(await asAdmin("webhooks.list")).items.find((item: any) => item.id === id).enabled,
      20_000,
    ).toBe(false);
    const listed = expectOk(await asAdmin("webhooks.list")).items.find((item: any) => item.id === id);
    expect(listed.disabledReason).toMatch(/13 attempts over three days failed \(last: HTTP 500\)/);
    // the house's date words, as an admin's disabling says it, not a machine's ISO time
    expect(listed.disabledReason).toMatch(/^Disabled on \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC: /);
    const [failed] = await log(id);
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed.attempts).toHaveLength(13);
    expect(receiver.received).toHaveLength(13);
    // while disabled, a test event waits; enabling sends it
    receiver.fallback = 200;
    await sendTest(id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(13);
    expectOk(
      await confirmAndCall("webhooks.update", world.admin.key, { brand: world.brand.shortId, id, enabled: true }),
    );
    await until(() => receiver.deliveredIds().length).toBe(1);
    expect(
      expectOk(await asAdmin("webhooks.list")).items.find((item: any) => item.id === id).disabledReason,
    ).toBeNull();
  });

  it("a rotated secret signs beside the old one for 24 hours: both verify", async () => {
    const { receiver, id, secret } = await endpoint();
    const rotated = expectOk(
      await confirmAndCall("webhooks.secret.rotate", world.admin.key, { brand: world.brand.shortId, id }),
    );
    expect(rotated.secret).not.toBe(secret);
    expect(Date.parse(rotated.previousSecretValidUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await sendTest(id);
    await until(() => receiver.deliveredIds().length).toBe(1);
    verify(secret, receiver.received[0]!);
    verify(rotated.secret, receiver.received[0]!);
    expect(receiver.received[0]!.signature.split(" ")).toHaveLength(2);
    // past the 24 hours, only the new one signs
    await db().webhookEndpoint.update({ where: { id }, data: { previousSecretUntil: new Date(Date.now() - 1000) } });
    await sendTest(id);
    await until(() => receiver.deliveredIds().length).toBe(2);
    verify(rotated.secret, receiver.received[1]!);
    expect(() => verify(secret, receiver.received[1]!)).toThrow();
  });

  it("send again: the same event (same webhook-id and body) is delivered anew", async () => {
    const { receiver, id, secret } = await endpoint();
    const deliveryId = await sendTest(id);
    await until(() => receiver.deliveredIds().length).toBe(1);
    const again = expectOk(await asAdmin("webhooks.deliveries.resend", { id, deliveryId })).id;
    expect(again).not.toBe(deliveryId);
    await until(() => receiver.deliveredIds().length).toBe(2);
    const [first, second] = receiver.received;
    expect(second!.id).toBe(first!.id);
    expect(second!.body).toBe(first!.body);
    verify(secret, second!);
  });

  it("a redirect is not followed: the attempt fails and the other address gets nothing", async () => {
    const elsewhere = await endpoints.receiver();
    const { receiver, id } = await endpoint();
    receiver.answers = [{ redirect: elsewhere.url }];
    await sendTest(id);
    await until(() => receiver.deliveredIds().length).toBe(1);
    expect(elsewhere.received).toHaveLength(0);
    const [entry] = await log(id);
    expect(entry.attempts.at(-1)).toMatchObject({
      attempt: 1,
      responseCode: 302,
      status: "failed",
      error: "HTTP 302 (redirects are not followed)",
    });
  });
});
