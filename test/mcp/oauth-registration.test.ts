// Open client registration (RFC 7591) within bounds: anyone may register, so every field, the number
// of URIs and the body as a whole are bounded, and a registration out of bounds is refused with
// RFC 7591's error naming the field, before anything is stored. Metadata documents get the same bounds.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthClientMetadataSchema } from "@better-auth/oauth-provider";
import { db } from "../../lib/db/client";
import { registrationMetadata } from "../../lib/oauth/registration-bounds";
import { baseUrl } from "../support/world";
import { pkce, REDIRECT, register } from "../support/oauth-flow";

const stored = (marker: string) => db().oauthClient.count({ where: { name: { startsWith: marker } } });

async function registerRaw(body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  const response = await fetch(`${baseUrl()}/api/auth/oauth2/register`, { method: "POST", headers, body });
  return {
    status: response.status,
    body: (await response.json()) as { error?: string; error_description?: string; client_id?: string },
  };
}

describe("registration is bounded", () => {
  it("the review's 9.5 MB registration (a 9 MB name, 19,999 redirect URIs) is refused, and nothing is stored", async () => {
    const marker = `huge-${randomUUID()}`;
    const uris = Array.from({ length: 19_999 }, (_, i) => `http://127.0.0.1:${1000 + (i % 60000)}/cb${i}`);
    const { status, body } = await registerRaw(
      JSON.stringify({
        client_name: marker + "x".repeat(9 * 1024 * 1024),
        redirect_uris: uris,
        token_endpoint_auth_method: "none",
      }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    expect(body.error_description).toMatch(/larger than 16384 bytes/);
    expect(await stored(marker)).toBe(0);
  });

  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      "client_name",
      { client_name: "n".repeat(201) },
      "invalid_client_metadata",
      /^client_name is longer than 200 characters$/,
    ],
    [
      "redirect_uris (count)",
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `http://127.0.0.1:${4000 + i}/cb`) },
      "invalid_redirect_uri",
      /^redirect_uris lists more than 10 entries$/,
    ],
    [
      "redirect_uris (length)",
      { redirect_uris: [`http://127.0.0.1:4000/${"p".repeat(2048)}`] },
      "invalid_redirect_uri",
      /^redirect_uris\.0 is longer than 2048/,
    ],
    [
      "logo_uri",
      { logo_uri: `https://example.com/${"l".repeat(2048)}` },
      "invalid_client_metadata",
      /^logo_uri is longer/,
    ],
    [
      "client_uri",
      { client_uri: `https://example.com/${"c".repeat(2048)}` },
      "invalid_client_metadata",
      /^client_uri is longer/,
    ],
    [
      "policy_uri",
      { policy_uri: `https://example.com/${"p".repeat(2048)}` },
      "invalid_client_metadata",
      /^policy_uri is longer/,
    ],
    [
      "tos_uri",
      { tos_uri: `https://example.com/${"t".repeat(2048)}` },
      "invalid_client_metadata",
      /^tos_uri is longer/,
    ],
    [
      "contacts",
      { contacts: Array.from({ length: 11 }, (_, i) => `c${i}@example.com`) },
      "invalid_client_metadata",
      /^contacts lists more than 10/,
    ],
    [
      "grant_types",
      { grant_types: Array.from({ length: 11 }, () => "authorization_code") },
      "invalid_client_metadata",
      /^grant_types lists more than 10/,
    ],
    [
      "response_types",
      { response_types: Array.from({ length: 6 }, () => "code") },
      "invalid_client_metadata",
      /^response_types lists more than 5/,
    ],
    ["scope", { scope: "kit.read ".repeat(120) }, "invalid_client_metadata", /^scope is longer than 1000/],
    ["software_id", { software_id: "s".repeat(201) }, "invalid_client_metadata", /^software_id is longer/],
    [
      "a field of the wrong type",
      { client_name: { nested: [[["deep"]]] } },
      "invalid_client_metadata",
      /^client_name: /,
    ],
  ];
  for (const [name, metadata, error, description] of cases) {
    it(`refuses ${name} past its bound, naming it`, async () => {
      const marker = `bounds-${randomUUID()}`;
      const { status, body } = await register({ client_name: marker, ...metadata });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error });
      expect(body.error_description).toMatch(description);
      expect(await stored(marker)).toBe(0);
    });
  }

  it("refuses a body that is not a JSON object", async () => {
    for (const body of ["[1,2]", "not json", "null", `client_name=x&redirect_uris=${encodeURIComponent(REDIRECT)}`]) {
      const refused = await registerRaw(body);
      expect(refused.status, body).toBe(400);
      expect(refused.body.error).toBe("invalid_client_metadata");
    }
  });

  it("registers from JSON only: text/plain, a form or no Content-Type (no preflight cross-site) is 415, nothing stored", async () => {
    const marker = `types-${randomUUID()}`;
    const metadata = JSON.stringify({
      client_name: marker,
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    });
    const form = new URLSearchParams({ client_name: marker, redirect_uris: REDIRECT }).toString();
    for (const [body, headers] of [
      [metadata, { "Content-Type": "text/plain" }],
      [metadata, { "Content-Type": "text/plain;charset=UTF-8" }],
      [form, { "Content-Type": "application/x-www-form-urlencoded" }],
      [metadata, { "Content-Type": "multipart/form-data; boundary=x" }],
      [metadata, {}],
    ] as [string, Record<string, string>][]) {
      // fetch sends a string body as text/plain unless told otherwise: no Content-Type at all needs a Blob without a type
      const response = await fetch(`${baseUrl()}/api/auth/oauth2/register`, {
        method: "POST",
        headers,
        body: headers["Content-Type"] ? body : new Blob([body]),
      });
      const refused = (await response.json()) as { error?: string; error_description?: string };
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(refused).toEqual({
        error: "invalid_client_metadata",
        error_description: "the registration must be sent as JSON, with Content-Type: application/json",
      });
    }
    expect(await stored(marker)).toBe(0);
    const registered = await registerRaw(metadata, { "Content-Type": "application/json; charset=utf-8" });
    expect(registered.status).toBe(201);
    expect(await stored(marker)).toBe(1);
  });

  it("drops members it does not know (RFC 7591 §2), even large ones within the body's bound, and registers", async () => {
    const marker = `unknown-${randomUUID()}`;
    const { status, body } = await register({
      client_name: marker,
      metadata: { notes: "n".repeat(8000) },
      x_vendor: [[["kept?"]]],
    });
    expect(status).toBe(201);
    const client = await db().oauthClient.findUnique({ where: { clientId: body.client_id } });
    expect(client?.name).toBe(marker);
    expect((client?.metadata ?? "").length, "stored metadata").toBe(0);
  });

  it("knows every member of the plugin's registration, so none passes unbounded", () => {
    const serverAssigned = new Set(["client_id", "client_secret", "client_secret_expires_at", "client_id_issued_at"]);
    const members = Object.keys(oauthClientMetadataSchema.shape).filter((member) => !serverAssigned.has(member));
    expect(members.filter((member) => !(member in registrationMetadata.shape))).toEqual([]);
  });
});

