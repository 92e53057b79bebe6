// Builds what a test needs in the shared database (people, a brand, memberships, keys) through
// the operator commands, and calls the API door over real HTTP.
import { randomUUID } from "node:crypto";
import { expect, inject } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, createBrand, createKey, createUser } from "../../lib/admin/commands";
import { assertContract } from "./contract";

export const baseUrl = () => inject("baseUrl");

/**
 * The suite's server under its other loopback name: APP_URL is http://127.0.0.1:PORT, and the MCP
 * door answers localhost too (lib/oauth/resource.ts), as a client configured with it connects.
 */
export function otherLoopbackUrl(): string {
  const url = new URL(baseUrl());
  if (url.hostname !== "127.0.0.1") throw new Error(`the suite's server is expected on 127.0.0.1, not ${url.hostname}`);
  return `http://localhost:${url.port}`;
}

/**
 * Why tests of the local storage's own routes (signed /api/files URLs of the suite's server) skip:
 * in the distributed profile that server stores files in S3. The embedded profile runs them.
 */
export const localStorageSkip = (): string | undefined =>
  inject("testEnv").S3_BUCKET ? "skipped in the distributed profile: the suite's server stores files in S3" : undefined;

export type ApiResponse = { status: number; headers: Headers; body: any };

/** POST /api/v1/<id> with a JSON body, as an integration would. */
export async function call(
  capability: string,
  key: string | null,
  body: unknown,
  init: { headers?: Record<string, string>; url?: string } = {},
): Promise<ApiResponse> {
  const response = await fetch(`${init.url ?? baseUrl()}/api/v1/${capability}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...init.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  // every answer must be one the OpenAPI document declares (test/support/contract.ts)
  await assertContract("POST", capability, response.status, response.headers, text);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Calls a confirmation-requiring write twice: once for the token, once with it. */
export async function confirmAndCall(
  capability: string,
  key: string,
  body: Record<string, unknown>,
  init: { url?: string } = {},
): Promise<ApiResponse> {
  const first = await call(capability, key, body, init);
  if (first.body?.error?.code !== "confirmation_required") return first;
  return call(capability, key, { ...body, confirmationToken: first.body.error.confirmationToken }, init);
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 4)}`;

export async function makePerson(options: { staff?: boolean; name?: string } = {}) {
  const email = `p-${unique()}@test.example`;
  const { id } = await createUser(db(), { email, name: options.name ?? "Test Person", staff: options.staff });
  return { id, email };
}

export async function makeBrand(options: { plan?: string; name?: string } = {}) {
  const shortId = `T${
    unique()
      .replace(/[^a-z]/gi, "")
      .slice(0, 6) || "X"
  }-${Math.floor(Math.random() * 1e9)}`;
  return createBrand(db(), { name: options.name ?? "Test Brand", shortId, plan: options.plan });
}

export async function makeKey(email: string, options: { scopes?: string; brands?: string; expiresAt?: string } = {}) {
  return createKey(db(), {
    email,
    scopes: options.scopes ?? "all",
    brands: options.brands,
    expiresAt: options.expiresAt,
  });
}

/** A brand with an admin, a member and a viewer, each holding an all-scope key. */
export async function makeWorld() {
  const brand = await makeBrand();
  const people = {} as Record<"admin" | "member" | "viewer", { id: string; email: string; key: string; keyId: string }>;
  for (const role of ["admin", "member", "viewer"] as const) {
    const person = await makePerson({ name: `Test ${role}` });
    await addMember(db(), { brand: brand.shortId, email: person.email, role });
    const key = await makeKey(person.email);
    people[role] = { ...person, key: key.key, keyId: key.id };
  }
  return { brand, ...people };
}

/** A 200 { ok: true, data }; returns data. */
export function expectOk(response: ApiResponse) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.ok).toBe(true);
  return response.body.data;
}

/** An error of this status and code; returns the error member. */
export function expectError(response: ApiResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.ok).toBe(false);
  expect(response.body.error.code).toBe(code);
  return response.body.error;
}
