// The authorization matrix, generated from the registry: every capability × caller
// (viewer, member, admin, staff, a non-member) × key with its scope / without it × own brand /
// other brand / closed brand gives exactly the code expected.ts derives from the catalogue facts.
// Cells expecting confirmation_required then present the token and must succeed, so every path
// to success is really taken. Plus, for every capability: no, malformed, unknown, revoked and
// expired keys (401), an exhausted key (429, before everything else), and an unknown id (404).
// It runs on a server of its own: one with an OAuth provider configured (connections.connect can
// succeed) and a low RATE_LIMIT_PER_MINUTE (the 429 row costs a few dozen calls, not 600).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SCOPES } from "../../lib/contract/catalogue";
import type { Capability } from "../../lib/contract/define";
import { capabilities } from "../../lib/capabilities/registry";
import { isServed } from "../../lib/core/rollout";
import { db } from "../../lib/db/client";
import { addMember, revokeKey, setBrandStatus } from "../../lib/admin/commands";
import { freePort, startServer, type RunningServer } from "../../scripts/support/start-server";
import { writeProvidersFile } from "../support/oauth-provider";
import { call, makeBrand, makeKey, makePerson, type ApiResponse } from "../support/world";
import { CALLERS, PLACES, expected, type Caller, type Expectation, type Facts, type Key, type Place } from "./expected";
import { extraScopeFixtures, fixtures, MATRIX_PROVIDER, type FixtureBrand } from "./fixtures";

const RATE_LIMIT = 60;

type Case = {
  capability: Capability;
  caller: Caller;
  key: Key;
  place: Place;
  token: string;
  brand: FixtureBrand;
  input: Record<string, unknown>;
  /** its input read in its brand's turn (BY_GENOME_REVISION) */
  fresh?: boolean;
};

let server: RunningServer;
let providers: ReturnType<typeof writeProvidersFile>;
const cases: Case[] = [];
let anyBrand: FixtureBrand;
let adminEmail: string;
let adminBrand: FixtureBrand;

const facts = (capability: Capability): Facts => ({ ...capability, served: isServed(capability, "api") });

/** At most `limit` promises at a time, results in order. */
async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await run(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

beforeAll(async () => {
  const closedPort = await freePort(); // connect only builds the link; nothing is called there
  const endpoint = (path: string) => `http://127.0.0.1:${closedPort}/${path}`;
  providers = writeProvidersFile([
    {
      provider: MATRIX_PROVIDER,
      name: "Matrix mock",
      authorizationUrl: endpoint("authorize"),
      tokenUrl: endpoint("token"),
      clientId: "matrix-client",
      clientSecret: "matrix-secret",
      scopes: ["profile"],
    },
  ]);
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // every caller's fixtures share the other brand: its webhook endpoints (about 60) pass the bound
    // a brand has (test/api/webhooks-bounds.test.ts), which this matrix is not about
    WEBHOOKS_ENDPOINTS_PER_BRAND: "1000",
  });

  // the callers, their brands, and per scope a key holding exactly it and one holding every other
  const other = await makeBrand({ name: "Matrix other brand" });
  anyBrand = other;
  const world = await Promise.all(
    CALLERS.map(async (caller) => {
      const person = await makePerson({ staff: caller === "staff", name: `Matrix ${caller}` });
      const own = await makeBrand({ name: `Matrix ${caller} brand` });
      const closed = await makeBrand({ name: `Matrix ${caller} closed brand` });
      if (caller !== "staff" && caller !== "nonmember") {
        for (const brand of [own, closed])
          await addMember(db(), { brand: brand.shortId, email: person.email, role: caller });
      }
      const keys = new Map<string, string>();
      for (const scope of [...SCOPES, null]) {
        const withScope = scope ?? "all";
        const withoutScope = scope ? SCOPES.filter((other) => other !== scope).join(",") : "kit.read";
        keys.set(`${scope}:with_scope`, (await makeKey(person.email, { scopes: withScope })).key);
        keys.set(`${scope}:without_scope`, (await makeKey(person.email, { scopes: withoutScope })).key);
      }
      if (caller === "admin") [adminEmail, adminBrand] = [person.email, own];
      return { caller, brands: { own, other, closed } as Record<Place, FixtureBrand>, keys };
    }),
  );

  // every input is made while the brands are still active (records in a closed brand included)
  const plan = capabilities.flatMap((capability) =>
    world.flatMap(({ caller, brands, keys }) =>
      (["with_scope", "without_scope"] as const).flatMap((key) =>
        PLACES.map((place) => ({
          capability,
          caller,
          key,
          place,
          token: keys.get(`${capability.scope}:${key}`)!,
          brand: brands[place],
        })),
      ),
    ),
  );
  cases.push(
    ...(await mapLimited(plan, 8, async (row) => ({
      ...row,
      input: await fixtures[row.capability.id]!(row.brand, row.token),
    }))),
  );
  for (const { brands } of world) await setBrandStatus(db(), { brand: brands.closed.shortId, status: "closed" });
});

