// A key whose writes wait for its person (confirmBy "person"): a write that needs confirmation is
// parked, the caller never gets a token, only the signed-in person decides (POST /api/confirm/<id>),
// and the caller learns the outcome with confirmations.get or by repeating its Idempotency-Key.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { signedInPerson } from "../auth/session";
import { baseUrl, call, expectError, expectOk, makeBrand, makeKey, type ApiResponse } from "../support/world";

let brand: Awaited<ReturnType<typeof makeBrand>>;
let person: { email: string; cookie: string; waitingKey: string; waitingKeyId: string; ownKey: string };
let stranger: { cookie: string };

/** A signed-in admin of the brand (test/auth/session.ts). */
async function admin() {
  const signedIn = await signedInPerson();
  await addMember(db(), { brand: brand.shortId, email: signedIn.email, role: "admin" });
  return signedIn;
}

beforeAll(async () => {
  brand = await makeBrand();
  const { email, cookie } = await admin();
  const waiting = await makeKey(email);
  await db().apiKey.update({ where: { id: waiting.id }, data: { confirmBy: "person" } });
  person = {
    email,
    cookie,
    waitingKey: waiting.key,
    waitingKeyId: waiting.id,
    ownKey: (await makeKey(email)).key,
  };
  stranger = { cookie: (await admin()).cookie };
});

const colour = () => ({
  brand: brand.shortId,
  name: `Waits ${randomBytes(3).toString("hex")}`,
  hex: `#${randomBytes(3).toString("hex")}`,
  role: "accent",
});
const colourNames = async () =>
  (await db().kitColor.findMany({ where: { brandId: brand.id }, select: { name: true } })).map((c) => c.name);

