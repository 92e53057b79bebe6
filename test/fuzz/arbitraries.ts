// fast-check arbitraries derived from a capability's input JSON Schema (zod 4's z.toJSONSchema, the
// same source as the served OpenAPI document): valid-looking inputs, and mutations of them that a
// careless or hostile client sends. Bounds come from the schema, so a changed bound changes the fuzz.
import fc from "fast-check";

const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
/** name@domain.tld, with a dot or a plus in the name sometimes */
const plainEmail = fc
  .tuple(word, fc.constantFrom("", ".", "+"), word, word, fc.constantFrom("com", "org", "example", "fr"))
  .map(([name, join, more, domain, tld]) => `${name}${join}${join ? more : ""}@${domain}.${tld}`);

export type Json = Record<string, any>;

// Refinements zod cannot express in JSON Schema (HEX colours, country codes, language tags, MIME
// types, contact values, event types): without a hint, random strings would almost never reach execution.
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  hex: fc.oneof(
    fc.stringMatching(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/),
    fc.constantFrom("#abc", "ABCDEF", "#GGG", "#12345"),
  ),
  countryCode: fc.constantFrom("FR", "de", "US", "xx", "", "Zz"),
  primaryLanguage: fc.constantFrom("fr", "en-GB", "zh-Hant-TW", "i-klingon", "x", "en_US", "", "und"),
  mimeType: fc.constantFrom(
    "image/png",
    "application/pdf",
    "text/plain; charset=utf-8",
    "font/woff2",
    "image/",
    "nonsense",
  ),
  value: fc.oneof(
    fc.constantFrom(
      "https://Example.COM/a",
      "@northwind",
      "+33 1 23 45 67 89",
      "0123456789",
      "a@b.co",
      "twitter.com/x",
      "javascript:alert(1)",
    ),
    fc.webUrl(),
    fc.emailAddress(),
  ),
  provider: fc.constantFrom("linkedin", "LinkedIn ", "mockfuzz", "nope", "__proto__"),
  eventTypes: fc.constantFrom(
    ["*"],
    ["kit.color.added"],
    ["kit.color.added", "question.asked"],
    ["kit.colors.add"],
    ["*", "question.asked"],
    ["Not A Type"],
  ),
  expectedRevision: fc.integer({ min: 0, max: 3 }),
  sizeBytes: fc.oneof(fc.integer({ min: 1, max: 4096 }), fc.constantFrom(2 ** 40, Number.MAX_SAFE_INTEGER)),
};

/** Characters that tend to break things: NUL, controls, lone surrogates, RTL marks, emoji, quotes. */
export const nastyChar = fc.constantFrom(
  "\u0000",
  "\u001f",
  "\ud800",
  "\udfff",
  "\u202e",
  "\ufeff",
  "😀",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "<",
  "é",
);
const stringUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: nastyChar },
);

function stringOf(schema: Json): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const soft = Math.min(max, Math.max(min, 40)); // most strings short, bounds hit on purpose below
  const edges = [min, max].filter((length) => length <= 5000).map((length) => fc.constant("x".repeat(length)));
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: stringUnit, minLength: min, maxLength: soft }) },
    ...edges.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function integerOf(schema: Json): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
  const small = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

export type Hints = Record<string, fc.Arbitrary<unknown>>;

/**
 * A value the schema accepts (refinements aside: hints make them likely, not certain). `hints`
 * adds values for some field names, e.g. ids of records that exist, mixed with random ones.
 */
