// Account capabilities (no brand: brands.list) run outside the write path: no transaction,
// confirmation, idempotency, audit or event (lib/core/invoke.ts). So the types allow only reads
// there; `npx tsc --noEmit` checks this file, and an unused @ts-expect-error below fails it the
// day that restriction goes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { capabilities } from "../../lib/capabilities/registry";
import { defineAccountCapability } from "../../lib/contract/define";

const shape = {
  id: "account.example",
  scope: null,
  minRole: "viewer",
  doors: ["api"],
  phase: "planned",
  widget: null,
  title: "Example",
  description: "Example",
  input: z.object({}).strict(),
  output: z.object({ ok: z.literal(true) }),
} as const;

/** What the compiler accepts and refuses is the test; at run time these are plain objects. */
function definitions() {
  const read = defineAccountCapability({ ...shape, kind: "read", confirmation: false });
  // @ts-expect-error a write about the account would skip the transaction, confirmation and audit
  const write = defineAccountCapability({ ...shape, kind: "write", confirmation: false });
  // @ts-expect-error nothing outside the write path can ask the person to confirm
  const confirmed = defineAccountCapability({ ...shape, kind: "read", confirmation: true });
  return [read, write, confirmed];
}

describe("account capabilities", () => {
  it("are defined as reads only (the @ts-expect-error lines above hold while tsc refuses a write)", () => {
    expect(definitions().map((definition) => definition.id)).toEqual([
      "account.example",
      "account.example",
      "account.example",
    ]);
  });

  it("are all reads that ask no confirmation", () => {
    const account = capabilities.filter((capability) => !capability.brandScoped);
    expect(account.map((capability) => capability.id)).toContain("brands.list");
    for (const capability of account) expect([capability.kind, capability.confirmation]).toEqual(["read", false]);
  });
});
