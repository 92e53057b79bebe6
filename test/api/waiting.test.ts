// "Waiting for you" (GET /api/waiting, GET /api/waiting/count, lib/pending/waiting.ts): the writes a
// person's keys and apps parked for their Confirm, still waiting, newest first, and how many. Only
// their own: another person's parked write, one decided, one expired, the chat's own pending call
// and an MCP client's confirm-page ask are not in it. Decided with POST /api/confirm/<id>.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../lib/admin/commands";
import { randomBase62 } from "../../lib/crypto";
import { db } from "../../lib/db/client";
import { signedInPerson } from "../auth/session";
import { baseUrl, call, expectError, makeBrand, makeKey } from "../support/world";

type Person = { id: string; email: string; cookie: string; key: string; keyId: string };
let brand: Awaited<ReturnType<typeof makeBrand>>;
let other: Awaited<ReturnType<typeof makeBrand>>;

/** An admin of both brands, signed in, with a key named `keyName` whose writes wait for them. */
async function personWithWaitingKey(keyName: string): Promise<Person> {
  const person = await signedInPerson();
  for (const shortId of [brand.shortId, other.shortId])
    await addMember(db(), { brand: shortId, email: person.email, role: "admin" });
  const made = await makeKey(person.email);
  await db().apiKey.update({ where: { id: made.id }, data: { confirmBy: "person", name: keyName } });
  return { ...person, key: made.key, keyId: made.id };
}

beforeAll(async () => {
  brand = await makeBrand({ name: "Waiting Roasters" });
  other = await makeBrand({ name: "Other Roasters" });
});

/** Parks a colour for the key's person; returns its confirmation id. */
async function park(person: Person, shortId = brand.shortId, name = `Wait ${randomBytes(3).toString("hex")}`) {
  const answer = await call("kit.colors.add", person.key, {
    brand: shortId,
    name,
    hex: `#${randomBytes(3).toString("hex")}`,
    role: "accent",
  });
  const error = expectError(answer, 409, "confirmation_required");
  expect(JSON.stringify(answer.body)).not.toMatch(/bct_|confirmationToken/);
  return error.confirmation.id as string;
}

async function get(path: string, cookie: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: cookie } });
  return { status: response.status, body: (await response.json()) as any };
}
const list = async (person: Person) => (await get("/api/waiting", person.cookie)).body;
const count = async (person: Person) => (await get("/api/waiting/count", person.cookie)).body.count as number;

async function decide(id: string, cookie: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/confirm/${id}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl(), "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A pending call of another kind than a credential's, made as its own code parks it. */
async function pendingOfKind(userId: string, caller: string | null) {
  const id = randomBase62(32);
  await db().pendingCall.create({
    data: {
      id,
      userId,
      brandId: brand.id,
      capabilityId: "kit.colors.add",
      input: "{}",
      summary: "Add a colour",
      door: caller ? "mcp" : "assistant",
      caller,
      expiresAt: new Date(Date.now() + 600_000),
    },
  });
  return id;
}

describe("the writes waiting for a person", () => {
  it("lists only this person's undecided, unexpired writes of their keys and apps, newest first", async () => {
    const person = await personWithWaitingKey("Nightly sync");
    const stranger = await personWithWaitingKey("Stranger's bot");
    expect(await list(person)).toEqual({ count: 0, items: [] });

    const oldest = await park(person);
    const inOther = await park(person, other.shortId);
    const newest = await park(person);
    // distinct times, so the order is the list's and not the clock's resolution
    const base = Date.now();
    for (const [offset, id] of [oldest, inOther, newest].entries())
      await db().pendingCall.update({ where: { id }, data: { createdAt: new Date(base - (3 - offset) * 60_000) } });
    const decided = await park(person);
    expect((await decide(decided, person.cookie, { decision: "cancel" })).status).toBe(200);
    const expired = await park(person);
    await db().pendingCall.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const strangers = await park(stranger);
    // the chat's own pending call and an MCP client's confirm-page ask are decided where they were asked
    await pendingOfKind(person.id, null);
    await pendingOfKind(person.id, `page:key:${person.keyId}`);

    const answer = await list(person);
    expect(answer.items.map((item: { id: string }) => item.id)).toEqual([newest, inOther, oldest]);
    expect(answer.count).toBe(3);
    expect(await count(person)).toBe(3);

    const [first, second] = answer.items;
    expect(first).toMatchObject({
      id: newest,
      capabilityId: "kit.colors.add",
      capabilityTitle: expect.any(String),
      brand: { shortId: brand.shortId, name: "Waiting Roasters" },
      askedBy: 'your API key "Nightly sync"',
      input: { name: expect.stringMatching(/^Wait /), role: "accent" },
    });
    expect(first.summary).toContain(first.input.name);
    expect(Date.parse(first.expiresAt) - Date.parse(first.createdAt)).toBeGreaterThan(23 * 3_600_000);
    expect(second.brand).toEqual({ shortId: other.shortId, name: "Other Roasters" });
    // the stranger's write is theirs alone, and no token or sealed value is in either list
    expect(JSON.stringify(answer)).not.toContain(strangers);
    expect((await list(stranger)).items.map((item: { id: string }) => item.id)).toEqual([strangers]);
    expect(JSON.stringify([answer, await list(stranger)])).not.toMatch(/bct_|token/i);
  });

  it("counts one less once the person decides, and none once everything is decided", async () => {
    const person = await personWithWaitingKey("Counter");
    const [a, b] = [await park(person), await park(person)];
    expect(await count(person)).toBe(2);
    expect((await decide(a, person.cookie, { decision: "confirm", note: "yes" })).status).toBe(200);
    expect(await count(person)).toBe(1);
    expect((await list(person)).items.map((item: { id: string }) => item.id)).toEqual([b]);
    expect((await decide(b, person.cookie, { decision: "cancel" })).status).toBe(200);
    expect(await count(person)).toBe(0);
    expect(await list(person)).toEqual({ count: 0, items: [] });
  });

  it("is for the signed-in person only: without a session both answer 401", async () => {
    for (const path of ["/api/waiting", "/api/waiting/count"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as any).error.code).toBe("unauthenticated");
    }
    const unknown = await get("/api/waiting", `better-auth.session_token=${randomUUID()}`);
    expect(unknown.status).toBe(401);
  });
});
