// Property-based fuzzing of the OAuth authorization server on the suite's server:
// registration, the token and revocation endpoints, authorization requests (signed in or not, as a
// navigation or a page's fetch), the consent answer, the consent and error pages, and the metadata
// documents. Inputs: valid-looking from the schemas in oauth-specs.ts with real clients and a real
// signed consent query mixed in, mutated (wrong types, huge strings, NUL, unknown members, 100,000
// levels of nesting), raw bodies, extra query parameters. Properties: no 5xx and no trace of the
// server's insides; each refusal in its endpoint's documented shape (RFC 7591 / 6749 / 7009 error
// members, the service's error body for the consent answer and for a body nested too deep, a page
// for the pages); and no answer ever sends a browser anywhere but this service or a loopback app.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeChatWorld } from "../assistant/support";
import { authorize, navigate, pkce, register } from "../support/oauth-flow";
import { baseUrl } from "../support/world";
import { hintedOf, mutated, serialize, type Hints } from "./arbitraries";
import { FUZZ_SEED, FUZZ_TIMEOUT, runs } from "./properties";
import { extraQuery, rawBodies } from "./request-variants";
import {
  expectNoFault,
  expectOAuthError,
  expectPage,
  expectServiceAnswer,
  fetchAnswer,
  type Answer,
} from "./route-answers";
import {
  authorizeQuery,
  consentBody,
  EVIL,
  oauthHints,
  pageQuery,
  registration,
  revokeForm,
  tokenForm,
} from "./oauth-specs";
import type { Json } from "./arbitraries";

let hints: Hints;
let cookie: string;
beforeAll(async () => {
  const world = await makeChatWorld(baseUrl());
  cookie = world.admin.cookie;
  const loopbackClient = (await register()).body.client_id as string;
  const evilClient = (await register({ client_name: "Evil Helper", redirect_uris: [EVIL] })).body.client_id as string;
  const consentQueries = await Promise.all(
    [1, 2, 3].map(async () => {
      const consentUrl = await authorize(cookie, {
        client_id: loopbackClient,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
        scope: "kit.read brand.write",
      });
      return consentUrl.searchParams.toString();
    }),
  );
  hints = oauthHints({ loopbackClient, evilClient, consentQueries, brand: world.brand.shortId, appUrl: baseUrl() });
}, 60_000);

const seen = new Map<string, number>();
afterAll(() =>
  console.log(
    `OAuth fuzz outcomes (seed ${FUZZ_SEED}):\n${[...seen]
      .sort()
      .map(([what, count]) => `${what} ×${count}`)
      .join("\n")}`,
  ),
);
const note = (probe: string, answer: Answer) => {
  const what =
    `${probe}: ${answer.status} ${answer.json?.error?.code ?? (typeof answer.json?.error === "string" ? answer.json.error : "")} ${probe === "register" ? String(answer.json?.error_description ?? "").slice(0, 60) : ""}`.trim();
  seen.set(what, (seen.get(what) ?? 0) + 1);
};

/** A body of this schema: valid-looking, mutated, or raw; as JSON text or a form. */
function bodies(schema: Json, form: boolean): fc.Arbitrary<{ body: string | Uint8Array; type: string }> {
  const valid = hintedOf(schema, hints);
  const asForm = (value: unknown) => {
    const fields: [string, unknown][] =
      value && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : [["value", value]];
    return new URLSearchParams(
      fields.map(([key, item]): [string, string] => [
        key,
        typeof item === "string" ? item : (JSON.stringify(item) ?? ""),
      ]),
    ).toString();
  };
  const encode = (value: unknown) =>
    form
      ? { body: asForm(value), type: "application/x-www-form-urlencoded" }
      : { body: serialize(value), type: "application/json" };
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(encode) },
    { weight: 3, arbitrary: mutated(valid).map(({ value }) => encode(value)) },
    {
      weight: 2,
      arbitrary: rawBodies(valid.map((value) => serialize(value))).map(({ bytes }) => ({
        body: bytes,
        type: "application/json",
      })),
    },
  );
}

const post = (path: string, body: string | Uint8Array, type: string, headers: Record<string, string> = {}) =>
  fetchAnswer(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": type, ...headers },
    body: typeof body === "string" ? body : Buffer.from(body),
  });

/**
 * A refusal of a body nested too deep or larger than the limit is the service's own
 * (lib/auth/json-body.ts); the rate limit's 429 carries Retry-After (README: OAUTH_*_PER_MINUTE); any
 * other is in the endpoint's RFC shape.
 */
function expectOAuthRefusal(answer: Answer, codes: readonly string[]) {
  if (answer.status === 422 && answer.json?.ok === false) return expectServiceAnswer(answer, "POST");
  if (answer.status === 429)
    return void expect(answer.headers.get("retry-after") ?? answer.headers.get("x-retry-after"), answer.text).toMatch(
      /^\d+$/,
    );
  expectOAuthError(answer, codes);
}

/** Where an answer sends the browser: its Location, or the `url` of the JSON form a page's fetch() gets. */
function destination(answer: Answer): URL | null {
  const to =
    answer.status >= 300 && answer.status < 400
      ? answer.headers.get("location")
      : answer.json?.redirect === true
        ? answer.json.url
        : null;
  return typeof to === "string" ? new URL(to, baseUrl()) : null;
}
const trusted = (target: URL) =>
  target.origin === new URL(baseUrl()).origin ||
  ((target.protocol === "http:" || target.protocol === "https:") &&
    ["127.0.0.1", "localhost", "[::1]"].includes(target.hostname));

