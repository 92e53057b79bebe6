// brand.policy.update through the API door: a brand's admin decides who confirms the writes of
// agents signed in with OAuth, after confirming it; members and viewers cannot; a value outside the
// two names its field; brand.overview shows the policy to everyone in the brand; the write records
// its event and activity.undo gives the earlier policy back.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const policyOf = async (world: World, key = world.admin.key) =>
  expectOk(await call("brand.overview", key, { brand: world.brand.shortId })).policy;

const stored = async (world: World) =>
  (await db().brand.findUniqueOrThrow({ where: { id: world.brand.id }, select: { agentsConfirmBy: true } }))
    .agentsConfirmBy;

describe("brand.policy.update", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("brand.overview shows the policy to every role, 'either' until an admin changes it", async () => {
    for (const key of [world.admin.key, world.member.key, world.viewer.key])
      expect(await policyOf(world, key)).toEqual({ agentsConfirmBy: "either" });
  });

  it("asks for confirmation in words and writes nothing before the token comes back", async () => {
    const input = { brand: world.brand.shortId, agentsConfirmBy: "person" };
    const error = expectError(await call("brand.policy.update", world.admin.key, input), 409, "confirmation_required");
    expect(error.summary).toBe("Require a person to confirm every write of agents signed in with OAuth in Test Brand.");
    expect(error.confirmationToken).toMatch(/^bct_/);
    expect(await stored(world)).toBe("either");

    const data = expectOk(
      await call("brand.policy.update", world.admin.key, { ...input, confirmationToken: error.confirmationToken }),
    );
    expect(data).toEqual({ ok: true, id: world.brand.id });
    expect(await stored(world)).toBe("person");
    expect(await policyOf(world, world.viewer.key)).toEqual({ agentsConfirmBy: "person" });
  });

  it("says 'either' in words too", async () => {
    const error = expectError(
      await call("brand.policy.update", world.admin.key, { brand: world.brand.shortId, agentsConfirmBy: "either" }),
      409,
      "confirmation_required",
    );
    expect(error.summary).toBe("Let each connected app's setting decide who confirms its writes in Test Brand.");
  });

  it.each(["member", "viewer"] as const)("a %s is forbidden, and nothing changes", async (role) => {
    const before = await stored(world);
    const error = expectError(
      await call("brand.policy.update", world[role].key, { brand: world.brand.shortId, agentsConfirmBy: "either" }),
      403,
      "forbidden",
    );
    expect(error.confirmationToken).toBeUndefined();
    expect(await stored(world)).toBe(before);
  });

  it("a key without brand.write lacks the scope", async () => {
    const key = await makeKey(world.admin.email, { scopes: "brand.read" });
    const error = expectError(
      await call("brand.policy.update", key.key, { brand: world.brand.shortId, agentsConfirmBy: "person" }),
      403,
      "insufficient_scope",
    );
    expect(error.scope).toBe("brand.write");
  });

  it.each([
    ["another value", { agentsConfirmBy: "caller" }],
    ["no value", {}],
    ["a value of the wrong type", { agentsConfirmBy: true }],
  ])("%s is invalid_input naming agentsConfirmBy", async (_name, input) => {
    const error = expectError(
      await call("brand.policy.update", world.admin.key, { brand: world.brand.shortId, ...input }),
      422,
      "invalid_input",
    );
    expect(error.field).toBe("agentsConfirmBy");
  });
});

describe("brand.policy.update's event and undo", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("records brand.policy.updated with the policy now, and activity.undo gives the earlier policy back", async () => {
    const answer = await confirmAndCall("brand.policy.update", world.admin.key, {
      brand: world.brand.shortId,
      agentsConfirmBy: "person",
    });
    expectOk(answer);
    const events = expectOk(
      await call("events.list", world.admin.key, { brand: world.brand.shortId, types: ["brand.policy.updated"] }),
    ).items as { type: string; data: unknown; actor: { kind: string; person: { id: string } } }[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "brand.policy.updated",
      data: { id: world.brand.id, agentsConfirmBy: "person" },
      actor: { kind: "key", person: { id: world.admin.id } },
    });

    const [entry] = expectOk(
      await call("activity.list", world.admin.key, {
        brand: world.brand.shortId,
        requestId: answer.headers.get("x-request-id"),
      }),
    ).items as { id: string; undo: { available: boolean } }[];
    expect(entry?.undo.available).toBe(true);
    const undo = expectError(
      await call("activity.undo", world.admin.key, { brand: world.brand.shortId, activityId: entry!.id }),
      409,
      "confirmation_required",
    );
    expect(undo.summary).toContain(
      "put the brand's rule on who confirms the writes of agents signed in with OAuth back as it was",
    );
    expectOk(
      await call("activity.undo", world.admin.key, {
        brand: world.brand.shortId,
        activityId: entry!.id,
        confirmationToken: undo.confirmationToken,
      }),
    );
    expect(await policyOf(world)).toEqual({ agentsConfirmBy: "either" });
  });
});
