// A brand's webhook endpoints are bounded, so no brand makes the service send without end: one
// endpoint per receiver URL, at most WEBHOOKS_ENDPOINTS_PER_BRAND (20 in the suite, the default)
// per brand, both holding under concurrent calls; a brand already past the bound keeps its
// endpoints and adds none; and an event about an endpoint is not sent to that endpoint. Each test
// has a brand of its own.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { makeWebhookEndpoint } from "../support/records";
import { call, confirmAndCall, expectError, expectOk, makeWorld, type ApiResponse } from "../support/world";

const BOUND = 20;
// nothing listens there: the deliveries these endpoints are owed fail and are retried, unlooked at
const hook = (path: string) => `http://127.0.0.1:9/${path}`;

async function brandWith(endpoints: number) {
  const world = await makeWorld();
  for (let index = 0; index < endpoints; index++) await makeWebhookEndpoint(world.brand.id);
  const as = (capability: string, body: Record<string, unknown>) =>
    call(capability, world.admin.key, { brand: world.brand.shortId, ...body });
  const confirmed = (capability: string, body: Record<string, unknown>) =>
    confirmAndCall(capability, world.admin.key, { brand: world.brand.shortId, ...body });
  return { world, as, confirmed };
}

/** The confirmed calls sent together: each asked for its token first, so all were checked against the same state. */
async function together(
  as: (capability: string, body: Record<string, unknown>) => Promise<ApiResponse>,
  bodies: Record<string, unknown>[],
) {
  const tokens = await Promise.all(
    bodies.map(
      async (body) => expectError(await as("webhooks.create", body), 409, "confirmation_required").confirmationToken,
    ),
  );
  return Promise.all(bodies.map((body, index) => as("webhooks.create", { ...body, confirmationToken: tokens[index] })));
}

const codes = (answers: ApiResponse[]) =>
  answers
    .map((answer) => (answer.body.ok ? "ok" : `${answer.body.error.code}:${answer.body.error.reason ?? ""}`))
    .sort();

describe("one endpoint per URL", () => {
  it("a second endpoint for a URL is refused naming url, before anyone is asked to confirm; spelt otherwise too", async () => {
    const { as, confirmed } = await brandWith(0);
    const first = expectOk(await confirmed("webhooks.create", { url: hook("same"), eventTypes: ["*"] }));
    for (const url of [hook("same"), "HTTP://127.0.0.1:9/same", " http://127.0.0.1:9/./same "]) {
      const refused = expectError(
        await as("webhooks.create", { url, eventTypes: ["kit.color.added"] }),
        422,
        "invalid_input",
      );
      expect(refused).toMatchObject({ field: "url", reason: "duplicate" });
      expect(refused.message).toContain(first.id);
    }
    // another path is another receiver
    expectOk(await confirmed("webhooks.create", { url: hook("same/other"), eventTypes: ["*"] }));
  });

  it("changing an endpoint's URL to another endpoint's is a duplicate; to its own is not", async () => {
    const { as, confirmed } = await brandWith(0);
    const first = expectOk(await confirmed("webhooks.create", { url: hook("a"), eventTypes: ["*"] }));
    const second = expectOk(await confirmed("webhooks.create", { url: hook("b"), eventTypes: ["*"] }));
    const refused = expectError(await as("webhooks.update", { id: second.id, url: hook("a") }), 422, "invalid_input");
    expect(refused).toMatchObject({ field: "url", reason: "duplicate" });
    expectOk(await confirmed("webhooks.update", { id: first.id, url: hook("a"), description: "Same place" }));
  });

  it("concurrent adds of one URL: exactly one is stored", async () => {
    const { world, as } = await brandWith(0);
    const answers = await together(
      as,
      Array.from({ length: 4 }, () => ({ url: hook("race"), eventTypes: ["*"] })),
    );
    expect(codes(answers)).toEqual([
      "invalid_input:duplicate",
      "invalid_input:duplicate",
      "invalid_input:duplicate",
      "ok",
    ]);
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id } })).toBe(1);
  });
});

