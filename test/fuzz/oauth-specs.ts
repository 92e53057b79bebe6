// The authorization server's inputs as the OAuth fuzzer generates them (JSON Schema, as data): a
// client registration (RFC 7591), token and revocation forms (RFC 6749, 7009), an authorization
// request (RFC 6749 §4.1.1 with PKCE and RFC 8707's resource), the consent page's answer, and what
// the consent and error pages read from their query. Hints put real clients, redirect URIs and a
// signed consent query among the random values.
import fc from "fast-check";
import type { Hints, Json } from "./arbitraries";
import { REDIRECT } from "../support/oauth-flow";

const text = (maxLength: number, minLength = 0): Json => ({ type: "string", minLength, maxLength });
const list = (items: Json, maxItems: number, minItems = 0): Json => ({ type: "array", items, minItems, maxItems });
const object = (properties: Record<string, Json>, required: string[] = []): Json => ({
  type: "object",
  properties,
  required,
});
const oneOf = (...values: string[]): Json => ({ enum: values });

export const registration = object(
  {
    client_name: text(200, 1),
    redirect_uris: list(text(300), 12, 1),
    client_uri: text(300),
    logo_uri: text(300),
    contacts: list({ type: "string", format: "email" }, 3, 1),
    token_endpoint_auth_method: oneOf(
      "none",
      "client_secret_basic",
      "client_secret_post",
      "private_key_jwt",
      "nonsense",
    ),
    grant_types: list(oneOf("authorization_code", "refresh_token", "client_credentials", "implicit", "password"), 4),
    response_types: list(oneOf("code", "token", "id_token"), 2),
    scope: text(200),
    application_type: oneOf("web", "native"),
    software_id: text(80),
    software_version: text(40),
  },
  ["redirect_uris"],
);

export const tokenForm = object(
  {
    grant_type: oneOf(
      "authorization_code",
      "refresh_token",
      "client_credentials",
      "password",
      "urn:ietf:params:oauth:grant-type:device_code",
      "",
    ),
    code: text(120),
    code_verifier: text(128),
    redirect_uri: text(200),
    client_id: text(200),
    client_secret: text(80),
    refresh_token: text(120),
    resource: text(200),
    scope: text(200),
  },
  ["grant_type"],
);

export const revokeForm = object(
  { token: text(200), token_type_hint: oneOf("access_token", "refresh_token", "id_token", "x"), client_id: text(200) },
  ["token"],
);

export const authorizeQuery = object(
  {
    response_type: oneOf("code", "token", "code id_token", ""),
    client_id: text(200),
    redirect_uri: text(300),
    scope: text(200),
    state: text(100),
    code_challenge: text(128),
    code_challenge_method: oneOf("S256", "plain", "x"),
    resource: text(200),
    prompt: oneOf("none", "login", "consent", "select_account", "create", "none consent"),
    nonce: text(60),
  },
  ["response_type", "client_id"],
);

export const consentBody = object(
  {
    oauthQuery: text(2000, 1),
    accept: { type: "boolean" },
    brands: list(text(100, 1), 3),
    scopes: list(oneOf("kit.read", "brand.write", "offline_access", "nope"), 3),
    confirmBy: oneOf("person", "caller", "nobody"),
  },
  ["oauthQuery", "accept"],
);

export const pageQuery = object({
  client_id: text(200),
  sig: text(100),
  redirect_uri: text(300),
  scope: text(100),
  error: text(80),
  error_description: text(300),
  to: text(300),
  exp: text(20),
});

/** The addresses a registration or an authorization request names. */
export const EVIL = "https://evil.example/cb";
const redirects = fc.constantFrom(
  REDIRECT,
  EVIL,
  "http://localhost:43123/cb",
  "com.example.app:/cb",
  "javascript:alert(1)",
  `${REDIRECT}#frag`,
  "notaurl",
  "http://127.0.0.1:43123/other",
);

export type OAuthWorld = {
  loopbackClient: string;
  evilClient: string;
  consentQueries: string[];
  brand: string;
  appUrl: string;
};

export function oauthHints(world: OAuthWorld): Hints {
  return {
    redirect_uris: fc.constantFrom(
      [REDIRECT],
      [EVIL],
      ["http://localhost:43123/cb", "com.example.app:/cb"],
      ["javascript:alert(1)"],
      ["notaurl", REDIRECT],
    ),
    redirect_uri: redirects,
    client_id: fc.constantFrom(
      world.loopbackClient,
      world.evilClient,
      "no-such-client",
      "https://127.0.0.1:9/client.json",
      "",
    ),
    scope: fc.constantFrom("kit.read", "kit.read brand.write", "nope", "kit.read offline_access", "openid"),
    resource: fc.constantFrom(
      `${world.appUrl}/api/mcp`,
      `${world.appUrl}/api/mcp/`,
      "https://elsewhere.example/api/mcp",
      "urn:x",
    ),
    oauthQuery: fc.constantFrom(...world.consentQueries),
    brands: fc.constantFrom([world.brand], [world.brand.toLowerCase()], ["NOPE-1"], []),
    token_endpoint_auth_method: fc.constant("none"),
    grant_types: fc.constantFrom(["authorization_code", "refresh_token"], ["authorization_code"]),
    response_types: fc.constant(["code"]),
    client_uri: fc.constantFrom("https://app.example", "http://127.0.0.1:5173"),
    logo_uri: fc.constant("https://app.example/logo.png"),
    code_challenge: fc.constant("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
    code_verifier: fc.constant("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
  };
}