/** The decision as the app's page sends it: signed in, with this site's Origin. */
async function decide(id: string, cookie: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/confirm/${id}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl(), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const outcomeOf = async (id: string, key = person.waitingKey) =>
  expectOk(await call("confirmations.get", key, { brand: brand.shortId, confirmationId: id }));

/** A parked write's answer: 409 with where the person decides, and no token anywhere in it. */
function expectParked(response: ApiResponse) {
  const error = expectError(response, 409, "confirmation_required");
  expect(JSON.stringify(response.body)).not.toMatch(/bct_|confirmationToken/);
  expect(error.confirmation.id).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(error.confirmation.url).toBe(new URL(`/confirm/${error.confirmation.id}`, baseUrl()).toString());
  expect(Date.parse(error.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  return error as { confirmation: { id: string; url: string }; summary: string; message: string };
}

describe("a key that confirms by person", () => {
  it("parks the write: no token, nothing written, and the caller sees it waiting", async () => {
    const input = colour();
    const parked = expectParked(await call("kit.colors.add", person.waitingKey, input));
    expect(parked.message).toContain("confirmations.get");
    expect(parked.summary).toContain(input.name);
    expect(await colourNames()).not.toContain(input.name);
    const outcome = await outcomeOf(parked.confirmation.id);
    expect(outcome).toMatchObject({ status: "waiting", capabilityId: "kit.colors.add", summary: parked.summary });
  });

  it("runs the write once when its person confirms, and tells the caller what it wrote", async () => {
    const input = colour();
    const { confirmation } = expectParked(await call("kit.colors.add", person.waitingKey, input));
    const [first, second] = await Promise.all([
      // two clicks at once (two tabs): one decides, with its note
      decide(confirmation.id, person.cookie, { decision: "confirm", note: "fine by me" }),
      decide(confirmation.id, person.cookie, { decision: "confirm", note: "fine by me" }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await colourNames()).filter((name) => name === input.name)).toHaveLength(1);
    const outcome = await outcomeOf(confirmation.id);
    expect(outcome).toMatchObject({ status: "done", note: "fine by me" });
    const added = await db().kitColor.findFirstOrThrow({ where: { brandId: brand.id, name: input.name } });
    expect(outcome.result).toEqual({ ok: true, id: added.id });
    expect(first.body.status === "ok" || second.body.status === "ok").toBe(true);
    // the write is the key's own: its audit entry names the key, as any API call of it would
    const entry = await db().auditEntry.findFirst({
      where: { brandId: brand.id, capabilityId: "kit.colors.add", outcome: "ok", apiKeyId: person.waitingKeyId },
      orderBy: { at: "desc" },
    });
    expect(entry?.door).toBe("api");
  });

  it("writes nothing when its person declines, and hands the caller their note", async () => {
    const input = colour();
    const { confirmation } = expectParked(await call("kit.colors.add", person.waitingKey, input));
    const declined = await decide(confirmation.id, person.cookie, { decision: "cancel", note: "not this shade" });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    expect(await colourNames()).not.toContain(input.name);
    expect(await outcomeOf(confirmation.id)).toMatchObject({ status: "declined", note: "not this shade" });
    // decided once: a late Confirm runs nothing
    await decide(confirmation.id, person.cookie, { decision: "confirm" });
    expect(await colourNames()).not.toContain(input.name);
  });

  it("refuses a token the caller brings: only its person's decision runs the write", async () => {
    const input = colour();
    // a token issued while the key still confirmed itself
    await db().apiKey.update({ where: { id: person.waitingKeyId }, data: { confirmBy: "caller" } });
    const asked = expectError(await call("kit.colors.add", person.waitingKey, input), 409, "confirmation_required");
    await db().apiKey.update({ where: { id: person.waitingKeyId }, data: { confirmBy: "person" } });
    expectParked(
      await call("kit.colors.add", person.waitingKey, { ...input, confirmationToken: asked.confirmationToken }),
    );
    expect(await colourNames()).not.toContain(input.name);
  });

  it("lets only its person decide; another person's attempt is an unknown id", async () => {
    const input = colour();
    const { confirmation } = expectParked(await call("kit.colors.add", person.waitingKey, input));
    const foreign = await decide(confirmation.id, stranger.cookie, { decision: "confirm" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
    expect(await colourNames()).not.toContain(input.name);
    expect((await outcomeOf(confirmation.id)).status).toBe("waiting");
    // and only the key that asked reads it: the person's other key does not
    expectError(
      await call("confirmations.get", person.ownKey, { brand: brand.shortId, confirmationId: confirmation.id }),
      404,
      "not_found",
    );
  });

  it("expires unanswered: nothing is written, the caller reads expired", async () => {
    const input = colour();
    const { confirmation } = expectParked(await call("kit.colors.add", person.waitingKey, input));
    await db().pendingCall.update({ where: { id: confirmation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await outcomeOf(confirmation.id)).status).toBe("expired");
    const late = await decide(confirmation.id, person.cookie, { decision: "confirm" });
    expect(late.body.error.reason).toBe("expired");
    expect(await colourNames()).not.toContain(input.name);
    expect((await outcomeOf(confirmation.id)).status).toBe("expired");
  });

  it("checks the revision again at the person's Confirm: a stale one fails and the caller reads why", async () => {
    const revision = (await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).revision;
    const body = { brand: brand.shortId, expectedRevision: revision, city: `Waitville ${randomUUID().slice(0, 4)}` };
    const { confirmation } = expectParked(await call("brand.profile.update", person.waitingKey, body));
    // someone else changes the profile meanwhile, through a key that confirms itself
    const other = { ...body, city: "Elsewhere" };
    const asked = expectError(await call("brand.profile.update", person.ownKey, other), 409, "confirmation_required");
    expectOk(
      await call("brand.profile.update", person.ownKey, { ...other, confirmationToken: asked.confirmationToken }),
    );
    const decided = await decide(confirmation.id, person.cookie, { decision: "confirm" });
    expect(decided.body.error.code).toBe("revision_conflict");
    const outcome = await outcomeOf(confirmation.id);
    expect(outcome.status).toBe("failed");
    expect(outcome.error.code).toBe("revision_conflict");
    expect((await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).city).toBe("Elsewhere");
  });
});

describe("a parked write under an Idempotency-Key", () => {
  it("is parked once while it waits, and its repeat replays the write's answer after the Confirm", async () => {
    const input = colour();
    const headers = { "Idempotency-Key": `wait-${randomUUID()}` };
    const first = expectParked(await call("kit.colors.add", person.waitingKey, input, { headers }));
    const again = expectParked(await call("kit.colors.add", person.waitingKey, input, { headers }));
    expect(again.confirmation.id).toBe(first.confirmation.id);
    expect(await db().pendingCall.count({ where: { idempotencyKey: headers["Idempotency-Key"] } })).toBe(1);
    // the same key with another input is refused, as for any write
    expectError(
      await call("kit.colors.add", person.waitingKey, { ...input, name: `${input.name} 2` }, { headers }),
      422,
      "idempotency_key_reused",
    );
    const decided = await decide(first.confirmation.id, person.cookie, { decision: "confirm" });
    expect(decided.body.status, JSON.stringify(decided.body)).toBe("ok");
    const replay = await call("kit.colors.add", person.waitingKey, input, { headers });
    const added = await db().kitColor.findFirstOrThrow({ where: { brandId: brand.id, name: input.name } });
    expect(expectOk(replay)).toEqual({ ok: true, id: added.id });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await colourNames()).filter((name) => name === input.name)).toHaveLength(1);
  });

  it("answers a repeat of a declined write with the decline, parking nothing new", async () => {
    const input = colour();
    const headers = { "Idempotency-Key": `wait-${randomUUID()}` };
    const first = expectParked(await call("kit.colors.add", person.waitingKey, input, { headers }));
    await decide(first.confirmation.id, person.cookie, { decision: "cancel" });
    const repeat = expectError(
      await call("kit.colors.add", person.waitingKey, input, { headers }),
      409,
      "confirmation_required",
    );
    expect(repeat).toMatchObject({ reason: "declined", confirmation: { id: first.confirmation.id } });
    expect(JSON.stringify(repeat)).not.toContain("bct_");
  });
});
