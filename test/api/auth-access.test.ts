// Who may call what, in which brand (spec "Authentication"; docs/design.md, keys and roles).
// Everything goes through the real server over HTTP; the world is built with the operator commands.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, removeMember, revokeKey, setBrandStatus } from "../../lib/admin/commands";
import { capabilities } from "../../lib/capabilities/registry";
import { isServed } from "../../lib/core/rollout";
import { call, confirmAndCall, makeBrand, makeKey, makePerson, makeWorld, type ApiResponse } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const base62 = (length: number) => [...randomBytes(length)].map((byte) => BASE62[byte % 62]).join("");

/**
 * Every capability of the spec's summary table plus brands.list, by the lowest role that may call
 * it: the API door serves all of them. Written out, not computed from the registry,
 * so that a capability dropped or served at the wrong role fails.
 */
const VIEWER_CAPABILITIES = [
  "brands.list",
  // what became of a write waiting for the caller's person (its own only)
  "confirmations.get",
  "questions.list",
  "brand.overview",
  "brand.soul.read",
  // "is this on brand?"
  "brand.check",
  "kit.read",
  "library.search",
  "library.asset.get",
  // the brand's memory and genome
  "memory.list",
  "genome.read",
  // the brand's people
  "team.list",
];
const MEMBER_CAPABILITIES = [
  ...VIEWER_CAPABILITIES,
  "questions.ask",
  "questions.answer",
  "memory.propose",
  "genome.entries.propose",
];
const IMPLEMENTED = [
  ...MEMBER_CAPABILITIES,
  "brand.profile.update",
  "brand.contacts.list",
  "brand.contacts.save",
  "kit.colors.add",
  "kit.instructions.update",
  "library.asset.review",
  "library.upload.create",
  "connections.list",
  "connections.connect",
  "connections.disconnect",
  // an addition to the spec's table: the brand's activity trail, for admins
  "activity.list",
  // undo an earlier write, for admins
  "activity.undo",
  // what changed, one event per committed write, for integrators catching up
  "events.list",
  // additions: a brand's webhook endpoints, for admins
  "webhooks.list",
  "webhooks.create",
  "webhooks.update",
  "webhooks.delete",
  "webhooks.secret.rotate",
  "webhooks.deliveries.list",
  "webhooks.deliveries.resend",
  "webhooks.test",
  // who spent what of the brand's AI tokens this month, for admins
  "budget.usage",
  // the kit's colours can be changed and removed
  "kit.colors.update",
  "kit.colors.remove",
  "kit.typography.save",
  "kit.typography.remove",
  "kit.logos.save",
  "kit.logos.remove",
  // an admin accepts or rejects what was proposed for the brand's memory
  "memory.review",
  // an admin approves, rejects or retires the genome's entries
  "genome.entries.review",
  // the team, for its admins
  "team.invite",
  "team.invitations.revoke",
  "team.role.update",
  "team.remove",
  // who confirms the writes of agents signed in with OAuth, for admins
  "brand.policy.update",
];

const oneQuestion = (key = `q.${base62(6)}`) => ({
  questions: [{ key, question: "What is your tagline?", options: ["A", "B"], scope: "genome" }],
});
const newColour = () => ({ name: "Test colour", hex: `#${randomBytes(3).toString("hex")}`, role: "accent" });

function expectError(response: ApiResponse, status: number, code: string) {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
}

/** The error body without its request id, to compare two refusals. */
function withoutRequestId(response: ApiResponse) {
  const { requestId, ...error } = response.body.error;
  expect(typeof requestId).toBe("string");
  return { ...response.body, error };
}

const sorted = (ids: string[]) => [...ids].sort();

