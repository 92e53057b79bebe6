// Every pattern a capability's input carries has a sentence a person understands: a
// value that misses it is answered with the schema's own words ("must be a colour code like
// #1A2B3C"), never zod's "must be a valid regex" nor the bare pattern. Found by walking each
// input's JSON Schema for `pattern` (top-level fields, list items, each shape of a union), so a new
// capability's pattern is checked too.
import { z } from "zod";
import { describe as suite, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { describe } from "../../lib/core/input";

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  pattern?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Found = { path: (string | number)[]; shape: Record<string, unknown> };

/** Each field with a pattern, with an input that breaks only that pattern's rule (other fields may be missing). */
function patterned(schema: Schema): Found[] {
  const found: Found[] = [];
  for (const shape of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const constants = Object.fromEntries(
      Object.entries(shape.properties ?? {})
        .filter(([, field]) => "const" in field)
        .map(([name, field]) => [name, (field as { const: unknown }).const]),
    );
    for (const [name, field] of Object.entries(shape.properties ?? {})) {
      if (field.pattern) found.push({ path: [name], shape: { ...constants, [name]: "§ not this §" } });
      if (field.items?.pattern) found.push({ path: [name, 0], shape: { ...constants, [name]: ["§ not this §"] } });
    }
  }
  return found;
}

suite("every input pattern is said in words", () => {
  const cases = capabilities.flatMap((capability) =>
    patterned(z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Schema).map((found) => ({
      id: capability.id,
      ...found,
    })),
  );

  it("finds the patterns (a colour code, event types, a month, a country code among them)", () => {
    const named = cases.map((found) => `${found.id}:${found.path[0]}`);
    for (const expected of ["kit.colors.add:hex", "events.list:types", "budget.usage:month"])
      expect(named).toContain(expected);
  });

  it.each(cases.map((found) => [`${found.id} ${found.path.join(".")}`, found] as const))("%s", (_, found) => {
    const capability = capabilities.find((candidate) => candidate.id === found.id)!;
    const parsed = capability.input.safeParse(found.shape);
    expect(parsed.success).toBe(false);
    const issues = parsed.success ? [] : parsed.error.issues.flatMap(describe);
    const field = found.path.join(".");
    const mine = issues.filter((issue) => issue.field === field || issue.field.startsWith(`${found.path[0]}`));
    expect(mine.length, JSON.stringify(issues)).toBeGreaterThan(0);
    for (const issue of mine) {
      expect(issue.message).not.toMatch(/regex|pattern|Invalid string|\^|\$\//);
      expect(issue.message).not.toBe("is not written the way this field needs");
    }
  });

  it("says a colour code the way a person writes one", () => {
    const kit = capabilities.find((capability) => capability.id === "kit.colors.add")!;
    const parsed = kit.input.safeParse({ name: "Sky", hex: "blue" });
    const issues = parsed.success ? [] : parsed.error.issues.flatMap(describe);
    expect(issues.find((issue) => issue.field === "hex")?.message).toBe(
      "must be a colour code like #1A2B3C (or the short #1AB)",
    );
  });
});
