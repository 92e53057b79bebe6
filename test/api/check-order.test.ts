// The order of checks (docs/design.md, order of checks): each pair is tested with one call that violates both
// rules; the earlier rule must win. Rate limiting (step 2) is covered in rate-limit-rollout.test.ts.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, setBrandStatus } from "../../lib/admin/commands";
import { call, makeBrand, makeKey, makePerson, type ApiResponse } from "../support/world";

/** Defined in the registry but not executed yet: not served, so 404 not_found (docs/design.md, rollout). */

function expectError(response: ApiResponse, status: number, code: string) {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
}

const uniqueName = (label: string) => `${label} ${randomBytes(6).toString("hex")}`;
const randomHex = () => `#${randomBytes(3).toString("hex").toUpperCase()}`;

/**
 * Tokens issued for one brand. Summaries name the brand (kit.colors.add, brand.profile.update),
 * and each brand here has a unique name, so other test files issuing tokens at the same time
 * cannot disturb the count.
 */
const tokensFor = (brandName: string) => db().confirmationToken.count({ where: { summary: { contains: brandName } } });

/** A brand with a unique name, an admin and a viewer (all-scope keys), plus an outsider. */
async function makeScene(status: "active" | "closed" = "active") {
  const name = uniqueName("Order brand");
  const brand = await makeBrand({ name });
  const admin = await makePerson();
  const viewer = await makePerson();
  const outsider = await makePerson();
  await addMember(db(), { brand: brand.shortId, email: admin.email, role: "admin" });
  await addMember(db(), { brand: brand.shortId, email: viewer.email, role: "viewer" });
  const keys = {
    admin: (await makeKey(admin.email)).key,
    viewer: (await makeKey(viewer.email)).key,
    outsider: (await makeKey(outsider.email)).key,
    adminKitReadOnly: (await makeKey(admin.email, { scopes: "kit.read" })).key,
  };
  if (status !== "active") await setBrandStatus(db(), { brand: brand.shortId, status });
  return { brand, name, admin, keys };
}

type Scene = Awaited<ReturnType<typeof makeScene>>;

describe("1 unauthenticated before 3 unknown capability", () => {
  it("no key on an unknown capability id is 401, not 404", async () => {
    expectError(await call("no.such.capability", null, { brand: "X-1" }), 401, "unauthenticated");
  });

  it("a malformed key on an unknown capability id is 401, not 404", async () => {
    expectError(await call("no.such.capability", "not-a-key", {}), 401, "unauthenticated");
  });

  it("no key with a body that is not JSON is 401, not 422", async () => {
    expectError(await call("kit.read", null, "{oops"), 401, "unauthenticated");
  });
});

describe("3 unknown capability (404 not_found, no field) before 4 insufficient_scope", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  it("an unknown id called with a kit.read-only key is 404 without field", async () => {
    const response = await call("kit.delete", scene.keys.adminKitReadOnly, { brand: scene.brand.shortId });
    expectError(response, 404, "not_found");
    expect(response.body.error).not.toHaveProperty("field");
  });

  it("a capability whose scope the key lacks is 403 insufficient_scope, naming the scope", async () => {
    const response = await call("library.search", scene.keys.adminKitReadOnly, { brand: scene.brand.shortId });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("library.read");
  });

  it("an unknown id with bad input and a brand the caller cannot access is still 404", async () => {
    const response = await call("kit.delete", scene.keys.outsider, { brand: "Nope-1", bogus: true });
    expectError(response, 404, "not_found");
    expect(response.body.error).not.toHaveProperty("field");
  });
});

describe("4 insufficient_scope before 5 invalid_input", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  it("a write without its scope and with invalid input (no brand, bad hex, unknown field) is 403 naming the scope", async () => {
    const response = await call("kit.colors.add", scene.keys.adminKitReadOnly, { hex: "not-a-colour", colour: "typo" });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("kit.write");
  });

  it("a body that is not a JSON object is still 403 insufficient_scope when the scope is missing", async () => {
    const response = await call("brand.overview", scene.keys.adminKitReadOnly, "[1,2,3]");
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.scope).toBe("brand.read");
  });
});

