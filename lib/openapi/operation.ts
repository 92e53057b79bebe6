// One POST operation per capability, from its registry entry: request = envelope + input schema,
// 200 = { ok: true, data: output }, one response per error status it can give, catalogue facts as
// x- extensions, and a curl sample.
import { z } from "zod";
import type { Capability } from "../contract/define";
import { ERROR_STATUS, type ErrorCode } from "../contract/errors";
import { envelope } from "../core/input";
import { errorCodesOf, errorDescription, errorSchemaName } from "./errors";
import { examplesOf, type OperationExamples } from "./examples";
import { withIdempotencyKey } from "./idempotency";

type Schema = Record<string, unknown>;

export const pascal = (id: string) =>
  id
    .split(/[._-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** A zod schema as a plain JSON Schema 2020-12 object (OpenAPI 3.1), without its $schema line. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Schema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as Schema;
  return rest;
}

/**
 * A request field's default in words instead of the `default` keyword. Generated clients read
 * `default` as "always present": openapi-typescript's defaults (defaultNonNullable) make such a
 * field required in the request type, so `brands.list {}` would not compile
 * (openapi-ts/openapi-typescript#1741, #2012). The server fills it in when it is left out, which the
 * description says; answers keep their `default`s, where "always present" is true.
 */
function defaultsInWords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(defaultsInWords);
  if (node === null || typeof node !== "object") return node;
  const { default: fallback, ...rest } = node as Schema;
  const walked = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      // `properties` maps field names to schemas: a field may itself be called "default"
      key === "properties" ? mapValues(value as Schema, defaultsInWords) : defaultsInWords(value),
    ]),
  );
  if (fallback === undefined) return walked;
  const said = `Default: ${JSON.stringify(fallback)}.`;
  const before = typeof rest.description === "string" ? `${rest.description.replace(/\.?$/, ".")} ` : "";
  return { ...walked, description: `${before}${said}` };
}

const mapValues = (object: Schema, map: (value: unknown) => unknown): Schema =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

/** The request body: the capability's input plus the envelope fields it accepts (docs/design.md, calls). */
export function requestSchema(capability: Capability): Schema {
  const fields = jsonSchema(envelope, "input").properties as Record<string, Schema>;
  const extra: Record<string, Schema> = { brand: fields.brand! };
  if (capability.confirmation) extra.confirmationToken = fields.confirmationToken!;
  const required = capability.brandScoped ? ["brand"] : [];
  const withEnvelope = (object: Schema): Schema => ({
    ...object,
    properties: { ...extra, ...(object.properties as Schema) },
    required: [...required, ...((object.required as string[] | undefined) ?? [])],
  });
  const input = defaultsInWords(jsonSchema(capability.input, "input")) as Schema;
  if (Array.isArray(input.oneOf)) return { ...input, oneOf: (input.oneOf as Schema[]).map(withEnvelope) };
  return withEnvelope(input);
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function headersFor(code: ErrorCode | "ok"): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": headerRef("X-Request-Id") };
  // the rate limit is known once the key is (docs/design.md, order of checks: step 2)
  if (code !== "unauthenticated") {
    for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) headers[name] = headerRef(name);
  }
  if (code === "rate_limited" || code === "unavailable" || code === "idempotency_key_in_use")
    headers["Retry-After"] = headerRef("Retry-After");
  return headers;
}

/** Error responses grouped by status; a status several codes share lists each body (oneOf). */
export function errorResponses(
  codes: readonly ErrorCode[],
): Record<string, { description: string; headers: Record<string, unknown>; content: unknown }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: ReturnType<typeof errorResponses> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema =
      list.length === 1 ? ref(errorSchemaName(list[0]!)) : { oneOf: list.map((code) => ref(errorSchemaName(code))) };
    // a header is listed only when every code of the status sends it
    const headers = Object.fromEntries(
      Object.entries(headersFor(list[0]!)).filter(([header]) => list.every((code) => header in headersFor(code))),
    );
    responses[String(status)] = {
      description: list.map((code) => `${code}: ${errorDescription(code)}`).join(". "),
      headers,
      content: { "application/json": { schema } },
    };
  }
  return responses;
}

export function curlSample(capability: Capability, baseUrl: string, example: Record<string, unknown>): string {
  return [
    `curl -sS -X POST '${baseUrl}/api/v1/${capability.id}' \\`,
    `  -H "Authorization: Bearer $BOP_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(example)}'`,
  ].join("\n");
}

