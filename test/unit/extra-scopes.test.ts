// Scopes a capability checks beyond its own (lib/contract/extra-scopes.ts) are declared on it: the
// bound call checks them before the capability's own code runs, and the catalogue and the OpenAPI
// document say them. The authorization matrix calls them over HTTP (test/authz/matrix.test.ts).
import { describe, expect, it } from "vitest";
import { capabilities, findCapability } from "../../lib/capabilities/registry";
import type { Actor } from "../../lib/contract/context";
import type { Capability } from "../../lib/contract/define";
import { AppError } from "../../lib/contract/errors";
import { requireExtraScopes } from "../../lib/contract/extra-scopes";
import { catalog } from "../../lib/openapi/catalog";
import { operationOf } from "../../lib/openapi/operation";

const keyWith = (...scopes: Actor["scopes"] & object): Actor => ({
  userId: "u-1",
  name: "Pat",
  staff: false,
  apiKeyId: "k-1",
  scopes,
  brandIds: null,
});

/** The refusal a call of this capability meets before its own code runs, or undefined. */
async function refusalOf(capability: Capability, actor: Actor, input: Record<string, unknown>) {
  const accepted = capability.accept(input);
  if (!accepted.ok) throw new Error(`${capability.id}: ${JSON.stringify(accepted.issues)}`);
  // the context holds only the caller: a call that got past the scopes would fail on the rest
  const ctx = { actor } as never;
  const reached = await accepted.call.execute(ctx).then(
    () => "ran",
    (error: unknown) => error,
  );
  return reached instanceof AppError ? { code: reached.code, scope: reached.details.scope } : "ran past the scopes";
}

describe("scopes a capability needs beyond its own", () => {
  it("are declared by exactly the capabilities that check them: brand.check's file, activity.undo's write", () => {
    const declaring = capabilities.filter((capability) => capability.extraScopes).map(({ id }) => id);
    expect(declaring.sort()).toEqual(["activity.undo", "brand.check"]);
    expect(findCapability("brand.check")!.extraScopes!.among).toEqual(["library.read", "kit.read"]);
  });

  it("activity.undo declares the scope of every write it can undo", () => {
    const among = findCapability("activity.undo")!.extraScopes!.among;
    const undoable = capabilities.filter(
      (capability) => capability.kind === "write" && capability.undo && "records" in capability.undo,
    );
    expect(undoable.length).toBeGreaterThan(10);
    for (const write of undoable) expect(among, write.id).toContain(write.scope);
  });

  it("are checked before the capability's own code, in the declared order, naming the one missing", async () => {
    const check = findCapability("brand.check")!;
    const file = { assetId: "0b7c5a0e-1f7e-4d7e-9a43-6f1f54d0d001" };
    expect(await refusalOf(check, keyWith("brand.read"), file)).toEqual({
      code: "insufficient_scope",
      scope: "library.read",
    });
    expect(await refusalOf(check, keyWith("brand.read", "library.read"), file)).toEqual({
      code: "insufficient_scope",
      scope: "kit.read",
    });
    // a text alone needs none of them; a session has no scopes, only its role
    expect(await refusalOf(check, keyWith("brand.read"), { text: "Hi" })).toBe("ran past the scopes");
    expect(await refusalOf(check, { ...keyWith(), scopes: null }, file)).toBe("ran past the scopes");
  });

  it("a scope the declaration does not name is the capability's fault, never the caller's", () => {
    const declared = { among: ["kit.read"] as const, when: "testing" };
    expect(() => requireExtraScopes("x.y", keyWith("kit.read"), declared, ["library.read"])).toThrow(
      "x.y needs library.read, which its extraScopes do not declare",
    );
    expect(() => requireExtraScopes("x.y", keyWith(), declared, ["kit.read"])).toThrow(
      "This call also needs the scope kit.read (testing), which this key lacks",
    );
  });

  it("the catalogue and the OpenAPI operation say them", () => {
    const entries = new Map(catalog().capabilities.map((entry) => [entry.id, entry]));
    expect(entries.get("brand.check")!.extraScopes).toEqual({
      scopes: ["library.read", "kit.read"],
      when: "checking a file",
    });
    expect(entries.get("activity.undo")!.extraScopes!.scopes).toContain("kit.write");
    expect(entries.get("kit.read")!.extraScopes).toBeNull();
    const { operation } = operationOf(findCapability("brand.check")!, "http://localhost");
    expect(operation["x-extra-scopes"]).toEqual({ scopes: ["library.read", "kit.read"], when: "checking a file" });
    expect(operation.description).toContain("extra scopes: library.read, kit.read (checking a file)");
  });
});
