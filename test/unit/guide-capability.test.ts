// docs/add-a-capability.md, followed once as written: kit.colors.rename (test/fixtures/capabilities)
// is a capability made from the guide alone. A registry entry only for tests would be served by the
// product too, so this file builds the registry the way the product does (its list, then lookup by
// id) with the new capability added, and what reads the registry reads that one: the pipeline, the
// catalogue, the OpenAPI operation, the event catalogue, the MCP and Assistant tools. The calls run
// through the real pipeline (the API door's invoke) on a SQLite database of this file's own. The
// guide's rows that are files of the product (an OpenAPI example, the matrix's fixture, the registry
// test's list, the written-out event types, form words, the guides) are for a capability the product
// serves; here the checks behind them run on this one instead.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Capability } from "../../lib/contract/define";
import type { Outcome } from "../../lib/core/invoke";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "warn"; // one JSON line per call is the server's business, not this file's
});

vi.mock("../../lib/capabilities/registry", async (importOriginal) => {
  const product = await importOriginal<typeof import("../../lib/capabilities/registry")>();
  const { kitColorsRename } = await import("../fixtures/capabilities/kit-colors-rename");
  const capabilities: readonly Capability[] = [...product.capabilities, kitColorsRename];
  const byId = new Map(capabilities.map((capability) => [capability.id, capability]));
  return { ...product, capabilities, findCapability: (id: string) => byId.get(id) };
});

const { capabilities, findCapability } = await import("../../lib/capabilities/registry");
const { kitColorsRename } = await import("../fixtures/capabilities/kit-colors-rename");
const { invoke } = await import("../../lib/core/invoke");
const { migrate } = await import("../../lib/db/migrate");
const { db } = await import("../../lib/db/client");
const { config } = await import("../../lib/config");
const { addMember, createBrand, createKey, createUser, setBrandStatus } = await import("../../lib/admin/commands");
const { catalog } = await import("../../lib/openapi/catalog");
const { openApiDocument } = await import("../../lib/openapi/document");
const { EVENT_TYPES } = await import("../../lib/events/catalogue");
const { servedTools } = await import("../../lib/mcp/tools");
const { buildTools } = await import("../../lib/assistant/tools");
const { CALLERS, expected } = await import("../authz/expected");

const ID = "kit.colors.rename";
type Caller = (typeof CALLERS)[number];

type Sent = { code: string; result: Outcome["result"]; summary?: string };

/** One call through the API door's pipeline: the answer's code (or "ok"), and the answer. */
async function send(key: string, body: Record<string, unknown>, capabilityId: string = ID): Promise<Sent> {
  const { result } = await invoke({
    door: "api",
    credential: { kind: "key", authorization: `Bearer ${key}` },
    capabilityId,
    body: { ok: true, value: body },
    requestId: randomUUID(),
  });
  return { code: result.ok ? "ok" : result.error.code, result };
}

/** A confirmed write as a client makes it: the 409's token, then the same body with it. */
async function confirmed(key: string, body: Record<string, unknown>, capabilityId: string = ID): Promise<Sent> {
  const first = await send(key, body, capabilityId);
  if (first.result.ok || first.code !== "confirmation_required") return first;
  const { confirmationToken, summary } = first.result.error.details as { confirmationToken: string; summary: string };
  const second = await send(key, { ...body, confirmationToken }, capabilityId);
  return { ...second, summary };
}

let brand: { id: string; shortId: string };
let closed: { id: string; shortId: string };
const keys = new Map<string, string>();

async function makeColor(brandId: string, name = "Ocean") {
  const id = randomUUID();
  const hex = `#${randomBytes(3).toString("hex").toUpperCase()}`;
  await db().kitColor.create({ data: { id, brandId, name, hex, role: "primary" } });
  return id;
}

beforeAll(async () => {
  migrate(config().DATABASE_URL);
  brand = await createBrand(db(), { name: "Guide Coffee", shortId: `GUIDE-${Date.now() % 1_000_000}` });
  closed = await createBrand(db(), { name: "Guide Closed", shortId: `SHUT-${Date.now() % 1_000_000}` });
  for (const caller of CALLERS) {
    const email = `guide-${caller}-${randomUUID().slice(0, 8)}@test.example`;
    await createUser(db(), { email, name: `Guide ${caller}`, staff: caller === "staff" });
    if (caller !== "staff" && caller !== "nonmember")
      for (const place of [brand, closed]) await addMember(db(), { brand: place.shortId, email, role: caller });
    keys.set(`${caller}:with_scope`, (await createKey(db(), { email, scopes: "kit.write,kit.read" })).key);
    keys.set(`${caller}:without_scope`, (await createKey(db(), { email, scopes: "kit.read" })).key);
    keys.set(`${caller}:all`, (await createKey(db(), { email, scopes: "all" })).key);
  }
  await setBrandStatus(db(), { brand: closed.shortId, status: "closed" });
});

