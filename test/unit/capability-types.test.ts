// The registry's type map reaches the screen (docs/contributors.md, Types reach the screen): a UI call names a
// capability the registry has, sends that capability's input and reads that capability's output, as
// a tRPC client reads its router's type. `npx tsc --noEmit` checks this file: an unused expected
// error (@ts-expect-error below) fails it the day the map goes loose (a plain string id, an `any`
// output), and the expectTypeOf lines fail it the day a widget's type stops being the capability's own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { CapabilityId, CapabilityMap } from "../../lib/capabilities/registry";
import type { kitRead } from "../../lib/capabilities/kit/read";
import type { webhooksCreate } from "../../lib/capabilities/webhooks/create";
import { runCapability } from "../../components/widgets/run";
import { okData, okDataOf, type OutputOf } from "../../components/widgets/types";
import { importPicture } from "../../scripts/support/import-graph";

/** What the compiler accepts and refuses is the test; nothing here runs a call. */
async function calls(brand: string, runtimeId: string) {
  const kit = okData(await runCapability("kit.read", brand, { parts: ["colors"] }));
  // @ts-expect-error kit.read answers `colors`: a widget reading another field fails to compile
  const misread = kit?.colours;
  // @ts-expect-error no capability is called kit.reed: a misspelt id fails to compile
  await runCapability("kit.reed", brand, {});
  // @ts-expect-error kit.read's input is its own: a part it does not have fails to compile
  await runCapability("kit.read", brand, { parts: ["colours"] });
  // an id known only at run time (a slash command chosen from the catalogue) is allowed, untyped
  const chosen = okData(await runCapability(runtimeId, brand, { anything: true }));
  expectTypeOf(chosen).toEqualTypeOf<unknown>();
  return [kit, misread];
}

describe("the registry's type map", () => {
  it("types each capability's input and output from its own schemas", () => {
    expectTypeOf<CapabilityMap["kit.read"]["output"]>().toEqualTypeOf<z.output<typeof kitRead.output>>();
    expectTypeOf<CapabilityMap["webhooks.create"]["input"]>().toEqualTypeOf<z.input<typeof webhooksCreate.input>>();
    expectTypeOf<OutputOf<"webhooks.create">>().toHaveProperty("secret");
    expectTypeOf<"brands.list">().toExtend<CapabilityId>();
    expectTypeOf<"kit.reed">().not.toExtend<CapabilityId>();
    expect(typeof calls).toBe("function");
  });

  it("reads a widget's own envelope only when it is that capability's", () => {
    const envelope = { status: "ok", capabilityId: "kit.read", data: { colors: [] } } as const;
    expect(okDataOf(envelope, "kit.read")).toEqual({ colors: [] });
    expect(okDataOf(envelope, "kit.colors.add")).toBeUndefined();
    expect(okDataOf({ status: "declined", capabilityId: "kit.read", summary: "No" }, "kit.read")).toBeUndefined();
  });

  it("reaches client code as types only (the registry pulls the database in)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const client = (file: string) =>
      file.startsWith("components/") || readFileSync(path.join(root, file), "utf8").startsWith('"use client"');
    const reaching = importPicture(root).arrows.filter(
      (arrow) => arrow.to === "lib/capabilities/registry.ts" && client(arrow.from),
    );
    expect(reaching.length).toBeGreaterThan(0);
    expect(reaching.filter((arrow) => !arrow.typeOnly).map((arrow) => arrow.from)).toEqual([]);
  });
});