describe("authentication: a missing or invalid key is 401 unauthenticated", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  const callWith = (authorization: string | undefined) =>
    call(
      "brand.overview",
      null,
      { brand: world.brand.shortId },
      authorization ? { headers: { Authorization: authorization } } : {},
    );

  it("control: the same call with the admin's valid key succeeds", async () => {
    const response = await callWith(`Bearer ${world.admin.key}`);
    expect(response.status).toBe(200);
  });

  it("rejects a call without an Authorization header", async () => {
    expectError(await callWith(undefined), 401, "unauthenticated");
  });

  it.each([
    ["Basic scheme", (key: string) => `Basic ${Buffer.from(`user:${key}`).toString("base64")}`],
    ["Token scheme", (key: string) => `Token ${key}`],
    ["the bare key without a scheme", (key: string) => key],
    ["Bearer with nothing after it", () => "Bearer "],
  ])("rejects a valid key sent with %s", async (_name, header) => {
    expectError(await callWith(header(world.admin.key)), 401, "unauthenticated");
  });

  it.each([
    ["a wrong prefix", () => `sk_${base62(40)}`],
    ["a prefix in the wrong case", () => `BOP_${base62(40)}`],
    ["39 characters after the prefix", () => `bop_${base62(39)}`],
    ["41 characters after the prefix", () => `bop_${base62(41)}`],
    ["a non-base62 character", () => `bop_${base62(39)}-`],
  ])("rejects a malformed key with %s", async (_name, key) => {
    expectError(await callWith(`Bearer ${key()}`), 401, "unauthenticated");
  });

  it("rejects a well-formed key that was never issued", async () => {
    expectError(await callWith(`Bearer bop_${base62(40)}`), 401, "unauthenticated");
  });

  it("rejects a revoked key", async () => {
    const person = await makePerson();
    await addMember(db(), { brand: world.brand.shortId, email: person.email, role: "viewer" });
    const key = await makeKey(person.email);
    await revokeKey(db(), { id: key.id });
    expectError(await call("brand.overview", key.key, { brand: world.brand.shortId }), 401, "unauthenticated");
  });

  it("rejects an expired key", async () => {
    const person = await makePerson();
    await addMember(db(), { brand: world.brand.shortId, email: person.email, role: "viewer" });
    const key = await makeKey(person.email, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expectError(await call("brand.overview", key.key, { brand: world.brand.shortId }), 401, "unauthenticated");
  });

  it("accepts a key whose expiry is still in the future", async () => {
    const person = await makePerson();
    await addMember(db(), { brand: world.brand.shortId, email: person.email, role: "viewer" });
    const key = await makeKey(person.email, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call("brand.overview", key.key, { brand: world.brand.shortId })).status).toBe(200);
  });
});

describe("scopes: a key lacking the capability's scope gets 403 insufficient_scope naming it", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("a brand.read key calling kit.read is refused with scope kit.read", async () => {
    const key = await makeKey(world.admin.email, { scopes: "brand.read" });
    const response = await call("kit.read", key.key, { brand: world.brand.shortId });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("kit.read");
    // the same key may call what its scope covers
    expect((await call("brand.overview", key.key, { brand: world.brand.shortId })).status).toBe(200);
  });

  it("no scope implies another: kit.write does not allow kit.read", async () => {
    const key = await makeKey(world.admin.email, { scopes: "kit.write" });
    const response = await call("kit.read", key.key, { brand: world.brand.shortId });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("kit.read");
  });

  it("no scope implies another: questions.read does not allow questions.ask", async () => {
    const key = await makeKey(world.admin.email, { scopes: "questions.read" });
    const response = await call("questions.ask", key.key, { brand: world.brand.shortId, ...oneQuestion() });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("questions.write");
  });

  it("brands.list needs no scope", async () => {
    const key = await makeKey(world.admin.email, { scopes: "kit.read" });
    const response = await call("brands.list", key.key, {});
    expect(response.status).toBe(200);
  });
});

describe("brand access: unknown, outside the key's list, or not a member are the same 403 forbidden", () => {
  let world: World;
  let other: { id: string; shortId: string };
  beforeAll(async () => {
    world = await makeWorld();
    other = await makeBrand();
  });

  it("gives identical bodies (apart from requestId) for the three cases, by short id and by UUID", async () => {
    const limited = await makeKey(world.admin.email, { brands: world.brand.shortId });
    // a brand the person is a member of, but outside the key's brand list
    const outsideList = await makeBrand();
    await addMember(db(), { brand: outsideList.shortId, email: world.admin.email, role: "admin" });
    expect((await call("kit.read", world.admin.key, { brand: outsideList.shortId })).status).toBe(200);

    const responses = {
      unknownShortId: await call("kit.read", world.admin.key, { brand: `Nope-${Date.now()}` }),
      unknownUuid: await call("kit.read", world.admin.key, { brand: "00000000-0000-4000-8000-000000000000" }),
      outsideKeyList: await call("kit.read", limited.key, { brand: outsideList.shortId }),
      outsideKeyListByUuid: await call("kit.read", limited.key, { brand: outsideList.id }),
      notAMember: await call("kit.read", world.admin.key, { brand: other.shortId }),
      notAMemberByUuid: await call("kit.read", world.admin.key, { brand: other.id }),
    };
    for (const response of Object.values(responses)) expectError(response, 403, "forbidden");
    const reference = withoutRequestId(responses.unknownShortId);
    for (const [name, response] of Object.entries(responses)) {
      expect({ name, body: withoutRequestId(response) }).toEqual({ name, body: reference });
    }
  });

  it("refuses a write the same way as a read for a brand the person is not a member of", async () => {
    const read = await call("kit.read", world.admin.key, { brand: other.shortId });
    const write = await call("questions.ask", world.admin.key, { brand: other.shortId, ...oneQuestion() });
    expectError(write, 403, "forbidden");
    expect(withoutRequestId(write)).toEqual(withoutRequestId(read));
  });
});

