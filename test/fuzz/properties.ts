// What every fuzzed answer must satisfy, and the world the fuzzers call into: a brand of their own
// with an admin holding all scopes through a pool of keys (the per-key rate limit is
// RATE_LIMIT_PER_MINUTE, 600 by default, so a pool of keys keeps the fuzzer under it).
import { z } from "zod";
import { expect } from "vitest";
import type { Capability } from "../../lib/contract/define";
import { envelope } from "../../lib/core/input";
import { db } from "../../lib/db/client";
import { addMember } from "../../lib/admin/commands";
import { assertContract } from "../support/contract";
import { baseUrl, makeBrand, makeKey, makePerson, type ApiResponse } from "../support/world";
import type { Json } from "./arbitraries";

/** fast-check settings: a fixed seed (FUZZ_SEED overrides), runs scaled by FUZZ_SCALE. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
export const runs = (count: number) => Math.max(1, Math.round(count * Number(process.env.FUZZ_SCALE ?? 1)));
/** A fuzz test's time limit: ~20 s alone on 2 cores, but the full suite shares those cores. */
export const FUZZ_TIMEOUT = 180_000 * Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));

export async function makeFuzzWorld(keyCount: number) {
  const brand = await makeBrand({ name: "Fuzz brand" });
  const admin = await makePerson({ name: "Fuzz admin" });
  await addMember(db(), { brand: brand.shortId, email: admin.email, role: "admin" });
  const keys = await Promise.all(Array.from({ length: keyCount }, async () => (await makeKey(admin.email)).key));
  let next = 0;
  return { brand, admin, keys, key: () => keys[next++ % keys.length]! };
}

/** The capability's input schema with the envelope fields every call may carry (docs/design.md, calls). */
export function wireSchema(capability: Capability): Json {
  const own = z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Json;
  const head = z.toJSONSchema(envelope, { io: "input" }) as Json;
  return { ...own, envelopeProperties: head.properties };
}

/**
 * Does a dotted field path name something of this call: a member of what was sent, or a field the
 * schema defines (a missing required field is named but absent)? Keys may contain dots themselves.
 */
export function fieldResolves(field: string, sent: unknown, schema: Json): boolean {
  if (field === "body") return true;
  const segments = field.split(".");
  return (
    walkValue(sent, segments) ||
    walkSchema(schema, segments) ||
    walkSchema({ properties: schema.envelopeProperties ?? {} }, segments)
  );
}

function walkValue(value: unknown, segments: string[]): boolean {
  if (segments.length === 0) return true;
  if (!value || typeof value !== "object") return false;
  for (let take = 1; take <= segments.length; take++) {
    const key = segments.slice(0, take).join(".");
    if (Object.prototype.hasOwnProperty.call(value, key) && walkValue((value as any)[key], segments.slice(take)))
      return true;
  }
  return false;
}

function walkSchema(schema: Json | undefined, segments: string[]): boolean {
  if (!schema) return false;
  if (segments.length === 0) return true;
  const branches: Json[] = schema.oneOf ?? schema.anyOf ?? [];
  if (branches.some((branch) => walkSchema(branch, segments))) return true;
  const [head, ...rest] = segments;
  if (schema.type === "array" && /^\d+$/.test(head!)) return walkSchema(schema.items, rest);
  return Boolean(
    schema.properties &&
      Object.prototype.hasOwnProperty.call(schema.properties, head!) &&
      walkSchema(schema.properties[head!], rest),
  );
}

/**
 * The fuzzing properties for one answer: never a 5xx; a failure is the documented error body
 * (the contract check in call()/send() validated it against the OpenAPI document already); its
 * requestId is the X-Request-Id header; an invalid_input names a field of the call (or `body`) that
 * `issues` lists; any other field named resolves too.
 */
export function checkAnswer(response: ApiResponse, sent: unknown, schema: Json): void {
  const context = () => `answer ${response.status} ${JSON.stringify(response.body)?.slice(0, 400)}`;
  expect(response.status, context()).toBeLessThan(500);
  expect(response.status, `rate limited: the key pool is too small. ${context()}`).not.toBe(429);
  if (response.status === 200) {
    expect(response.body.ok, context()).toBe(true);
    return;
  }
  const error = response.body?.error;
  expect(response.body?.ok, context()).toBe(false);
  expect(typeof error?.code, context()).toBe("string");
  expect(typeof error?.message, context()).toBe("string");
  expect(error.requestId, context()).toBe(response.headers.get("x-request-id"));
  if (error.code === "invalid_input") {
    expect(response.status, context()).toBe(422);
    expect(typeof error.field, context()).toBe("string");
    expect(
      error.issues.map((issue: { field: string }) => issue.field),
      context(),
    ).toContain(error.field);
  }
  if (error.field !== undefined)
    expect(fieldResolves(error.field, sent, schema), `field ${error.field} is not in the call. ${context()}`).toBe(
      true,
    );
}

/**
 * POST raw bytes (any Content-Type, or none; a stream for a body without Content-Length),
 * checked against the OpenAPI document like call() does.
 */
export async function send(
  capability: string,
  key: string,
  body: Uint8Array | string | ReadableStream<Uint8Array>,
  contentType: string | null,
): Promise<ApiResponse> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (contentType !== null) headers["Content-Type"] = contentType;
  const response = await fetch(`${baseUrl()}/api/v1/${capability}`, {
    method: "POST",
    headers,
    body: body instanceof Uint8Array ? Buffer.from(body) : body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await response.text();
  await assertContract("POST", capability, response.status, response.headers, text);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** How deep a JSON value nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const inner of Object.values(item)) stack.push([inner, depth + 1]);
  }
  return deepest;
}
/** The client's tools/call message wraps the arguments two levels down: { params: { arguments } }. */
export const messageDepth = (args: Record<string, unknown>) => depthOf(args) + 2;