describe("a Client ID Metadata Document is held to the same bounds", () => {
  let server: Server;
  let origin = "";
  const documents = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const document = documents.get(request.url ?? "");
      response
        .writeHead(document ? 200 : 404, { "Content-Type": "application/json" })
        .end(JSON.stringify(document ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a 1,000-character name is refused, nothing stored", async () => {
    const clientId = `${origin}/long-name.json`;
    documents.set("/long-name.json", {
      client_id: clientId,
      client_name: "n".repeat(1000),
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    });
    const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: "kit.read",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    }))
      url.searchParams.set(name, value);
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe("invalid_client");
    expect(body.error_description).toContain("client_name is longer than 200 characters");
    expect(await db().oauthClient.count({ where: { clientId } })).toBe(0);
  });

  it("an unknown member (the plugin would store a `metadata` one as it came) is dropped", async () => {
    const clientId = `${origin}/extra.json`;
    documents.set("/extra.json", {
      client_id: clientId,
      client_name: "Extra",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      metadata: { notes: "n".repeat(30_000) },
    });
    const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: "kit.read",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    }))
      url.searchParams.set(name, value);
    await fetch(url, { redirect: "manual" });
    const client = await db().oauthClient.findUnique({ where: { clientId } });
    expect(client?.name).toBe("Extra");
    expect((client?.metadata ?? "").length, "stored metadata").toBe(0);
  });
});