const REGISTRATION_ERRORS = [
  "invalid_client_metadata",
  "invalid_redirect_uri",
  "invalid_software_statement",
  "unapproved_software_statement",
  "invalid_request",
];
const TOKEN_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "invalid_target",
  "unsupported_token_type",
];

const probes: Record<string, () => fc.IAsyncPropertyWithHooks<any>> = {
  register: () =>
    fc.asyncProperty(
      fc.oneof(
        { weight: 4, arbitrary: bodies(registration, false) },
        { weight: 1, arbitrary: bodies(registration, true) },
      ),
      async ({ body, type }) => {
        const answer = await post("/api/auth/oauth2/register", body, type);
        note("register", answer);
        expectNoFault(answer);
        if (answer.status === 200 || answer.status === 201)
          return void expect(typeof answer.json?.client_id).toBe("string");
        expectOAuthRefusal(answer, REGISTRATION_ERRORS);
      },
    ),
  token: () =>
    fc.asyncProperty(fc.oneof(bodies(tokenForm, true), bodies(tokenForm, false)), async ({ body, type }) => {
      const answer = await post("/api/auth/oauth2/token", body, type);
      note("token", answer);
      expectNoFault(answer);
      expect(answer.status, answer.text).not.toBe(200); // no fuzzed form holds a code or token that was issued
      expectOAuthRefusal(answer, TOKEN_ERRORS);
    }),
  revoke: () =>
    fc.asyncProperty(bodies(revokeForm, true), async ({ body, type }) => {
      const answer = await post("/api/auth/oauth2/revoke", body, type);
      note("revoke", answer);
      expectNoFault(answer);
      if (answer.status !== 200) expectOAuthRefusal(answer, TOKEN_ERRORS);
    }),
  authorize: () =>
    fc.asyncProperty(
      hintedOf(authorizeQuery, hints),
      extraQuery(["client_id", "redirect_uri"]),
      fc.boolean(),
      fc.boolean(),
      async (query, extra, signedIn, navigation) => {
        const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
        for (const [key, value] of [...Object.entries(query as object), ...extra])
          url.searchParams.append(key, String(value));
        const answer: Answer = navigation
          ? await navigate(url, signedIn ? cookie : undefined).then(({ status, location }) => ({
              status,
              headers: new Headers(location ? { location } : {}),
              text: "",
              json: null,
            }))
          : await fetchAnswer(url.toString(), { headers: signedIn ? { Cookie: cookie } : {} });
        note(`authorize ${navigation ? "navigation" : "fetch"}`, answer);
        expectNoFault(answer, url.toString().length);
        const target = destination(answer);
        if (target) expect(trusted(target), `sent to ${target}`).toBe(true);
      },
    ),
  "consent answer": () =>
    fc.asyncProperty(bodies(consentBody, false), async ({ body, type }) => {
      const answer = await post("/api/oauth/consent", body, type, { Cookie: cookie, Origin: baseUrl() });
      note("consent answer", answer);
      expectServiceAnswer(answer, "POST");
      if (answer.status === 200) expect(trusted(new URL(answer.json.data.url)), answer.json.data.url).toBe(true);
    }),
  "consent and error pages": () =>
    fc.asyncProperty(
      fc.constantFrom("/oauth/consent", "/oauth/error"),
      hintedOf(pageQuery, hints),
      extraQuery(["client_id", "sig"]),
      fc.boolean(),
      async (path, query, extra, signedIn) => {
        const url = new URL(`${baseUrl()}${path}`);
        for (const [key, value] of [...Object.entries(query as object), ...extra])
          url.searchParams.append(key, String(value));
        const answer = await fetchAnswer(url.toString(), { headers: signedIn ? { Cookie: cookie } : {} });
        note(path, answer);
        expectNoFault(answer, url.toString().length);
        if (answer.status === 431) return;
        expectPage(answer);
        // no link on to an app unless this server signed it, and nothing fuzzed holds its signature
        expect(answer.text).not.toContain('data-testid="oauth-error-continue"');
      },
    ),
  metadata: () =>
    fc.asyncProperty(
      fc.constantFrom("oauth-authorization-server", "oauth-protected-resource"),
      fc.constantFrom("", "/api/auth", "/api/mcp", "/api/auth/x", "/x", "/%2e%2e", "/%00"),
      fc.constantFrom("GET", "GET", "OPTIONS", "POST"),
      extraQuery(["resource"]),
      fc.constantFrom(undefined, "http://localhost:5173", "https://evil.example", "null"),
      async (document, suffix, method, extra, origin) => {
        const url = new URL(`${baseUrl()}/.well-known/${document}${suffix}`);
        for (const [key, value] of extra) url.searchParams.append(key, value);
        const answer = await fetchAnswer(url.toString(), {
          method,
          headers: origin ? { Origin: origin, "Access-Control-Request-Method": "GET" } : {},
        });
        note(`metadata ${method}`, answer);
        expectNoFault(answer, url.toString().length);
        if (method !== "GET" || (answer.status >= 300 && answer.status < 400) || answer.status === 431) return; // Next's own redirect of a path it normalizes
        if (answer.status === 200) expect(answer.json?.issuer ?? answer.json?.resource, answer.text).toBeTruthy();
        else
          expect({ status: answer.status, body: answer.json }, answer.text).toEqual({
            status: 404,
            body: { error: "not_found" },
          });
      },
    ),
};

describe("the OAuth authorization server, fuzzed over HTTP", () => {
  for (const [name, property] of Object.entries(probes)) {
    it(
      name,
      async () => {
        await fc.assert(property(), { seed: FUZZ_SEED, numRuns: runs(50) });
      },
      FUZZ_TIMEOUT,
    );
  }
});