describe("5 invalid_input before 6 forbidden", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  it("bad input on a brand the caller is not a member of is 422", async () => {
    const response = await call("kit.colors.add", scene.keys.outsider, {
      brand: scene.brand.shortId,
      name: "X",
      hex: "zzz",
    });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("hex");
  });

  it("bad input on an unknown brand is 422", async () => {
    const response = await call("kit.read", scene.keys.admin, { brand: "Nope-424242", parts: ["sounds"] });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("parts.0");
  });

  it("bad input from a role below the minimum (viewer asking 6 questions) is 422", async () => {
    const questions = Array.from({ length: 6 }, (_, i) => ({
      key: `k${i}`,
      question: "Q?",
      options: [],
      scope: "genome",
    }));
    const response = await call("questions.ask", scene.keys.viewer, { brand: scene.brand.shortId, questions });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("questions");
  });
});

describe("6 forbidden before 7 brand_not_operational", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene("closed");
  });

  it("a write by a non-member to a closed brand is 403 forbidden", async () => {
    const response = await call("questions.ask", scene.keys.outsider, {
      brand: scene.brand.shortId,
      questions: [{ key: "k", question: "Q?", options: [], scope: "genome" }],
    });
    expectError(response, 403, "forbidden");
  });

  it("a write by a viewer (role below minimum) to a closed brand is 403 forbidden", async () => {
    const response = await call("kit.colors.add", scene.keys.viewer, {
      brand: scene.brand.shortId,
      name: "X",
      hex: randomHex(),
    });
    expectError(response, 403, "forbidden");
  });
});

describe("7 brand_not_operational before 9 confirmation_required", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  it("a confirmation-requiring write to a closed brand is 409 brand_not_operational and issues no token", async () => {
    // control: while the brand is active, the same kind of call issues a token
    const control = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "Control",
      hex: randomHex(),
    });
    expectError(control, 409, "confirmation_required");
    expect(await tokensFor(scene.name)).toBe(1);

    await setBrandStatus(db(), { brand: scene.brand.shortId, status: "closed" });
    const response = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "Blocked",
      hex: randomHex(),
    });
    expectError(response, 409, "brand_not_operational");
    expect(response.body.error.confirmationToken).toBeUndefined();
    expect(await tokensFor(scene.name)).toBe(1);

    const profile = await call("brand.profile.update", scene.keys.admin, {
      brand: scene.brand.shortId,
      expectedRevision: 1,
      city: "Lyon",
    });
    expectError(profile, 409, "brand_not_operational");
    expect(await tokensFor(scene.name)).toBe(1);
  });

  it("a valid token does not open a closed brand", async () => {
    const fresh = await makeScene();
    const input = { brand: fresh.brand.shortId, name: "Late", hex: randomHex() };
    const first = await call("kit.colors.add", fresh.keys.admin, input);
    expectError(first, 409, "confirmation_required");
    await setBrandStatus(db(), { brand: fresh.brand.shortId, status: "archived" });
    const second = await call("kit.colors.add", fresh.keys.admin, {
      ...input,
      confirmationToken: first.body.error.confirmationToken,
    });
    expectError(second, 409, "brand_not_operational");
    expect(await db().kitColor.count({ where: { brandId: fresh.brand.id } })).toBe(0);
  });
});