describe("roles: a role below the capability's minimum gets 403 forbidden", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("a viewer may not call questions.ask (minimum member)", async () => {
    expectError(
      await call("questions.ask", world.viewer.key, { brand: world.brand.shortId, ...oneQuestion() }),
      403,
      "forbidden",
    );
  });

  it("a member may call questions.ask", async () => {
    const response = await call("questions.ask", world.member.key, { brand: world.brand.shortId, ...oneQuestion() });
    expect(response.status).toBe(200);
    expect(response.body.data.ids).toHaveLength(1);
  });

  it("a member may not call kit.colors.add (minimum admin), and gets no confirmation token", async () => {
    const response = await call("kit.colors.add", world.member.key, { brand: world.brand.shortId, ...newColour() });
    expectError(response, 403, "forbidden");
    expect(response.body.error.confirmationToken).toBeUndefined();
  });

  it("a member may not call brand.profile.update (minimum admin)", async () => {
    const response = await call("brand.profile.update", world.member.key, {
      brand: world.brand.shortId,
      expectedRevision: 1,
      city: "Lyon",
    });
    expectError(response, 403, "forbidden");
  });

  it("a member may not call kit.instructions.update (minimum admin)", async () => {
    const response = await call("kit.instructions.update", world.member.key, {
      brand: world.brand.shortId,
      section: "general",
      text: "x",
    });
    expectError(response, 403, "forbidden");
  });

  it("an admin may call kit.colors.add (after confirmation)", async () => {
    const response = await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      ...newColour(),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.ok).toBe(true);
  });

  it("a key never grants more than the role: a viewer with an all-scope key may not add a colour", async () => {
    expectError(
      await call("kit.colors.add", world.viewer.key, { brand: world.brand.shortId, ...newColour() }),
      403,
      "forbidden",
    );
  });
});

describe("brand reference: short id in any case, or UUID", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it.each([
    ["the short id as created", (b: { shortId: string }) => b.shortId],
    ["the short id in lower case", (b: { shortId: string }) => b.shortId.toLowerCase()],
    ["the short id in upper case", (b: { shortId: string }) => b.shortId.toUpperCase()],
    ["the UUID", (b: { id: string }) => b.id],
    ["the UUID in upper case", (b: { id: string }) => b.id.toUpperCase()],
  ])("finds the brand by %s", async (_name, ref) => {
    const response = await call("brand.overview", world.viewer.key, { brand: ref(world.brand) });
    expect(response.status).toBe(200);
    expect(response.body.data.id).toBe(world.brand.id);
    expect(response.body.data.shortId).toBe(world.brand.shortId);
  });

  it("a key limited to a brand by short id accepts that brand addressed by UUID", async () => {
    const key = await makeKey(world.viewer.email, { brands: world.brand.shortId });
    expect((await call("kit.read", key.key, { brand: world.brand.id })).status).toBe(200);
    expect((await call("kit.read", key.key, { brand: world.brand.shortId.toLowerCase() })).status).toBe(200);
  });
});