/** How many cells expected each answer (printed, so a matrix that collapsed to one code shows). */
const tally = new Map<string, number>();

afterAll(async () => {
  console.log(
    `authorization matrix: ${cases.length} cells; expected ${[...tally].map(([code, count]) => `${code} ×${count}`).join(", ")}`,
  );
  await server?.stop();
  providers?.remove();
});

const on = (capability: string, key: string | null, body: unknown) => call(capability, key, body, { url: server.url });
const codeOf = (response: ApiResponse) => (response.body?.ok ? "ok" : response.body?.error?.code);

/**
 * The writes whose input names the genome's revision (brand.profile.update, genome.entries.review):
 * the capabilities' cells run side by side and a confirmed one moves the brand's revision, so these
 * read their input and run one at a time per brand, with the revision as it is then.
 */
const BY_GENOME_REVISION = new Set(["brand.profile.update", "genome.entries.review"]);
const genomeTurns = new Map<string, Promise<unknown>>();

function inGenomeTurn<T>(brandId: string, run: () => Promise<T>): Promise<T> {
  const turn = (genomeTurns.get(brandId) ?? Promise.resolve()).then(run);
  genomeTurns.set(
    brandId,
    turn.catch(() => undefined),
  );
  return turn;
}

/** A fault's cause, as the server logged it for that request (its output is kept, not shown). */
function serverSaid(response: ApiResponse): string {
  const requestId = response.headers.get("x-request-id");
  const line = server
    .output()
    .split("\n")
    .findLast((text) => requestId !== null && text.includes(requestId));
  return line ? ` (the server logged: ${line.slice(0, 600)})` : "";
}

/**
 * A cell's answer as a client following the API's contract gets it: `503 unavailable` says "nothing
 * was done, try again after Retry-After", so the cell does that, once. The matrix is about who may
 * do what; on SQLite under the whole suite's load (its server and the suite's write to one file) a
 * cell now and then met a 503, and a second 503 still fails the cell, naming what the server logged.
 */
async function answerAfterRetry(send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const first = await send();
  if (first.status !== 503) return first;
  const wait = Number(first.headers.get("retry-after") ?? "1");
  await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 5) * 1000));
  return send();
}

/** One cell: what was expected, what came back, and (for a confirmation) what the token then gave. */
async function runCase(row: Case): Promise<string | undefined> {
  if (BY_GENOME_REVISION.has(row.capability.id) && !row.fresh)
    return inGenomeTurn(row.brand.id, async () =>
      runCase({ ...row, input: await fixtures[row.capability.id]!(row.brand, row.token), fresh: true }),
    );
  const want = expected(facts(row.capability), row.caller, row.key, row.place);
  const body = { brand: row.brand.shortId, ...row.input };
  const response = await answerAfterRetry(() => on(row.capability.id, row.token, body));
  const problems: string[] = [];
  if (response.status !== want.status || codeOf(response) !== want.code)
    problems.push(`got ${response.status} ${codeOf(response)}${response.status >= 500 ? serverSaid(response) : ""}`);
  const error = response.body?.error;
  if (want.code === "insufficient_scope" && error?.scope !== row.capability.scope)
    problems.push(`scope ${error?.scope}`);
  if (
    want.code === "forbidden" &&
    (row.place === "other" || row.caller === "nonmember") &&
    row.caller !== "staff" &&
    error?.field !== "brand"
  ) {
    problems.push(`no-access forbidden without field brand: ${error?.field}`);
  }
  if (want.code === "confirmation_required" && codeOf(response) === "confirmation_required") {
    const confirmed = await on(row.capability.id, row.token, { ...body, confirmationToken: error.confirmationToken });
    if (confirmed.status !== 200)
      problems.push(
        `with its token: ${confirmed.status} ${codeOf(confirmed)} ${JSON.stringify(confirmed.body).slice(0, 200)}`,
      );
  }
  tally.set(want.code, (tally.get(want.code) ?? 0) + 1);
  const label = `${row.caller} ${row.key} ${row.place}: expected ${want.status} ${want.code}`;
  return problems.length ? `${label}, ${problems.join("; ")}` : undefined;
}

describe("every capability has a fixture", () => {
  it("the fixture table covers exactly the registry", () => {
    expect(Object.keys(fixtures).sort()).toEqual(capabilities.map((capability) => capability.id).sort());
  });
});

