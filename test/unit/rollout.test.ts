// Which capabilities a door serves (docs/design.md, rollout): implemented, listed for the door, allowed by
// CAPABILITY_ROLLOUT. Unit-level, because once every capability is implemented the API door has
// no unimplemented example left to call.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCapability } from "../../lib/contract/define";
import { findCapability } from "../../lib/capabilities/registry";
import { isServed } from "../../lib/core/rollout";
import { resetConfigForTests } from "../../lib/config";

const planned = defineCapability({
  id: "test.planned",
  kind: "read",
  scope: "brand.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: null,
  title: "Test",
  description: "A capability for this test only",
  input: z.object({}).strict(),
  output: z.object({}).strict(),
});

afterEach(() => {
  delete process.env.CAPABILITY_ROLLOUT;
  resetConfigForTests();
});

describe("isServed", () => {
  it("never serves a capability without execute: it answers not_found, never a fake success", () => {
    expect(isServed(planned, "api")).toBe(false);
    expect(isServed({ ...planned, execute: async () => ({}) }, "api")).toBe(true);
  });

  it("serves a capability only through its own doors", () => {
    const implemented = { ...planned, execute: async () => ({}) };
    expect(isServed(implemented, "voice")).toBe(false);
    expect(isServed(findCapability("questions.ask")!, "voice")).toBe(false); // the spec lists no Voice door for it
  });

  it("with CAPABILITY_ROLLOUT=available serves only Available capabilities, through Assistant and MCP only", () => {
    process.env.CAPABILITY_ROLLOUT = "available";
    resetConfigForTests();
    const kitRead = findCapability("kit.read")!; // Available
    const overview = findCapability("brand.overview")!; // Planned
    expect([
      isServed(kitRead, "assistant"),
      isServed(kitRead, "mcp"),
      isServed(kitRead, "api"),
      isServed(kitRead, "voice"),
    ]).toEqual([true, true, false, false]);
    expect([isServed(overview, "assistant"), isServed(overview, "mcp")]).toEqual([false, false]);
  });
});
