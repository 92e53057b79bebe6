// A union input (brand.contacts.save by `op`, library.upload.create by `step`) offered as ONE
// object: no provider accepts oneOf/anyOf at a tool's root (OpenAI 400 invalid_function_parameters,
// Anthropic "input_schema does not support oneOf, allOf, or anyOf at the top level"), and hosts
// that show only the root's properties hid every field of the union. The discriminator becomes an
// enum; every other field says in its description for which cases it applies and whether it is
// required then. The registry keeps the exact union: the pipeline still refuses a field of the
// other case, naming it.
import { isObject, sentences, type Json, type ObjectSchema } from "./json-schema";

export function flattenRoot(schema: Json): ObjectSchema {
  if (schema.type === "object") return { ...schema, type: "object", properties: schema.properties ?? {} };
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (
    !Array.isArray(variants) ||
    !variants.every((variant) => variant.type === "object" && isObject(variant.properties))
  ) {
    throw new Error("an advertised input must be an object or a union of objects");
  }
  const key = discriminatorOf(variants);
  const cases = variants.map((variant) => ({
    value: caseValue((variant.properties as Record<string, Json>)[key]!) as string,
    properties: variant.properties as Record<string, Json>,
    required: new Set((variant.required as string[] | undefined) ?? []),
  }));
  const names = [...new Set(cases.flatMap((one) => Object.keys(one.properties)))].filter((name) => name !== key);
  const properties: Record<string, Json> = {
    [key]: {
      type: "string",
      enum: cases.map((one) => one.value),
      description: `${cases.map((one) => one.value).join(" or ")}: decides which of the other fields apply`,
    },
  };
  for (const name of names) properties[name] = mergedField(name, key, cases);
  const required = [key, ...names.filter((name) => cases.every((one) => one.required.has(name)))];
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  return { ...rest, type: "object", properties, required, additionalProperties: false };
}

type Case = { value: string; properties: Record<string, Json>; required: Set<string> };

/** The property every variant fixes to one value (zod's discriminatedUnion key). */
function discriminatorOf(variants: Json[]): string {
  const first = Object.keys(variants[0]!.properties as Json);
  const key = first.find((name) =>
    variants.every((variant) => caseValue((variant.properties as Record<string, Json>)[name]) !== undefined),
  );
  if (!key) throw new Error("a union input needs a discriminator property fixed to one value in each variant");
  return key;
}

function caseValue(property: Json | undefined): unknown {
  if (!property) return undefined;
  if ("const" in property) return property.const;
  return Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
}

/** One field across the cases that have it: one schema, a description naming when it applies. */
function mergedField(name: string, key: string, cases: Case[]): Json {
  const having = cases.filter((one) => name in one.properties);
  const shapes = having.map((one) => withoutDescription(one.properties[name]!));
  const same = shapes.every((shape) => JSON.stringify(shape) === JSON.stringify(shapes[0]));
  const schema: Json = same ? shapes[0]! : { anyOf: shapes };
  const everywhere = having.length === cases.length;
  const parts = having.map((one) => {
    const said = (one.properties[name]!.description as string | undefined) ?? "";
    const need = one.required.has(name) ? "required" : "optional";
    return everywhere && having.every((other) => other.required.has(name) === one.required.has(name)) && same
      ? said
      : `When ${key} is ${one.value} (${need}): ${sentences(said)}`;
  });
  const absent = cases.filter((one) => !(name in one.properties)).map((one) => one.value);
  const description = sentences(
    ...new Set(parts),
    absent.length > 0 ? `Not allowed when ${key} is ${absent.join(" or ")}` : undefined,
  );
  return { ...schema, description };
}

function withoutDescription(schema: Json): Json {
  const { description: _, ...rest } = schema;
  return rest;
}