/** A minimal body that passes the request schema's shape: required fields with placeholder values. */
export function exampleBody(schema: Schema): Record<string, unknown> {
  const object = Array.isArray(schema.oneOf) ? (schema.oneOf[0] as Schema) : schema;
  const properties = (object.properties ?? {}) as Record<string, Schema>;
  const body: Record<string, unknown> = {};
  for (const name of (object.required as string[] | undefined) ?? [])
    body[name] = placeholder(name, properties[name] ?? {});
  return body;
}

function placeholder(name: string, schema: Schema): unknown {
  if (name === "brand") return "ACME-1";
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === "integer" || schema.type === "number")
    return name === "expectedRevision" ? 1 : Math.max(Number(schema.minimum ?? 1), 1);
  if (schema.type === "boolean") return true;
  if (schema.type === "array")
    return Number(schema.minItems ?? 0) > 0 ? [placeholder(name, (schema.items ?? {}) as Schema)] : [];
  if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
  if (schema.type === "object") return exampleBody(schema);
  return name === "hex" ? "#1E90FF" : `example ${name}`;
}

/** The operation's example objects on its request body and on each answer's status. */
function withExamples<
  T extends { requestBody: { content: Record<string, Record<string, unknown>> }; responses: Record<string, unknown> },
>(operation: T, examples: OperationExamples): T {
  if (Object.keys(examples.request).length > 0)
    operation.requestBody.content["application/json"]!.examples = examples.request;
  for (const [status, byName] of examples.responses) {
    const content = (
      operation.responses[String(status)] as { content?: Record<string, Record<string, unknown>> } | undefined
    )?.content?.["application/json"];
    if (content) content.examples = byName;
  }
  return operation;
}

/** The curl sample: the first example's request, or placeholders for an operation without one. */
function sampleBody(examples: OperationExamples, request: Schema): Record<string, unknown> {
  const first = Object.values(examples.request)[0]?.value;
  return first && typeof first === "object" ? (first as Record<string, unknown>) : exampleBody(request);
}

export function operationOf(capability: Capability, baseUrl: string) {
  const name = pascal(capability.id);
  const request = requestSchema(capability);
  const examples = examplesOf(capability.id, baseUrl);
  const codes = errorCodesOf(capability, request);
  // writes take an Idempotency-Key (lib/openapi/idempotency.ts); reads ignore it
  const idempotency = <R extends { headers: Record<string, unknown> }>(responses: Record<string, R>) =>
    capability.kind === "write"
      ? withIdempotencyKey(responses, (status) => codes.filter((code) => String(ERROR_STATUS[code]) === status))
      : { responses };
  const extra = capability.extraScopes;
  const facts = [
    `Scope: ${capability.scope ?? "none"}`,
    ...(extra ? [`extra scopes: ${extra.among.join(", ")} (${extra.when})`] : []),
    `minimum role: ${capability.minRole}`,
    capability.confirmation ? "needs confirmation" : "no confirmation",
    // the spec's rollout phase, not whether it works: every operation in this document is served
    `rollout phase in the specification: ${capability.phase} (served by this server)`,
  ].join("; ");
  return {
    schemas: { [`${name}Request`]: request, [`${name}Data`]: jsonSchema(capability.output, "output") },
    operation: withExamples(
      {
        operationId: capability.id,
        summary: capability.title,
        description: `${capability.description}\n\n${facts}.`,
        tags: [capability.id.split(".")[0]!],
        security: [{ bearerKey: capability.scope ? [capability.scope] : [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: ref(`${name}Request`) } as Record<string, unknown> },
        },
        ...idempotency({
          "200": {
            description: "Success: { ok: true, data }",
            headers: headersFor("ok"),
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { ok: { type: "boolean", const: true }, data: ref(`${name}Data`) },
                  required: ["ok", "data"],
                  additionalProperties: false,
                },
              },
            },
          },
          ...errorResponses(codes),
        }),
        "x-scope": capability.scope,
        ...(extra ? { "x-extra-scopes": { scopes: extra.among, when: extra.when } } : {}),
        "x-min-role": capability.minRole,
        "x-confirmation": capability.confirmation,
        "x-kind": capability.kind,
        "x-status": capability.phase,
        "x-doors": capability.doors,
        "x-widget": capability.widget,
        "x-error-codes": codes,
        "x-codeSamples": [
          { lang: "Shell", label: "curl", source: curlSample(capability, baseUrl, sampleBody(examples, request)) },
        ],
      },
      examples,
    ),
  };
}