describe(`at most ${BOUND} endpoints per brand`, () => {
  it("the one past the bound is refused with 409 webhook_endpoint_limit and a sentence, before confirmation", async () => {
    const { world, as, confirmed } = await brandWith(BOUND - 1);
    expectOk(await confirmed("webhooks.create", { url: hook("last"), eventTypes: ["*"] }));
    const refused = expectError(
      await as("webhooks.create", { url: hook("one-more"), eventTypes: ["*"] }),
      409,
      "webhook_endpoint_limit",
    );
    expect(refused.message).toMatch(
      new RegExp(
        ` has ${BOUND} webhook endpoints and a brand may have at most ${BOUND}: remove one \\(webhooks\\.delete\\) before adding another, or send more event types to an endpoint it has\\.$`,
      ),
    );
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id } })).toBe(BOUND);
  });

  it("concurrent adds near the bound: only those that fit are stored", async () => {
    const { world, as } = await brandWith(BOUND - 2);
    const answers = await together(
      as,
      Array.from({ length: 4 }, (_, index) => ({ url: hook(`near-${index}`), eventTypes: ["kit.color.added"] })),
    );
    expect(codes(answers)).toEqual(["ok", "ok", "webhook_endpoint_limit:", "webhook_endpoint_limit:"]);
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id } })).toBe(BOUND);
  });

  it("a brand already past the bound keeps its endpoints, may change and remove them, and adds none", async () => {
    const { world, as, confirmed } = await brandWith(BOUND + 5);
    const refused = expectError(
      await as("webhooks.create", { url: hook("over"), eventTypes: ["*"] }),
      409,
      "webhook_endpoint_limit",
    );
    expect(refused.message).toContain(
      `has ${BOUND + 5} webhook endpoints and a brand may have at most ${BOUND}: remove 6 `,
    );
    const listed = expectOk(await as("webhooks.list", {})).items as { id: string }[];
    expect(listed).toHaveLength(BOUND + 5);
    expectOk(await confirmed("webhooks.update", { id: listed[0]!.id, description: "Still here" }));
    expectOk(await confirmed("webhooks.delete", { id: listed[1]!.id }));
    expectError(await as("webhooks.create", { url: hook("over"), eventTypes: ["*"] }), 409, "webhook_endpoint_limit");
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id } })).toBe(BOUND + 4);
  });
});

describe("an endpoint is not sent the events about itself", () => {
  it("each new endpoint on * is sent the others' webhook.endpoint.* events, never its own", async () => {
    const { as, confirmed } = await brandWith(0);
    const ids: string[] = [];
    for (const name of ["one", "two", "three"])
      ids.push(expectOk(await confirmed("webhooks.create", { url: hook(name), eventTypes: ["*"] })).id);
    expectOk(await confirmed("webhooks.update", { id: ids[0], description: "Changed" }));
    expectOk(await as("webhooks.test", { id: ids[1] }));
    const owed = () =>
      db().webhookDelivery.findMany({
        where: { endpointId: { in: ids } },
        select: { endpointId: true, eventType: true, payload: true },
      });
    let deliveries = await owed();
    const about = (payload: string) => {
      const data = (JSON.parse(payload) as { data: { id?: string; endpointId?: string } }).data;
      return data.endpointId ?? data.id;
    };
    const sentTo = (id: string) =>
      deliveries
        .filter((delivery) => delivery.endpointId === id && delivery.eventType.startsWith("webhook.endpoint."))
        .map((delivery) => about(delivery.payload));
    // the first hears of the second and the third, once the worker has fanned the events out
    await expect
      .poll(async () => {
        deliveries = await owed();
        return sentTo(ids[0]!);
      })
      .toEqual(expect.arrayContaining([ids[1], ids[2]]));
    for (const id of ids) expect(sentTo(id)).not.toContain(id);
    // the test event itself still goes to the endpoint it tests
    expect(deliveries.some((delivery) => delivery.endpointId === ids[1] && delivery.eventType === "webhook.test")).toBe(
      true,
    );
  });
});

describe("the words of a refused URL", () => {
  it.each([
    [
      "https://no-such-host.invalid/hooks",
      "url: This URL cannot receive webhooks: its host no-such-host.invalid does not resolve.",
    ],
    [
      "https://10.1.2.3/hooks",
      /^url: This URL cannot receive webhooks: its host resolves to 10\.1\.2\.3, which is not a public address/,
    ],
    ["http://example.com/hooks", "url: This URL cannot receive webhooks: it must be an https:// URL."],
    [
      "https://user:pass@example.com/hooks",
      "url: This URL cannot receive webhooks: it must not carry a user name or password.",
    ],
    ["not a url", "url: This URL cannot receive webhooks: it is not a URL."],
  ])("%s", async (url, words) => {
    const { as } = await brandWith(0);
    const refused = expectError(await as("webhooks.create", { url, eventTypes: ["*"] }), 422, "invalid_input");
    expect(refused).toMatchObject({ field: "url", reason: "url_refused" });
    if (typeof words === "string") expect(refused.message).toBe(words);
    else expect(refused.message).toMatch(words);
    expect(refused.message).not.toMatch(/\bit its\b|\bit not\b/);
  });
});