describe("staff: act in every brand as an admin with role null, still bound by the key", () => {
  let brand: { id: string; shortId: string };
  let second: { id: string; shortId: string };
  let staff: { id: string; email: string };
  let staffKey: { id: string; key: string };
  beforeAll(async () => {
    brand = await makeBrand();
    second = await makeBrand();
    staff = await makePerson({ staff: true });
    staffKey = await makeKey(staff.email);
  });

  it("brand.overview shows role null and every capability an admin has", async () => {
    const response = await call("brand.overview", staffKey.key, { brand: brand.shortId });
    expect(response.status).toBe(200);
    expect(response.body.data.role).toBeNull();
    expect(sorted(response.body.data.capabilities)).toEqual(sorted(IMPLEMENTED));
  });

  it("role stays null even where the staff person is also a member", async () => {
    await addMember(db(), { brand: second.shortId, email: staff.email, role: "viewer" });
    const response = await call("brand.overview", staffKey.key, { brand: second.shortId });
    expect(response.status).toBe(200);
    expect(response.body.data.role).toBeNull();
  });

  it("can write in a brand they are not a member of (questions.ask, kit.colors.add, brand.profile.update)", async () => {
    const ask = await call("questions.ask", staffKey.key, { brand: brand.shortId, ...oneQuestion() });
    expect(ask.status).toBe(200);
    const colour = await confirmAndCall("kit.colors.add", staffKey.key, { brand: brand.shortId, ...newColour() });
    expect(colour.status).toBe(200);
    const overview = await call("brand.overview", staffKey.key, { brand: brand.shortId });
    const profile = await confirmAndCall("brand.profile.update", staffKey.key, {
      brand: brand.shortId,
      expectedRevision: overview.body.data.revision,
      city: "Lyon",
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data.revision).toBe(overview.body.data.revision + 1);
  });

  it("is still bound by the key's scopes", async () => {
    const key = await makeKey(staff.email, { scopes: "kit.read" });
    expect((await call("kit.read", key.key, { brand: brand.shortId })).status).toBe(200);
    const response = await call("brand.overview", key.key, { brand: brand.shortId });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("brand.read");
  });

  it("is still bound by the key's brand list", async () => {
    const key = await makeKey(staff.email, { brands: brand.shortId });
    expect((await call("kit.read", key.key, { brand: brand.shortId })).status).toBe(200);
    expectError(await call("kit.read", key.key, { brand: second.shortId }), 403, "forbidden");
  });
});

describe("brands.list: the caller's brands with role, within the key's brand list", () => {
  /** Every page of brands.list, followed through nextCursor. */
  async function allBrands(key: string) {
    const items: { id: string; shortId: string; name: string; status: string; role: string | null }[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const response = await call("brands.list", key, { limit: 50, ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      items.push(...response.body.data.items);
      cursor = response.body.data.nextCursor ?? undefined;
      if (!cursor) return items;
    }
    throw new Error("brands.list never ended");
  }

  let person: { id: string; email: string };
  let adminOf: { id: string; shortId: string };
  let viewerOf: { id: string; shortId: string };
  let closed: { id: string; shortId: string };
  let notMine: { id: string; shortId: string };
  beforeAll(async () => {
    person = await makePerson();
    [adminOf, viewerOf, closed, notMine] = [
      await makeBrand({ name: "Admin brand" }),
      await makeBrand(),
      await makeBrand(),
      await makeBrand(),
    ];
    await addMember(db(), { brand: adminOf.shortId, email: person.email, role: "admin" });
    await addMember(db(), { brand: viewerOf.shortId, email: person.email, role: "viewer" });
    await addMember(db(), { brand: closed.shortId, email: person.email, role: "member" });
    await setBrandStatus(db(), { brand: closed.shortId, status: "closed" });
  });

  it("lists exactly the brands the person is a member of, each with role and status", async () => {
    const key = await makeKey(person.email);
    const items = await allBrands(key.key);
    expect(sorted(items.map((item) => item.id))).toEqual(sorted([adminOf.id, viewerOf.id, closed.id]));
    const byId = Object.fromEntries(items.map((item) => [item.id, item]));
    expect(byId[adminOf.id]).toEqual({
      id: adminOf.id,
      shortId: adminOf.shortId,
      name: "Admin brand",
      status: "active",
      role: "admin",
    });
    expect(byId[viewerOf.id]).toMatchObject({ shortId: viewerOf.shortId, status: "active", role: "viewer" });
    expect(byId[closed.id]).toMatchObject({ shortId: closed.shortId, status: "closed", role: "member" });
  });

  it("respects the key's brand list", async () => {
    const key = await makeKey(person.email, { brands: `${viewerOf.shortId},${notMine.shortId}` });
    const items = await allBrands(key.key);
    // notMine is in the key's list but the person is not a member of it
    expect(items.map((item) => item.id)).toEqual([viewerOf.id]);
  });

  it("a staff person sees every brand, with role null", async () => {
    const staff = await makePerson({ staff: true });
    const key = await makeKey(staff.email);
    const brandsBefore = await db().brand.count(); // brands are never deleted; other files may add some meanwhile
    const items = await allBrands(key.key);
    const ids = items.map((item) => item.id);
    for (const brand of [adminOf, viewerOf, closed, notMine]) expect(ids).toContain(brand.id);
    expect(items.length).toBeGreaterThanOrEqual(brandsBefore);
    expect(items.every((item) => item.role === null)).toBe(true);
  });

  it("a staff key limited to some brands lists only those", async () => {
    const staff = await makePerson({ staff: true });
    const key = await makeKey(staff.email, { brands: `${notMine.shortId},${closed.shortId}` });
    const items = await allBrands(key.key);
    expect(sorted(items.map((item) => item.id))).toEqual(sorted([notMine.id, closed.id]));
    expect(items.every((item) => item.role === null)).toBe(true);
  });
});

describe("live permissions: changes take effect on the very next call", () => {
  it("revoking the key", async () => {
    const world = await makeWorld();
    expect((await call("kit.read", world.viewer.key, { brand: world.brand.shortId })).status).toBe(200);
    await revokeKey(db(), { id: world.viewer.keyId });
    expectError(await call("kit.read", world.viewer.key, { brand: world.brand.shortId }), 401, "unauthenticated");
  });

  it("removing the membership", async () => {
    const world = await makeWorld();
    expect(
      (await call("questions.ask", world.member.key, { brand: world.brand.shortId, ...oneQuestion() })).status,
    ).toBe(200);
    await removeMember(db(), { brand: world.brand.shortId, email: world.member.email });
    expectError(
      await call("questions.ask", world.member.key, { brand: world.brand.shortId, ...oneQuestion() }),
      403,
      "forbidden",
    );
    expectError(await call("kit.read", world.member.key, { brand: world.brand.shortId }), 403, "forbidden");
  });

  it("lowering the role", async () => {
    const world = await makeWorld();
    expect(
      (await call("questions.ask", world.member.key, { brand: world.brand.shortId, ...oneQuestion() })).status,
    ).toBe(200);
    await addMember(db(), { brand: world.brand.shortId, email: world.member.email, role: "viewer" });
    expectError(
      await call("questions.ask", world.member.key, { brand: world.brand.shortId, ...oneQuestion() }),
      403,
      "forbidden",
    );
  });

  it("closing the brand, and reopening it", async () => {
    const world = await makeWorld();
    expect(
      (await call("questions.ask", world.admin.key, { brand: world.brand.shortId, ...oneQuestion() })).status,
    ).toBe(200);
    await setBrandStatus(db(), { brand: world.brand.shortId, status: "closed" });
    expectError(
      await call("questions.ask", world.admin.key, { brand: world.brand.shortId, ...oneQuestion() }),
      409,
      "brand_not_operational",
    );
    await setBrandStatus(db(), { brand: world.brand.shortId, status: "active" });
    expect(
      (await call("questions.ask", world.admin.key, { brand: world.brand.shortId, ...oneQuestion() })).status,
    ).toBe(200);
  });
});

describe.each(["closed", "archived"] as const)("a %s brand is read-only", (status) => {
  let world: World;
  let revision: number;
  beforeAll(async () => {
    world = await makeWorld();
    revision = (await call("brand.overview", world.admin.key, { brand: world.brand.shortId })).body.data.revision;
    await setBrandStatus(db(), { brand: world.brand.shortId, status });
  });

  it.each([
    ["brand.overview", {}],
    ["brand.soul.read", {}],
    ["kit.read", {}],
    ["questions.list", {}],
  ])("reads still work: %s", async (capability, input) => {
    const response = await call(capability, world.viewer.key, { brand: world.brand.shortId, ...input });
    expect(response.status).toBe(200);
    expect(response.body.ok).toBe(true);
  });

  it("writes give 409 brand_not_operational: questions.ask", async () => {
    expectError(
      await call("questions.ask", world.admin.key, { brand: world.brand.shortId, ...oneQuestion() }),
      409,
      "brand_not_operational",
    );
  });

  it("writes give 409 brand_not_operational: kit.colors.add", async () => {
    expectError(
      await call("kit.colors.add", world.admin.key, { brand: world.brand.shortId, ...newColour() }),
      409,
      "brand_not_operational",
    );
  });

  it("writes give 409 brand_not_operational: kit.instructions.update", async () => {
    const response = await call("kit.instructions.update", world.admin.key, {
      brand: world.brand.shortId,
      section: "general",
      text: "Be kind.",
    });
    expectError(response, 409, "brand_not_operational");
  });

  it("writes give 409 brand_not_operational: brand.profile.update", async () => {
    const response = await call("brand.profile.update", world.admin.key, {
      brand: world.brand.shortId,
      expectedRevision: revision,
      city: "Lyon",
    });
    expectError(response, 409, "brand_not_operational");
  });

  it("writes give 409 brand_not_operational even for staff", async () => {
    const staff = await makePerson({ staff: true });
    const key = await makeKey(staff.email);
    expectError(
      await call("questions.ask", key.key, { brand: world.brand.shortId, ...oneQuestion() }),
      409,
      "brand_not_operational",
    );
  });
});

describe("brand.overview.capabilities: what this caller may call here (role and key scopes)", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  const capabilitiesOf = async (key: string) => {
    const response = await call("brand.overview", key, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
    return sorted(response.body.data.capabilities);
  };

  it("the API door serves every capability of the registry", () => {
    expect(
      sorted(capabilities.filter((capability) => isServed(capability, "api")).map((capability) => capability.id)),
    ).toEqual(sorted(IMPLEMENTED));
  });

  it("a viewer with an all-scope key gets the viewer-level reads (library.search and library.asset.get among them)", async () => {
    const listed = await capabilitiesOf(world.viewer.key);
    expect(listed).toEqual(sorted(VIEWER_CAPABILITIES));
    expect(listed).not.toContain("library.upload.create");
    expect(listed).not.toContain("library.asset.review");
  });

  it("a member with an all-scope key also gets questions.ask and questions.answer, not the library writes", async () => {
    const listed = await capabilitiesOf(world.member.key);
    expect(listed).toEqual(sorted(MEMBER_CAPABILITIES));
    expect(listed).not.toContain("library.upload.create");
  });

  it("an admin with an all-scope key gets every implemented capability", async () => {
    const listed = await capabilitiesOf(world.admin.key);
    expect(listed).toEqual(sorted(IMPLEMENTED));
  });

  it("library scopes: library.read lists the two reads, library.write the two writes (admin)", async () => {
    const read = await makeKey(world.admin.email, { scopes: "library.read" });
    expect(await capabilitiesOf((await makeKey(world.admin.email, { scopes: "brand.read,library.read" })).key)).toEqual(
      sorted([
        "brands.list",
        "confirmations.get",
        "brand.overview",
        "brand.soul.read",
        "brand.check",
        "brand.contacts.list",
        "library.search",
        "library.asset.get",
      ]),
    );
    expect((await call("library.search", read.key, { brand: world.brand.shortId })).status).toBe(200);
    expect(
      await capabilitiesOf((await makeKey(world.admin.email, { scopes: "brand.read,library.write" })).key),
    ).toEqual(
      sorted([
        "brands.list",
        "confirmations.get",
        "brand.overview",
        "brand.soul.read",
        "brand.check",
        "brand.contacts.list",
        "library.asset.review",
        "library.upload.create",
      ]),
    );
  });

  it("an admin key with only brand.read and kit.read lists only brands.list, confirmations.get, the brand reads and kit.read", async () => {
    const key = await makeKey(world.admin.email, { scopes: "brand.read,kit.read" });
    expect(await capabilitiesOf(key.key)).toEqual(
      sorted([
        "brands.list",
        "confirmations.get",
        "brand.overview",
        "brand.soul.read",
        "brand.check",
        "brand.contacts.list",
        "kit.read",
      ]),
    );
  });

  it("the role caps the key: a viewer key with kit.read and kit.write lists kit.read but not kit.colors.add", async () => {
    const key = await makeKey(world.viewer.email, { scopes: "brand.read,kit.read,kit.write" });
    expect(await capabilitiesOf(key.key)).toEqual(
      sorted(["brands.list", "confirmations.get", "brand.overview", "brand.soul.read", "brand.check", "kit.read"]),
    );
  });

  it("every listed capability is actually callable with that key (not refused with 403/404)", async () => {
    const key = await makeKey(world.member.email, { scopes: "brand.read,questions.read,questions.write" });
    const listed = await capabilitiesOf(key.key);
    expect(listed).toEqual(
      sorted([
        "brands.list",
        "confirmations.get",
        "brand.overview",
        "brand.soul.read",
        "brand.check",
        "questions.list",
        "questions.ask",
        "questions.answer",
      ]),
    );
    for (const id of ["brands.list", "brand.overview", "brand.soul.read", "questions.list"]) {
      const response = await call(id, key.key, id === "brands.list" ? {} : { brand: world.brand.shortId });
      expect({ id, status: response.status }).toEqual({ id, status: 200 });
    }
  });
});