describe("10 checks that must fail run before a token is issued (nobody confirms a doomed call)", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  it("a duplicate colour (same HEX, same role) is 422 invalid_input field hex, reason duplicate, and issues no token", async () => {
    const hex = randomHex();
    const first = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "Ocean",
      hex,
      role: "primary",
    });
    expectError(first, 409, "confirmation_required");
    const tokensBefore = await tokensFor(scene.name);
    expect(tokensBefore).toBeGreaterThan(0); // the count does see this brand's tokens
    const added = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "Ocean",
      hex,
      role: "primary",
      confirmationToken: first.body.error.confirmationToken,
    });
    expect(added.status).toBe(200);

    // the same colour written in lower case normalizes to the same HEX
    const duplicate = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "Ocean again",
      hex: hex.toLowerCase(),
      role: "primary",
    });
    expectError(duplicate, 422, "invalid_input");
    expect(duplicate.body.error.field).toBe("hex");
    expect(duplicate.body.error.reason).toBe("duplicate");
    expect(duplicate.body.error.confirmationToken).toBeUndefined();
    expect(await tokensFor(scene.name)).toBe(tokensBefore);
  });

  it("the same HEX with another role is not a duplicate (it asks for confirmation)", async () => {
    const hex = randomHex();
    const first = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "A",
      hex,
      role: "accent",
    });
    const added = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "A",
      hex,
      role: "accent",
      confirmationToken: first.body.error.confirmationToken,
    });
    expect(added.status).toBe(200);
    const other = await call("kit.colors.add", scene.keys.admin, {
      brand: scene.brand.shortId,
      name: "A",
      hex,
      role: "background",
    });
    expectError(other, 409, "confirmation_required");
  });

  it("a stale expectedRevision is 409 revision_conflict with currentRevision, and issues no token", async () => {
    const overview = await call("brand.overview", scene.keys.admin, { brand: scene.brand.shortId });
    const revision: number = overview.body.data.revision;
    const tokensBefore = await tokensFor(scene.name);
    const response = await call("brand.profile.update", scene.keys.admin, {
      brand: scene.brand.shortId,
      expectedRevision: revision + 5,
      city: "Lyon",
    });
    expectError(response, 409, "revision_conflict");
    expect(response.body.error.currentRevision).toBe(revision);
    expect(response.body.error.confirmationToken).toBeUndefined();
    expect(await tokensFor(scene.name)).toBe(tokensBefore);

    // control: with the right revision a token is issued (so the count above could have moved)
    const control = await call("brand.profile.update", scene.keys.admin, {
      brand: scene.brand.shortId,
      expectedRevision: revision,
      city: "Lyon",
    });
    expectError(control, 409, "confirmation_required");
    expect(await tokensFor(scene.name)).toBe(tokensBefore + 1);
  });

  it("a revision that went stale after the token was issued fails with revision_conflict at execution", async () => {
    const fresh = await makeScene();
    const revision: number = (await call("brand.overview", fresh.keys.admin, { brand: fresh.brand.shortId })).body.data
      .revision;
    const slow = { brand: fresh.brand.shortId, expectedRevision: revision, city: "Paris" };
    const slowFirst = await call("brand.profile.update", fresh.keys.admin, slow);
    expectError(slowFirst, 409, "confirmation_required");
    const fast = { brand: fresh.brand.shortId, expectedRevision: revision, city: "Nice" };
    const fastFirst = await call("brand.profile.update", fresh.keys.admin, fast);
    const fastDone = await call("brand.profile.update", fresh.keys.admin, {
      ...fast,
      confirmationToken: fastFirst.body.error.confirmationToken,
    });
    expect(fastDone.status).toBe(200);
    const slowDone = await call("brand.profile.update", fresh.keys.admin, {
      ...slow,
      confirmationToken: slowFirst.body.error.confirmationToken,
    });
    expectError(slowDone, 409, "revision_conflict");
    expect(slowDone.body.error.currentRevision).toBe(revision + 1);
    expect((await db().genome.findUnique({ where: { brandId: fresh.brand.id } }))?.city).toBe("Nice");
  });
});

describe("the library capabilities are served (a 404 of theirs names the missing record, never the capability)", () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await makeScene();
  });

  const uuid = "3b241101-e2bb-4255-8caf-4136c566a962";
  it("search and the upload's start succeed; get and review of an unknown file are 404 on assetId", async () => {
    expect((await call("library.search", scene.keys.admin, { brand: scene.brand.shortId })).status).toBe(200);
    const start = await call("library.upload.create", scene.keys.admin, {
      brand: scene.brand.shortId,
      step: "start",
      fileName: "a.png",
      mimeType: "image/png",
      sizeBytes: 10,
    });
    expect(start.status).toBe(200);
    for (const [capability, input] of [
      ["library.asset.get", { assetId: uuid }],
      ["library.asset.review", { assetId: uuid, decision: "approve" }],
    ] as const) {
      const response = await call(capability, scene.keys.admin, { brand: scene.brand.shortId, ...input });
      expectError(response, 404, "not_found");
      expect(response.body.error.field).toBe("assetId");
    }
  });
});