export function validOf(schema: Json, name?: string, hints: Hints = {}): fc.Arbitrary<unknown> {
  const own = name ? hints[name] : undefined;
  const builtin = name ? HINTS[name] : undefined;
  if (own || builtin) {
    const base = builtin ?? validOf(schema, undefined, hints);
    return own ? fc.oneof(own, base) : base;
  }
  if (schema.oneOf || schema.anyOf)
    return fc.oneof(...(schema.oneOf ?? schema.anyOf).map((branch: Json) => validOf(branch, name, hints)));
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "object": {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, inner] of Object.entries<Json>(schema.properties ?? {})) model[key] = validOf(inner, key, hints);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case "array":
      return fc.array(validOf(schema.items ?? {}, undefined, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case "string":
      if (schema.format === "uuid") return fc.uuid({ version: [4, 7] });
      // formats the schema states: mostly well-formed, sometimes not (the refusal is tested too)
      // plain addresses as people type them, RFC 5322's rarer forms (which zod's email refuses), and not addresses
      if (schema.format === "email")
        return fc.oneof(
          { weight: 3, arbitrary: plainEmail },
          { weight: 1, arbitrary: fc.emailAddress() },
          { weight: 1, arbitrary: stringOf(schema) },
        );
      if (schema.format === "date-time") {
        const instant = fc
          .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
          .map((date) => date.toISOString());
        return fc.oneof({ weight: 4, arbitrary: instant }, { weight: 1, arbitrary: stringOf(schema) });
      }
      return stringOf(schema);
    case "integer":
      return integerOf(schema);
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * validOf, but each hinted member the value has takes a hint 3 times in 4: validOf alone mixes hints
 * half and half with random values, and a request often needs several members right at once to get
 * past its checks (a brand, a record of that brand, a well-formed rest).
 */
export function hintedOf(schema: Json, hints: Hints): fc.Arbitrary<unknown> {
  const picks = fc.record(
    Object.fromEntries(Object.entries(hints).map(([key, hint]) => [key, fc.option(hint, { freq: 4 })])),
  );
  return fc.tuple(validOf(schema, undefined, hints), picks).map(([value, chosen]) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const replaced = Object.entries(chosen).filter(
      ([key, pick]) => pick !== null && Object.prototype.hasOwnProperty.call(value, key),
    );
    return { ...value, ...Object.fromEntries(replaced) };
  });
}

// ---- mutations ------------------------------------------------------------------------------

/**
 * Values JSON.stringify cannot carry are written as a marker string and substituted in the text
 * (see serialize): deep nesting thousands of levels down, and number literals such as 1e999.
 */
const raw = (spec: string) => `\u0000raw:${spec}\u0000`;
const deep = (depth: number, kind: "array" | "object") => raw(`${kind}-${depth}`);

function expand(spec: string, maxDepth: number): string {
  const [kind, given] = spec.split("-");
  const depth = Math.min(Number(given), maxDepth);
  if (kind === "array") return `${"[".repeat(Number(depth))}${"]".repeat(Number(depth))}`;
  if (kind === "object") return `${'{"a":'.repeat(Number(depth))}1${"}".repeat(Number(depth))}`;
  return spec; // a number literal JSON.stringify cannot write, e.g. 1e999
}

/** Replacement values of the wrong type, out of range, NaN-like, oversized or absurdly nested. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, "", [], {}, [1, "2", null], { nested: { deeper: true } }),
  fc.constantFrom(1e308, -1e308, 2 ** 53, -(2 ** 53), 2 ** 63, 5e-324, 0.1 + 0.2),
  fc.constantFrom(raw("1e999"), raw("-1e999"), raw("1E400"), raw("-0.0e-0"), raw("123456789012345678901234567890")),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "0x1F",
    " 1",
    "1_000",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
  ),
  fc.integer({ min: 1, max: 6 }).map((power) => "x".repeat(10 ** power)),
  fc
    .constantFrom(100, 2_000, 10_000, 100_000)
    .chain((depth) => fc.constantFrom(deep(depth, "array"), deep(depth, "object"))),
  fc.string({ unit: nastyChar, maxLength: 20 }),
);

const unknownKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "",
    "a.b",
    "0",
    "brand ",
    "Brand",
    "BRAND",
    "confirmationtoken",
    "💥",
  ),
  fc.string({ unit: stringUnit, minLength: 1, maxLength: 30 }),
);

type Path = (string | number)[];

/** Every path into a JSON value (the root is []). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((item, index) => pathsOf(item, [...at, index])));
  if (value && typeof value === "object")
    return here.concat(...Object.entries(value).map(([key, item]) => pathsOf(item, [...at, key])));
  return here;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

function removeAt(value: unknown, path: Path): unknown {
  if (path.length === 0) return value;
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== path[0]);
    const { [path[0]!]: _, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = removeAt(copy[head!], rest);
  return copy;
}

/** Adds a key as an own property, even "__proto__" (as JSON.parse on the server will). */
function addKey(value: unknown, path: Path, key: string, extra: unknown): unknown {
  const target = path.reduce<any>((inner, step) => inner?.[step], value);
  if (!target || typeof target !== "object" || Array.isArray(target)) return value;
  const grown = { ...target };
  Object.defineProperty(grown, key, { value: extra, enumerable: true, configurable: true, writable: true });
  return setAt(value, path, grown);
}

export type Mutation = { kind: string; path: Path };

/** One to three mutations of a valid input: replace, remove, or add an unknown field. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; mutations: Mutation[] }> {
  const step = fc.tuple(fc.constantFrom("replace", "replace", "remove", "unknown"), fc.nat(), badValue, unknownKey);
  return fc.tuple(valid, fc.array(step, { minLength: 1, maxLength: 3 })).map(([start, steps]) => {
    let value = start;
    const mutations: Mutation[] = [];
    for (const [kind, pick, bad, key] of steps) {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length]!;
      if (kind === "replace") value = setAt(value, path, bad);
      else if (kind === "remove") value = removeAt(value, path);
      else value = addKey(value, path, key, bad);
      mutations.push({ kind, path: kind === "unknown" ? [...path, key] : path });
    }
    return { value, mutations };
  });
}

/** JSON text of a value, with the raw markers substituted (deep nesting, 1e999 …). */
export function serialize(value: unknown, maxDepth = Infinity): string {
  const text = JSON.stringify(value) ?? "null";
  return text.replace(/"\\u0000raw:([^"\\]*)\\u0000"/g, (_, spec: string) => expand(spec, maxDepth));
}
