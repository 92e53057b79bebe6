// Scopes a capability checks beyond its own (lib/contract/extra-scopes.ts) are declared on it: the
// bound call checks them before the capability's own code runs, and the catalogue and the OpenAPI
// document say them. The authorization matrix calls them over HTTP (test/authz/matrix.test.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { capabilities, findCapability } from "../../lib/capabilities/registry";
import type { Actor } from "../../lib/contract/context";
import { defineCapability } from "../../lib/contract/define";
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

/** A read whose file, when it names one, also needs kit.read and library.read: it counts its runs. */
const runs: string[] = [];
const reader = defineCapability({
  id: "test.file.read",
  kind: "read",
  scope: "brand.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["api"],
  phase: "planned",
  widget: null,
  title: "Test",
  description: "A capability for this test only",
  input: z.object({ file: z.string().optional().describe("A file") }).strict(),
  output: z.object({ ok: z.literal(true) }).strict(),
  extraScopes: {
    among: ["library.read", "kit.read"],
    when: "reading a file",
    of: (_ctx, input) => (input.file ? ["library.read", "kit.read"] : []),
  },
  async check() {
    runs.push("check");
  },
  async execute() {
    runs.push("execute");
    return { ok: true as const };
  },
});

/** What a call reaches through its bound step: the refusal it meets first, or the capability's own code. */
async function reached(step: "check" | "execute", actor: Actor, input: Record<string, unknown>) {
  const accepted = reader.accept(input);
  if (!accepted.ok) throw new Error(JSON.stringify(accepted.issues));
  runs.length = 0;
  const refusal = await accepted.call[step]({ actor } as never).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (refusal === undefined) return runs.join(",");
  return refusal instanceof AppError ? { code: refusal.code, scope: refusal.details.scope } : refusal;
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

  it("are checked before the capability's own check and execute, in the declared order, naming the one missing", async () => {
    for (const step of ["check", "execute"] as const) {
      expect(await reached(step, keyWith("brand.read"), { file: "f" }), step).toEqual({
        code: "insufficient_scope",
        scope: "library.read",
      });
      expect(await reached(step, keyWith("brand.read", "library.read"), { file: "f" }), step).toEqual({
        code: "insufficient_scope",
        scope: "kit.read",
      });
      expect(await reached(step, keyWith("brand.read", "library.read", "kit.read"), { file: "f" }), step).toBe(step);
      // an input that needs none of them; a session, which has no scopes, only its role
      expect(await reached(step, keyWith("brand.read"), {}), step).toBe(step);
      expect(await reached(step, { ...keyWith(), scopes: null }, { file: "f" }), step).toBe(step);
    }
  });

  it("brand.check's file needs them, its text alone none", async () => {
    const { of } = findCapability("brand.check")!.extraScopes!;
    const ctx = {} as never;
    expect(await of(ctx, { assetId: "0b7c5a0e-1f7e-4d7e-9a43-6f1f54d0d001" } as never)).toEqual([
      "library.read",
      "kit.read",
    ]);
    expect(await of(ctx, { text: "Hi" } as never)).toEqual([]);
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
