// Values shown once under an Idempotency-Key: a webhook's signing secret reaches its
// caller in the answer and in that caller's retries with the same key, but the stored answer holds
// it only sealed; another credential with the same key never gets it. Both profiles.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { capabilities } from "../../lib/capabilities/registry";
import { SHOWN_ONCE_GONE } from "../../lib/contract/shown-once";
import { seal } from "../../lib/vault";
import { call, expectError, expectOk, makeKey, makeWorld, type ApiResponse } from "../support/world";

let world: Awaited<ReturnType<typeof makeWorld>>;
// the answers this file stored (the test database outlives one run)
const started = new Date();
const receiverUrl = "http://127.0.0.1:9/hooks";

beforeAll(async () => {
  world = await makeWorld();
});

/** Asked to confirm, then confirmed, under one Idempotency-Key (the confirmed repeat runs under the asking call's key). */
async function confirmedWithKey(capability: string, body: Record<string, unknown>, idempotencyKey: string) {
  const headers = { "Idempotency-Key": idempotencyKey };
  const asked = await call(capability, world.admin.key, body, { headers });
  const token = expectError(asked, 409, "confirmation_required").confirmationToken as string;
  const confirmed = { ...body, confirmationToken: token };
  return { done: await call(capability, world.admin.key, confirmed, { headers }), confirmed };
}

const storedAnswers = async () =>
  JSON.stringify(
    await db().idempotentCall.findMany({
      where: { capabilityId: { in: ["webhooks.create", "webhooks.secret.rotate"] }, createdAt: { gte: started } },
    }),
  );
const replayed = (response: ApiResponse) => response.headers.get("idempotent-replayed");

describe("a webhook secret under an Idempotency-Key", () => {
  it("create: the answer and the same caller's retry carry the secret; the stored answer holds it only sealed", async () => {
    const key = randomUUID();
    const body = { brand: world.brand.shortId, url: receiverUrl, eventTypes: ["*"] };
    const { done, confirmed } = await confirmedWithKey("webhooks.create", body, key);
    const created = expectOk(done);
    expect(created.secret).toMatch(/^whsec_/);
    const stored = await storedAnswers();
    expect(stored).not.toMatch(/whsec_/);
    expect(stored).not.toContain(created.secret.slice(6));
    const rows = await db().idempotentCall.findMany({ where: { capabilityId: "webhooks.create" } });
    const answer = rows.map((row) => row.answer as any).find((stored) => stored?.data?.id === created.id);
    expect(answer).toMatchObject({ ok: true, data: { id: created.id, secret: SHOWN_ONCE_GONE } });
    expect(answer.sealed).toMatch(/^v1\./);

    const again = await call("webhooks.create", world.admin.key, confirmed, { headers: { "Idempotency-Key": key } });
    expect([again.status, replayed(again)]).toEqual([200, "true"]);
    expect(again.body).toEqual(done.body);
    expect(await db().webhookEndpoint.count({ where: { brandId: world.brand.id, url: receiverUrl } })).toBe(1);

    // another credential of the same person, the same key: its own call, which never sees the secret
    const other = await makeKey(world.admin.email);
    const theirs = await call("webhooks.create", other.key, confirmed, { headers: { "Idempotency-Key": key } });
    expect(replayed(theirs)).toBeNull();
    expect(JSON.stringify(theirs.body)).not.toContain(created.secret);
  });

  it("rotate: the same, for the new secret", async () => {
    const created = expectOk(
      (
        await confirmedWithKey(
          "webhooks.create",
          { brand: world.brand.shortId, url: "http://127.0.0.1:9/rotated", eventTypes: ["*"] },
          randomUUID(),
        )
      ).done,
    );
    const key = randomUUID();
    const { done, confirmed } = await confirmedWithKey(
      "webhooks.secret.rotate",
      { brand: world.brand.shortId, id: created.id },
      key,
    );
    const rotated = expectOk(done);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(await storedAnswers()).not.toContain("whsec_");
    const again = await call("webhooks.secret.rotate", world.admin.key, confirmed, {
      headers: { "Idempotency-Key": key },
    });
    expect([again.body, replayed(again)]).toEqual([done.body, "true"]);
  });

  it("a sealed copy that no longer opens (APP_SECRET changed since) replays the answer with the marker, not a 500", async () => {
    const key = randomUUID();
    const body = { brand: world.brand.shortId, url: "http://127.0.0.1:9/resealed", eventTypes: ["*"] };
    const { done, confirmed } = await confirmedWithKey("webhooks.create", body, key);
    const created = expectOk(done);
    const row = (await db().idempotentCall.findMany({ where: { capabilityId: "webhooks.create" } })).find(
      (stored) => (stored.answer as { data?: { id?: string } } | null)?.data?.id === created.id,
    )!;
    const answer = row.answer as Record<string, unknown>;
    // what the server would hold had it sealed with the secret it ran with before a change
    const resealed = seal(JSON.stringify({ secret: created.secret }), "elsewhere", "a".repeat(43));
    await db().idempotentCall.update({
      where: { scopeKey: row.scopeKey },
      data: { answer: { ...answer, sealed: resealed } },
    });
    const again = await call("webhooks.create", world.admin.key, confirmed, { headers: { "Idempotency-Key": key } });
    expect([again.status, replayed(again)]).toEqual([200, "true"]);
    expect(again.body).toEqual({ ok: true, data: { ...created, secret: SHOWN_ONCE_GONE } });
  });

  it("no capability with values shown once uses the body's idempotencyKey, whose store keeps answers as they are", () => {
    const both = capabilities.filter((capability) => capability.idempotent && capability.shownOnce?.length);
    expect(both.map((capability) => capability.id)).toEqual([]);
    const declared = capabilities
      .filter((capability) => capability.shownOnce?.length)
      .map((capability) => capability.id);
    expect(declared.sort()).toEqual(["team.invite", "webhooks.create", "webhooks.secret.rotate"]);
  });
});
