// Step 5 of the pipeline: the call's body against the envelope and the capability's schema.
// Every problem becomes { field, message }, field a dotted path with numeric indexes.
import { z } from "zod";
import type { Accepted, BoundCall } from "../contract/define";
import { AppError, type FieldIssue } from "../contract/errors";

export type Body = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The envelope fields beside every capability's own input (docs/design.md, calls); the OpenAPI
 * document shows them too.
 */
export const envelope = z.object({
  brand: z.string().min(1).max(100).describe("The brand's short id or UUID").optional(),
  confirmationToken: z
    .string()
    .min(1)
    .max(200)
    .describe("The token of a confirmation_required answer, sent back with the same input to run the write")
    .optional(),
});

/** A call's envelope, and the capability's own call bound to the input its schema accepted. */
export type ParsedCall<Ctx> = { brand?: string; confirmationToken?: string; call: BoundCall<Ctx> };

/** What parsing needs of a capability: whether it names a brand, and its own schema (lib/contract/define.ts). */
type Accepting<Ctx> = { brandScoped: boolean; accept(raw: unknown): Accepted<Ctx> };

export function parseCall<Ctx>(capability: Accepting<Ctx>, body: Body): ParsedCall<Ctx> {
  if (!body.ok)
    throw new AppError("invalid_input", `body: ${body.message}`, {
      field: "body",
      issues: [{ field: "body", message: body.message }],
    });
  const value = body.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    const message = "must be a JSON object";
    throw new AppError("invalid_input", `body: ${message}`, { field: "body", issues: [{ field: "body", message }] });
  }
  const { brand, confirmationToken, ...rest } = value as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const head = envelope.safeParse({ brand, confirmationToken }, { reportInput: true });
  if (!head.success) issues.push(...head.error.issues.flatMap(describe));
  if (capability.brandScoped && brand === undefined) issues.push({ field: "brand", message: "is required" });
  const accepted = capability.accept(rest);
  if (!accepted.ok) issues.push(...accepted.issues.flatMap(describe));
  // only once the schema passed: then the value is as shallow as the schema allows
  if (head.success && accepted.ok) issues.push(...unstorable(head.data), ...unstorable(accepted.call.input));
  if (issues.length > 0 || !accepted.ok) throw invalidIssues(issues);
  return { brand: head.data?.brand, confirmationToken: head.data?.confirmationToken, call: accepted.call };
}

/** invalid_input naming the first problem's field, with every problem listed. */
export function invalidIssues(issues: readonly FieldIssue[]): AppError {
  const first = issues[0]!;
  return new AppError("invalid_input", `${first.field}: ${first.message}`, { field: first.field, issues: [...issues] });
}

const at = (path: PropertyKey[]) => path.map(String).join(".") || "body";

/**
 * A request body read outside the pipeline (the assistant's, voice, conversation and settings
 * routes): its strings the databases cannot store are refused as the pipeline refuses them, naming
 * the first (PostgreSQL answered a NUL in a title, a key's name or a response id with a 500).
 */
export function checkStorable(value: unknown): void {
  const issues = unstorable(value);
  if (issues.length > 0) throw invalidIssues(issues);
}

/**
 * Strings the databases cannot store as sent are refused, never altered: U+0000 (SQLite's
 * full-text and LIKE matching stop at it, a search for "\u0000x" answered 500; PostgreSQL refuses
 * it) and lone surrogates (UTF-8 cannot encode them; both databases stored U+FFFD instead).
 */
function unstorable(value: unknown, path: PropertyKey[] = []): FieldIssue[] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) return [{ field: at(path), message: "must not contain the NUL character (U+0000)" }];
    if (/\p{Cs}/u.test(value))
      return [{ field: at(path), message: "must be well-formed Unicode (a lone surrogate cannot be stored)" }];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorable(item, [...path, index]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => unstorable(item, [...path, key]));
  return [];
}

/** Turns one zod issue into field issues (an unknown-keys issue names each key). */
export function describe(issue: z.core.$ZodIssue): FieldIssue[] {
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({ field: at([...issue.path, key]), message: "is not a known field" }));
    case "invalid_type":
      return [
        {
          field: at(issue.path),
          message: issue.input === undefined ? "is required" : `must be ${article(issue.expected)}`,
        },
      ];
    case "too_big":
      return [{ field: at(issue.path), message: `at most ${issue.maximum}${unit(issue.origin, issue.maximum)}` }];
    case "too_small":
      return [{ field: at(issue.path), message: `at least ${issue.minimum}${unit(issue.origin, issue.minimum)}` }];
    case "invalid_value":
      return [{ field: at(issue.path), message: `must be one of: ${issue.values.map(String).join(", ")}` }];
    case "invalid_format":
      // a pattern says what it wants in its own message ("must be a colour code like #1A2B3C"); zod's
      // default names the regex, which nobody reading the answer can use
      if (issue.format === "regex")
        return [{ field: at(issue.path), message: PATTERN_DEFAULT.test(issue.message) ? NO_MATCH : issue.message }];
      return [{ field: at(issue.path), message: `must be a valid ${issue.format === "uuid" ? "UUID" : issue.format}` }];
    case "invalid_union": {
      // a discriminated union whose discriminator is missing or unknown
      const discriminator = (issue as { discriminator?: string }).discriminator;
      // zod 4 already ends the path with the discriminator; older issues stopped at the union
      const path = discriminator && issue.path.at(-1) !== discriminator ? [...issue.path, discriminator] : issue.path;
      return [
        { field: at(path), message: issue.message.replace(/^Invalid input$/, "does not match any accepted shape") },
      ];
    }
    default:
      return [{ field: at(issue.path), message: issue.message }];
  }
}

const PATTERN_DEFAULT = /^Invalid string/;
const NO_MATCH = "is not written the way this field needs";

function article(expected: string): string {
  if (expected === "int") return "an integer";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function unit(origin: string, count: number | bigint): string {
  const one = Number(count) === 1;
  if (origin === "string") return one ? " character" : " characters";
  if (origin === "array" || origin === "set") return one ? " item" : " items";
  return "";
}