afterAll(async () => {
  await db().$disconnect();
});

describe("a capability made from docs/add-a-capability.md", () => {
  it("the registry built with it holds it to the registry's rules (test/unit/registry.test.ts)", () => {
    expect(findCapability(ID)).toBe(kitColorsRename);
    expect((capabilities as readonly Capability[]).filter((capability) => capability.id === ID)).toHaveLength(1);
    const input = kitColorsRename.input.toJSONSchema() as { properties: Record<string, { description?: string }> };
    for (const [name, property] of Object.entries(input.properties)) expect(property.description, name).toBeTruthy();
    // a confirmed write says what it changes, what it touched, and how it is undone
    expect(kitColorsRename.summarize).toBeTypeOf("function");
    expect(kitColorsRename.touched).toBeTypeOf("function");
    expect(kitColorsRename.undo && "records" in kitColorsRename.undo).toBe(true);
  });

  it("every door's derivation lists it, with no code in any door", () => {
    const entry = catalog().capabilities.find((row) => row.id === ID);
    expect(entry).toMatchObject({ scope: "kit.write", minRole: "admin", confirmation: true, servedOnApi: true });
    const paths = (openApiDocument() as { paths: Record<string, { post: Record<string, unknown> }> }).paths;
    expect(paths[`/api/v1/${ID}`]?.post).toMatchObject({ operationId: ID, "x-scope": "kit.write" });
    expect(EVENT_TYPES).toContain("kit.color.renamed");
    expect(servedTools().map(({ tool }) => tool.name)).toContain("kit_colors_rename");
    const person = { userId: "u", name: "Pat", staff: false, apiKeyId: null, scopes: null, brandIds: null };
    const run = async () => {
      throw new Error("not called");
    };
    expect(Object.keys(buildTools(capabilities, person, "admin", "assistant", run))).toContain("kit_colors_rename");
    expect(Object.keys(buildTools(capabilities, person, "member", "assistant", run))).not.toContain(
      "kit_colors_rename",
    );
  });

  it("answers every caller, key and brand as the authorization matrix derives from its facts (test/authz)", async () => {
    const facts = { ...kitColorsRename, served: true };
    const cells = CALLERS.flatMap((caller: Caller) =>
      (["with_scope", "without_scope"] as const).flatMap((key) =>
        (["own", "closed"] as const).map((place) => ({ caller, key, place })),
      ),
    );
    const mismatches: string[] = [];
    for (const { caller, key, place } of cells) {
      const where = place === "own" ? brand : closed;
      const want = expected(facts, caller, key, place).code;
      const id = await makeColor(where.id);
      const got = await send(keys.get(`${caller}:${key}`)!, { brand: where.shortId, id, name: "Deep sea" });
      if (got.code !== want) mismatches.push(`${caller} ${key} ${place}: expected ${want}, got ${got.code}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("is confirmed, written, recorded as its event, and undone through activity.undo", async () => {
    const admin = keys.get("admin:all")!;
    const id = await makeColor(brand.id, "Ocean");
    const renamed = await confirmed(admin, { brand: brand.shortId, id, name: "Deep sea" });
    expect(renamed.code).toBe("ok");
    expect(renamed.summary).toMatch(
      /^In the kit of Guide Coffee, rename the colour "Ocean" \(#[0-9A-F]{6}\) "Deep sea"\.$/,
    );
    expect(renamed.result.ok && renamed.result.touched).toEqual({ kind: "kit", id });
    expect((await db().kitColor.findUniqueOrThrow({ where: { id } })).name).toBe("Deep sea");

    const events = await send(admin, { brand: brand.shortId, types: ["kit.color.renamed"] }, "events.list");
    expect(events.result.ok && events.result.data.items).toEqual([
      expect.objectContaining({ type: "kit.color.renamed", data: expect.objectContaining({ id, name: "Deep sea" }) }),
    ]);

    const activity = await send(admin, { brand: brand.shortId, capabilityId: ID }, "activity.list");
    const [entry] = activity.result.ok ? (activity.result.data.items as { id: string; undo: unknown }[]) : [];
    expect(entry?.undo).toMatchObject({ available: true });
    const undone = await confirmed(admin, { brand: brand.shortId, activityId: entry!.id }, "activity.undo");
    expect(undone.code).toBe("ok");
    expect((await db().kitColor.findUniqueOrThrow({ where: { id } })).name).toBe("Ocean");
  });

  it("refuses what its check refuses before anybody is asked to confirm", async () => {
    const refused = await send(keys.get("admin:all")!, { brand: brand.shortId, id: randomUUID(), name: "Nothing" });
    expect(refused.code).toBe("not_found");
  });
});