describe.concurrent("authorization matrix: capability × caller × key scope × brand", () => {
  for (const capability of capabilities) {
    it(`${capability.id} (${capability.kind}, scope ${capability.scope ?? "none"}, ${capability.minRole}${capability.confirmation ? ", confirmation" : ""})`, async () => {
      const rows = cases.filter((row) => row.capability === capability);
      expect(rows).toHaveLength(CALLERS.length * 2 * PLACES.length);
      const mismatches = (await mapLimited(rows, 6, runCase)).filter(Boolean);
      expect(mismatches).toEqual([]);
    }, 120_000); // a few seconds alone; the full suite shares the two cores
  }
});

describe("scopes a capability checks beyond its own (extraScopes, lib/contract/extra-scopes.ts)", () => {
  const declaring = capabilities.filter((capability) => capability.extraScopes);

  it("the fixture table covers exactly the capabilities that declare them, and only scopes they declare", () => {
    expect(Object.keys(extraScopeFixtures).sort()).toEqual(declaring.map(({ id }) => id).sort());
    for (const capability of declaring)
      for (const scope of extraScopeFixtures[capability.id]!.needs)
        expect(capability.extraScopes!.among, capability.id).toContain(scope);
  });

  for (const capability of declaring) {
    it(`${capability.id}: a key lacking one of them is refused naming it; holding them, the call succeeds`, async () => {
      const { needs, input } = extraScopeFixtures[capability.id]!;
      const anything = (await makeKey(adminEmail)).key;
      const send = async (scopes: readonly string[]) => {
        const key = (await makeKey(adminEmail, { scopes: [capability.scope, ...scopes].join(",") })).key;
        const body = { brand: adminBrand.shortId, ...(await input(adminBrand, anything)) };
        return { key, body, response: await answerAfterRetry(() => on(capability.id, key, body)) };
      };
      for (const lacking of needs) {
        const { response } = await send(needs.filter((scope) => scope !== lacking));
        expect({ status: response.status, code: codeOf(response), scope: response.body?.error?.scope }).toEqual({
          status: 403,
          code: "insufficient_scope",
          scope: lacking,
        });
      }
      const want = expected(facts(capability), "admin", "with_scope", "own");
      const { key, body, response } = await send(needs);
      expect({ status: response.status, code: codeOf(response) }).toEqual(want);
      if (want.code === "confirmation_required") {
        const token = response.body.error.confirmationToken;
        const confirmed = await on(capability.id, key, { ...body, confirmationToken: token });
        expect({ status: confirmed.status, code: codeOf(confirmed) }).toEqual({ status: 200, code: "ok" });
      }
    }, 60_000);
  }
});

describe("before the matrix: keys that fail, an exhausted key, an unknown capability", () => {
  const want = (key: Key, capability: Capability): Expectation => expected(facts(capability), "admin", key, "own");

  it("no, malformed, unknown, revoked and expired keys are 401 on every capability", async () => {
    const revoked = await makeKey(adminEmail);
    await revokeKey(db(), { id: revoked.id });
    const expired = await makeKey(adminEmail, { expiresAt: "2020-01-01T00:00:00Z" });
    const keys = [null, "not-a-key", `bop_${"A".repeat(40)}`, revoked.key, expired.key];
    const rows = capabilities.flatMap((capability) => keys.map((key) => ({ capability, key })));
    const results = await mapLimited(rows, 8, async ({ capability, key }) => {
      const response = await on(capability.id, key, {
        brand: anyBrand.shortId,
        ...(await fixtures[capability.id]!(anyBrand, key)),
      });
      const expectation = want("unauthenticated", capability);
      return response.status === expectation.status && codeOf(response) === expectation.code
        ? undefined
        : `${capability.id} key ${key}: ${response.status} ${codeOf(response)}`;
    });
    expect(results.filter(Boolean)).toEqual([]);
  });

  it("an exhausted key is 429 on every capability, and on an unknown id (rate limit before not_found)", async () => {
    const { key } = await makeKey(adminEmail);
    const spent = await mapLimited(
      Array.from({ length: RATE_LIMIT }, () => 0),
      8,
      () => on("brands.list", key, {}),
    );
    expect(spent.map((response) => response.status)).toEqual(new Array(RATE_LIMIT).fill(200));
    for (const capability of capabilities) {
      const response = await on(capability.id, key, { brand: anyBrand.shortId });
      const expectation = want("rate_limited", capability);
      expect({ id: capability.id, status: response.status, code: codeOf(response) }).toEqual({
        id: capability.id,
        ...expectation,
      });
    }
    expect(codeOf(await on("no.such.capability", key, {}))).toBe("rate_limited");
  });

  it("an unknown capability id is 404 not_found without a field, even for a key without scopes it could need", async () => {
    const { key } = await makeKey(adminEmail, { scopes: "kit.read" });
    const response = await on("no.such.capability", key, { brand: anyBrand.shortId });
    expect({ status: response.status, code: codeOf(response), field: response.body.error.field }).toEqual({
      status: 404,
      code: "not_found",
      field: undefined,
    });
  });
});
