// Who sees which files (docs/design.md, the library and uploads). The API door is tested over HTTP
// in library-read.test.ts; the Assistant door has no route yet, so its rule is tested through the
// same pipeline it will call: invoke() with a person's session, on the suite's database.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { invoke } from "../../lib/core/invoke";
import type { Door } from "../../lib/contract/catalogue";
import { makePerson, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let world: World;
const ids: Record<string, string> = {};
beforeAll(async () => {
  world = await makeWorld();
  for (const [i, status] of ["approved", "proposed", "archived"].entries()) {
    ids[status] = randomUUID();
    await db().asset.create({
      data: {
        id: ids[status]!,
        brandId: world.brand.id,
        name: `${status}.png`,
        nameKey: `${status}.png`,
        mimeType: "image/png",
        type: "image",
        status,
        sizeBytes: 10n,
        storageKey: `test/${ids[status]}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      },
    });
  }
});

async function as(door: Door, userId: string, capabilityId: string, input: Record<string, unknown>) {
  const outcome = await invoke({
    door,
    capabilityId,
    requestId: randomUUID(),
    credential: { kind: "session", userId },
    body: { ok: true, value: { brand: world.brand.shortId, ...input } },
  });
  return outcome.result;
}

async function seen(door: Door, userId: string) {
  const result = await as(door, userId, "library.search", {});
  if (!result.ok) throw result.error;
  const listed = (result.data as { items: { status: string }[] }).items.map((item) => item.status).sort();
  const gettable: string[] = [];
  for (const [status, assetId] of Object.entries(ids)) {
    const got = await as(door, userId, "library.asset.get", { assetId });
    if (got.ok) gettable.push(status);
    else
      expect({ code: got.error.code, field: got.error.details.field }).toEqual({ code: "not_found", field: "assetId" });
  }
  expect(gettable.sort()).toEqual(listed);
  return listed;
}

describe("library visibility by door and role", () => {
  it("in the assistant: a viewer sees approved, a member approved and proposed, an admin all", async () => {
    expect(await seen("assistant", world.viewer.id)).toEqual(["approved"]);
    expect(await seen("assistant", world.member.id)).toEqual(["approved", "proposed"]);
    expect(await seen("assistant", world.admin.id)).toEqual(["approved", "archived", "proposed"]);
  });

  it("staff act as admins in the assistant", async () => {
    const staff = await makePerson({ staff: true });
    expect(await seen("assistant", staff.id)).toEqual(["approved", "archived", "proposed"]);
  });

  it("through MCP and the API only approved files, whatever the role", async () => {
    for (const door of ["mcp", "api"] as const) {
      expect(await seen(door, world.admin.id)).toEqual(["approved"]);
      expect(await seen(door, world.member.id)).toEqual(["approved"]);
    }
  });
});
