// The slash forms' words kept per capability (labels, help, a union's actions) name capabilities the
// registry has and fields of their inputs. The compiler holds that (components/chat/capability-words.ts:
// the @ts-expect-error lines below fail `npx tsc --noEmit` the day the type goes loose); the
// registry holds it again here at run time, so a loosened type alone cannot let a misspelt key through.
import { describe, expect, it } from "vitest";
import { capabilities, findCapability } from "../../lib/capabilities/registry";
import type { CapabilityWords } from "../../components/chat/capability-words";
import { CAPABILITY_HELP } from "../../components/chat/field-help";
import { ACTIONS, CAPABILITY_LABELS } from "../../components/chat/form-words";

type Schema = { properties?: Record<string, Schema>; items?: Schema; oneOf?: Schema[]; anyOf?: Schema[] };

/** Every field a form of this capability can show: its input's properties (any variant), and its list items'. */
function fieldsOf(id: string): Set<string> {
  const capability = findCapability(id);
  if (!capability) return new Set();
  const schema = capability.input.toJSONSchema({ unrepresentable: "any" }) as Schema;
  const fields = new Set<string>();
  for (const variant of schema.oneOf ?? schema.anyOf ?? [schema]) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      fields.add(name);
      for (const item of Object.keys(property.items?.properties ?? {})) fields.add(item);
    }
  }
  return fields;
}

/** "capability" or "capability.field" for every key the registry does not have. */
function unknownKeys(words: Record<string, Readonly<Record<string, unknown>> | undefined>): string[] {
  return Object.entries(words).flatMap(([id, byField]) => {
    if (!findCapability(id)) return [id];
    const fields = fieldsOf(id);
    return Object.keys(byField ?? {})
      .filter((field) => !fields.has(field))
      .map((field) => `${id}.${field}`);
  });
}

describe("the slash forms' words per capability", () => {
  it("the type refuses a capability the registry lacks and a field its input lacks", () => {
    // @ts-expect-error no capability is called kit.colours.add: a misspelt id fails to compile
    const misspeltId: CapabilityWords = { "kit.colours.add": { role: "What it is for" } };
    // @ts-expect-error kit.colors.add has no field rol: a misspelt field fails to compile
    const misspeltField: CapabilityWords = { "kit.colors.add": { rol: "What it is for" } };
    expect(unknownKeys(misspeltId)).toEqual(["kit.colours.add"]);
    expect(unknownKeys(misspeltField)).toEqual(["kit.colors.add.rol"]);
  });

  it("labels name registry capabilities and their fields", () => {
    expect(Object.keys(CAPABILITY_LABELS).length).toBeGreaterThan(10);
    expect(unknownKeys(CAPABILITY_LABELS)).toEqual([]);
  });

  it("help names registry capabilities and their fields", () => {
    expect(Object.keys(CAPABILITY_HELP).length).toBeGreaterThan(10);
    expect(unknownKeys(CAPABILITY_HELP)).toEqual([]);
  });

  it("a union's actions name registry capabilities and fields of their inputs", () => {
    const named = Object.fromEntries(
      Object.entries(ACTIONS).map(([id, actions]) => [
        id,
        Object.fromEntries(
          (actions ?? []).flatMap((action) =>
            [...Object.keys(action.fixed), ...(action.hide ?? []), ...(action.require ?? [])].map((field) => [
              field,
              action.label,
            ]),
          ),
        ),
      ]),
    );
    expect(Object.keys(named).length).toBeGreaterThan(0);
    expect(unknownKeys(named)).toEqual([]);
  });

  it("reads the registry's ids, not a copy of them", () => {
    expect(capabilities.length).toBeGreaterThan(40);
    expect(fieldsOf("genome.entries.propose")).toContain("value"); // a field of the entries' items
    expect(fieldsOf("brand.contacts.save")).toContain("id"); // a field of one variant of the union
  });
});
