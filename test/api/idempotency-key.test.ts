// The Idempotency-Key header on every write (docs/design.md, idempotency): a retry replays the first final
// answer, another body is idempotency_key_reused, a key still running is 409 with Retry-After, a
// crashed call's claim is taken over after its lease, and each write happens once. Both profiles.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { claimKey, completeClaim, sweepIdempotencyKeys, type Claim } from "../../lib/core/idempotent-store";
import { call, makeKey, makeWorld, expectError, expectOk, type ApiResponse } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const withKey = (
  capability: string,
  key: string,
  body: Record<string, unknown>,
  idempotencyKey: string,
  headers: Record<string, string> = {},
) => call(capability, key, body, { headers: { "Idempotency-Key": idempotencyKey, ...headers } });
const start = (world: World, fileName: string) => ({
  brand: world.brand.shortId,
  step: "start",
  fileName,
  mimeType: "image/png",
  sizeBytes: 68,
});
const uploadsNamed = (world: World, fileName: string) =>
  db().upload.count({ where: { brandId: world.brand.id, fileName } });
const replayed = (response: ApiResponse) => response.headers.get("idempotent-replayed");

describe("Idempotency-Key on POST /api/v1/<write>", () => {
  it("replays the first answer: same status, body and request id, marked, written once", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    const first = await withKey("library.upload.create", world.admin.key, start(world, "once.png"), key);
    expectOk(first);
    expect(replayed(first)).toBeNull();
    const again = await withKey("library.upload.create", world.admin.key, start(world, "once.png"), key, {
      "X-Request-Id": "retry-1",
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe("true");
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(await uploadsNamed(world, "once.png")).toBe(1);
    // the key belongs to its caller: another key of the same person, with the same key, writes its own
    const other = await makeKey(world.admin.email);
    const theirs = await withKey("library.upload.create", other.key, start(world, "once.png"), key);
    expect(expectOk(theirs).uploadId).not.toBe(first.body.data.uploadId);
    expect(replayed(theirs)).toBeNull();
    expect(await uploadsNamed(world, "once.png")).toBe(2);
  });

  it("refuses the key for another body or capability (422 idempotency_key_reused, naming it), and writes nothing", async () => {
    const world = await makeWorld();
    const key = `order-${randomUUID()}`;
    expectOk(await withKey("library.upload.create", world.admin.key, start(world, "a.png"), key));
    const otherInput = expectError(
      await withKey("library.upload.create", world.admin.key, start(world, "b.png"), key),
      422,
      "idempotency_key_reused",
    );
    expect(otherInput.message).toContain(key);
    expect(otherInput.reason).toBe("other_input");
    const ask = {
      brand: world.brand.shortId,
      questions: [{ key: "brand.x", question: "X?", options: [], scope: "work" }],
    };
    expect(
      expectError(await withKey("questions.ask", world.admin.key, ask, key), 422, "idempotency_key_reused").reason,
    ).toBe("other_capability");
    expect(await uploadsNamed(world, "b.png")).toBe(0);
    expect(await db().question.count({ where: { brandId: world.brand.id } })).toBe(0);
  });

  it("validates the header on writes, naming it; reads ignore it", async () => {
    const world = await makeWorld();
    for (const bad of ["x".repeat(256), "tab\tinside"]) {
      const error = expectError(
        await withKey("library.upload.create", world.admin.key, start(world, "bad.png"), bad),
        422,
        "invalid_input",
      );
      expect(error.field).toBe("Idempotency-Key");
    }
    expect(await uploadsNamed(world, "bad.png")).toBe(0);
    expectOk(await withKey("library.upload.create", world.admin.key, start(world, "max.png"), "k".repeat(255)));
    const read = await withKey("kit.read", world.admin.key, { brand: world.brand.shortId }, "x".repeat(300));
    expectOk(read);
    expect(replayed(await withKey("kit.read", world.admin.key, { brand: world.brand.shortId }, "read-key"))).toBeNull();
    expect(replayed(await withKey("kit.read", world.admin.key, { brand: world.brand.shortId }, "read-key"))).toBeNull();
  });

  it("concurrent calls with one key: one runs, the others 409 with Retry-After or its replay; one upload", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => withKey("library.upload.create", world.admin.key, start(world, "race.png"), key)),
    );
    const ran = answers.filter((answer) => answer.status === 200 && replayed(answer) === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer !== ran[0])) {
      if (answer.status === 200) expect([replayed(answer), answer.body]).toEqual(["true", ran[0]!.body]);
      else
        expect([
          expectError(answer, 409, "idempotency_key_in_use").retryAfterSeconds,
          answer.headers.get("retry-after"),
        ]).toEqual([1, "1"]);
    }
    expect(await uploadsNamed(world, "race.png")).toBe(1);
    expect((await withKey("library.upload.create", world.admin.key, start(world, "race.png"), key)).body).toEqual(
      ran[0]!.body,
    );
  });

  it("confirmation: the asked call frees the key, the confirmed one runs under it and is replayed; the token is no part of the input", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    const body = { brand: world.brand.shortId, name: "Ocean", hex: "#0077BE" };
    const asked = expectError(
      await withKey("kit.colors.add", world.admin.key, body, key),
      409,
      "confirmation_required",
    );
    const askedAgain = await withKey("kit.colors.add", world.admin.key, body, key);
    expect(replayed(askedAgain)).toBeNull();
    expect(expectError(askedAgain, 409, "confirmation_required").confirmationToken).not.toBe(asked.confirmationToken);
    const confirmed = await withKey(
      "kit.colors.add",
      world.admin.key,
      { ...body, confirmationToken: askedAgain.body.error.confirmationToken },
      key,
    );
    expectOk(confirmed);
    // a retry of the confirmed call (its token spent) and one without a token both get its answer
    for (const retry of [{ ...body, confirmationToken: askedAgain.body.error.confirmationToken }, body]) {
      const answer = await withKey("kit.colors.add", world.admin.key, retry, key);
      expect([answer.status, answer.body, replayed(answer)]).toEqual([200, confirmed.body, "true"]);
    }
    expect(await db().kitColor.count({ where: { brandId: world.brand.id, hex: "#0077BE" } })).toBe(1);
  });

  it("replays a final refusal of the write itself (not_found) with its status and body", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    const body = {
      brand: world.brand.shortId,
      questionId: randomUUID(),
      expectedRevision: 1,
      action: "dismiss",
      idempotencyKey: "body-key",
    };
    const first = await withKey("questions.answer", world.member.key, body, key);
    expectError(first, 404, "not_found");
    const again = await withKey("questions.answer", world.member.key, body, key);
    expect([again.status, again.body, replayed(again)]).toEqual([404, first.body, "true"]);
  });

  it("questions.answer's idempotencyKey body field keeps its meaning beside the header", async () => {
    const world = await makeWorld();
    const ask = {
      brand: world.brand.shortId,
      questions: [{ key: "brand.motto", question: "Motto?", options: [], scope: "genome" }],
    };
    const [questionId] = expectOk(await call("questions.ask", world.member.key, ask)).ids;
    const body = {
      brand: world.brand.shortId,
      questionId,
      expectedRevision: 1,
      action: "answer",
      answer: "Yes",
      idempotencyKey: "motto-1",
    };
    const first = expectOk(await withKey("questions.answer", world.member.key, body, "header-1"));
    // the body key alone replays as before, with another header key too
    expect(expectOk(await call("questions.answer", world.member.key, body))).toEqual(first);
    expect(expectOk(await withKey("questions.answer", world.member.key, body, "header-2"))).toEqual(first);
    const reused = expectError(
      await call("questions.answer", world.member.key, { ...body, answer: "No" }),
      422,
      "invalid_input",
    );
    expect([reused.field, reused.reason]).toEqual(["idempotencyKey", "reused"]);
    expect(await db().memoryDeclaration.count({ where: { brandId: world.brand.id, questionId } })).toBe(1);
  });

  it("a claim whose call died is taken over after its lease; the dead call can no longer complete", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    const input = { step: "start", fileName: "crash.png", mimeType: "image/png", sizeBytes: 68 };
    // the claim a call held when its instance died: taken through the store the pipeline uses
    const scope = { brandId: world.brand.id, caller: `key:${world.admin.keyId}`, key };
    const held = await claimKey(scope, "library.upload.create", input, new Date());
    if (!("claim" in held)) throw new Error("expected a fresh claim");
    const busy = await withKey("library.upload.create", world.admin.key, start(world, "crash.png"), key);
    expect(expectError(busy, 409, "idempotency_key_in_use").message).toContain(key);
    expect(busy.headers.get("retry-after")).toBe("1");
    await db().idempotentCall.updateMany({
      where: held.claim satisfies Claim,
      data: { leaseUntil: new Date(Date.now() - 1000) },
    });
    const retried = await withKey("library.upload.create", world.admin.key, start(world, "crash.png"), key);
    expectOk(retried);
    await expect(
      db().$transaction((tx) => completeClaim(tx, held.claim, { ok: true, requestId: "dead", data: {} })),
    ).rejects.toMatchObject({ code: "idempotency_key_in_use" });
    const replay = await withKey("library.upload.create", world.admin.key, start(world, "crash.png"), key);
    expect([replay.body, replayed(replay)]).toEqual([retried.body, "true"]);
    expect(await uploadsNamed(world, "crash.png")).toBe(1);
  });

  it("the background sweep deletes keys past their 24 hours, and only those", async () => {
    const world = await makeWorld();
    const key = randomUUID();
    expectOk(await withKey("library.upload.create", world.admin.key, start(world, "kept.png"), key));
    const old = {
      scopeKey: `swept-${randomUUID()}`,
      capabilityId: "questions.ask",
      requestHash: "h",
      claimId: "c",
      leaseUntil: new Date(0),
      expiresAt: new Date(Date.now() - 1000),
      createdAt: new Date(0),
    };
    await db().idempotentCall.create({ data: old });
    await sweepIdempotencyKeys(new Date());
    expect(await db().idempotentCall.count({ where: { scopeKey: old.scopeKey } })).toBe(0);
    expect(replayed(await withKey("library.upload.create", world.admin.key, start(world, "kept.png"), key))).toBe(
      "true",
    );
  });
});
