// Webhook endpoints through the API door: who may manage them, confirmation where they change
// what others receive, and the addresses refused so webhooks are no SSRF channel.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
// nothing listens there: the deliveries these endpoints are owed fail and are retried, unlooked at
const receiverUrl = "http://127.0.0.1:9/hooks";

beforeAll(async () => {
  world = await makeWorld();
});

const create = (body: Record<string, unknown>, key = world.admin.key) =>
  confirmAndCall("webhooks.create", key, { brand: world.brand.shortId, eventTypes: ["*"], ...body });

describe("webhook endpoints", () => {
  it("create asks for confirmation first, then answers the secret once; update, list and delete", async () => {
    const first = await call("webhooks.create", world.admin.key, {
      brand: world.brand.shortId,
      url: receiverUrl,
      eventTypes: ["kit.color.added"],
    });
    expect(expectError(first, 409, "confirmation_required").summary).toContain("127.0.0.1:9");
    const created = expectOk(
      await create({ url: receiverUrl, eventTypes: ["kit.color.added"], description: "CRM sync" }),
    );
    expect(created).toMatchObject({ ok: true, revision: 1, secret: expect.stringMatching(/^whsec_/) });
    const updated = expectOk(
      await confirmAndCall("webhooks.update", world.admin.key, {
        brand: world.brand.shortId,
        id: created.id,
        eventTypes: ["*"],
        expectedRevision: 1,
      }),
    );
    expect(updated.revision).toBe(2);
    const stale = await confirmAndCall("webhooks.update", world.admin.key, {
      brand: world.brand.shortId,
      id: created.id,
      enabled: false,
      expectedRevision: 1,
    });
    expectError(stale, 409, "revision_conflict");
    const listed = expectOk(await call("webhooks.list", world.admin.key, { brand: world.brand.shortId })).items;
    expect(listed.find((item: any) => item.id === created.id)).toMatchObject({
      url: receiverUrl,
      eventTypes: ["*"],
      description: "CRM sync",
      enabled: true,
      revision: 2,
    });
    expectOk(await confirmAndCall("webhooks.delete", world.admin.key, { brand: world.brand.shortId, id: created.id }));
    expectError(
      await call("webhooks.deliveries.list", world.admin.key, { brand: world.brand.shortId, id: created.id }),
      404,
      "not_found",
    );
  });

  it("is for the brand's admins with the webhooks scopes; another brand's endpoint is not_found", async () => {
    expectError(await call("webhooks.list", world.member.key, { brand: world.brand.shortId }), 403, "forbidden");
    const narrow = await makeKey(world.admin.email, { scopes: "webhooks.read" });
    expectOk(await call("webhooks.list", narrow.key, { brand: world.brand.shortId }));
    expect(expectError(await create({ url: receiverUrl }, narrow.key), 403, "insufficient_scope").scope).toBe(
      "webhooks.write",
    );
    const other = await makeWorld();
    const theirs = expectOk(
      await confirmAndCall("webhooks.create", other.admin.key, {
        brand: other.brand.shortId,
        url: receiverUrl,
        eventTypes: ["*"],
      }),
    );
    expectError(
      await call("webhooks.test", world.admin.key, { brand: world.brand.shortId, id: theirs.id }),
      404,
      "not_found",
    );
  });

  it.each([
    ["a private address", "https://10.1.2.3/hooks"],
    ["a private address (192.168)", "https://192.168.0.10/hooks"],
    ["link-local", "https://169.254.10.10/hooks"],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["an IPv6 unique-local address", "https://[fd00::1]/hooks"],
    ["IPv4-mapped private", "https://[::ffff:10.0.0.1]/hooks"],
    ["http:// off loopback", "http://example.com/hooks"],
    ["a host that does not resolve", "https://no-such-host.invalid/hooks"],
    ["credentials in the URL", "https://user:pass@example.com/hooks"],
    ["another scheme", "ftp://example.com/hooks"],
  ])("refuses %s before anyone is asked to confirm", async (_what, url) => {
    const refused = expectError(
      await call("webhooks.create", world.admin.key, { brand: world.brand.shortId, url, eventTypes: ["*"] }),
      422,
      "invalid_input",
    );
    expect(refused).toMatchObject({ field: "url", reason: "url_refused" });
  });

  it("refuses a private address on update too, and bad event types", async () => {
    const created = expectOk(await create({ url: `${receiverUrl}/update` }));
    const refused = await call("webhooks.update", world.admin.key, {
      brand: world.brand.shortId,
      id: created.id,
      url: "https://172.16.5.5/x",
    });
    expect(expectError(refused, 422, "invalid_input").field).toBe("url");
    expectError(await create({ url: receiverUrl, eventTypes: ["*", "kit.color.added"] }), 422, "invalid_input");
    // a capability id, or a misspelt type, would match nothing forever: refused, naming the field
    const unknown = expectError(
      await create({ url: receiverUrl, eventTypes: ["kit.color.added", "kit.colors.add"] }),
      422,
      "invalid_input",
    );
    expect(unknown).toMatchObject({ field: "eventTypes", reason: "unknown_event_type" });
    expect(unknown.message).toContain("kit.colors.add");
    const update = await call("webhooks.update", world.admin.key, {
      brand: world.brand.shortId,
      id: created.id,
      eventTypes: ["question.answerd"],
    });
    expect(expectError(update, 422, "invalid_input")).toMatchObject({
      field: "eventTypes",
      reason: "unknown_event_type",
    });
    expectError(await create({ url: receiverUrl, eventTypes: [] }), 422, "invalid_input");
    expectError(await create({ url: receiverUrl, eventTypes: ["Not A Type"] }), 422, "invalid_input");
  });

  it("records an event for each change of an endpoint, never with its whsec_ secret", async () => {
    const own = await makeWorld();
    const brand = own.brand.shortId;
    // on "*": it is sent the events about the endpoint below (and that endpoint none of its own)
    const watcher = expectOk(
      await confirmAndCall("webhooks.create", own.admin.key, {
        brand,
        url: `${receiverUrl}/watcher`,
        eventTypes: ["*"],
      }),
    );
    const created = expectOk(
      await confirmAndCall("webhooks.create", own.admin.key, {
        brand,
        url: receiverUrl,
        eventTypes: ["*"],
        description: "Secret keeper",
      }),
    );
    const rotated = expectOk(await confirmAndCall("webhooks.secret.rotate", own.admin.key, { brand, id: created.id }));
    expect([created.secret, rotated.secret]).toEqual([
      expect.stringMatching(/^whsec_/),
      expect.stringMatching(/^whsec_/),
    ]);
    expectOk(await call("webhooks.test", own.admin.key, { brand, id: created.id }));
    expectOk(
      await confirmAndCall("webhooks.update", own.admin.key, { brand, id: created.id, description: "Still secret" }),
    );
    const events = (expectOk(await call("events.list", own.admin.key, { brand, limit: 50 })).items as any[]).filter(
      (event) => event.data.id !== watcher.id,
    );
    expect(events.map((event) => event.type)).toEqual([
      "webhook.endpoint.created",
      "webhook.endpoint.secret_rotated",
      "webhook.endpoint.tested",
      "webhook.endpoint.updated",
    ]);
    expect(events[0].data).toMatchObject({
      id: created.id,
      url: receiverUrl,
      eventTypes: ["*"],
      description: "Secret keeper",
      revision: 1,
    });
    // the watcher is owed the four events, the endpoint only its test event: no body holds a secret
    const owed = () =>
      db().webhookDelivery.findMany({
        where: { endpointId: { in: [watcher.id, created.id] } },
        select: { payload: true, endpointId: true, eventType: true },
      });
    // the worker makes the watcher's deliveries from the events after the writes commit (lib/webhooks/fan-out.ts)
    await expect
      .poll(async () => (await owed()).filter((delivery) => delivery.endpointId === watcher.id).length)
      .toBeGreaterThanOrEqual(3);
    const deliveries = await owed();
    expect(deliveries.filter((delivery) => delivery.endpointId === created.id).map((one) => one.eventType)).toEqual([
      "webhook.test",
    ]);
    // the last ones only if the retry schedule did not disable the watcher yet
    expect(deliveries.filter((delivery) => delivery.endpointId === watcher.id).length).toBeGreaterThanOrEqual(3);
    const stored = await db().event.findMany({ where: { brandId: own.brand.id }, select: { data: true } });
    for (const text of [
      JSON.stringify(events),
      JSON.stringify(stored),
      ...deliveries.map((delivery) => delivery.payload),
    ]) {
      expect(text).not.toContain("whsec_");
      expect(text).not.toContain(created.secret.slice(6));
      expect(text).not.toContain(rotated.secret.slice(6));
    }
  });

  it("one endpoint per receiver however the URL is spelt: a trailing slash, the scheme's and host's case, the default port; on create, update and undo", async () => {
    const own = await makeWorld();
    const brand = own.brand.shortId;
    const as = (capability: string, body: Record<string, unknown>) =>
      call(capability, own.admin.key, { brand, ...body });
    const confirmed = (capability: string, body: Record<string, unknown>) =>
      confirmAndCall(capability, own.admin.key, { brand, ...body });
    // subscribed to an event this brand never has: nothing is delivered to these loopback addresses
    const eventTypes = ["kit.color.added"];
    const duplicate = (answer: Awaited<ReturnType<typeof call>>, of: string) => {
      const refused = expectError(answer, 422, "invalid_input");
      expect(refused).toMatchObject({ field: "url", reason: "duplicate" });
      expect(refused.message).toContain(of);
    };
    const first = expectOk(await confirmed("webhooks.create", { url: `${receiverUrl}/slash/`, eventTypes }));
    for (const url of [`${receiverUrl}/slash`, "HTTP://127.0.0.1:9/hooks/slash", `${receiverUrl}/slash//`])
      duplicate(await as("webhooks.create", { url, eventTypes }), first.id);
    const port = expectOk(await confirmed("webhooks.create", { url: "http://127.0.0.1/port", eventTypes }));
    duplicate(await as("webhooks.create", { url: "http://127.0.0.1:80/port/", eventTypes }), port.id);
    // stored as typed
    const listed = expectOk(await as("webhooks.list", {})).items as { id: string; url: string }[];
    expect(listed.find((endpoint) => endpoint.id === first.id)!.url).toBe(`${receiverUrl}/slash/`);

    const other = expectOk(await confirmed("webhooks.create", { url: `${receiverUrl}/other`, eventTypes }));
    duplicate(await as("webhooks.update", { id: other.id, url: `${receiverUrl}/slash` }), first.id);
    // its own URL, spelt otherwise, is no duplicate of itself
    expectOk(await confirmed("webhooks.update", { id: first.id, url: `${receiverUrl}/slash` }));

    // moved elsewhere, and its old receiver added again with the slash: the move cannot be undone
    const moved = await confirmed("webhooks.update", { id: first.id, url: `${receiverUrl}/moved` });
    expectOk(moved);
    const entry = expectOk(await as("activity.list", { requestId: moved.headers.get("x-request-id") })).items[0];
    const again = expectOk(await confirmed("webhooks.create", { url: `${receiverUrl}/slash/`, eventTypes }));
    const refused = expectError(await as("activity.undo", { activityId: entry.id }), 409, "undo_conflict");
    expect(refused.message).toContain(`already sends webhooks to this URL (endpoint ${again.id})`);
  });
});
