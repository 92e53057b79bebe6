// MCP OAuth, refusals and limits: the metadata documents, PKCE, redirect URIs, single-use codes,
// refresh rotation with family revocation, the resource (audience), scopes that cannot grow at
// refresh, brands outside the grant, revocation, a removed membership, step-up, Client ID Metadata
// Documents. The happy path with the SDK client and Chromium is e2e/mcp-oauth.test.ts.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { db } from "../../lib/db/client";
import { addMember, createUser, removeMember } from "../../lib/admin/commands";
import { responseOf } from "../support/mcp-answer";
import { baseUrl, makeBrand } from "../support/world";
import {
  authorize,
  callTool,
  connect,
  consent,
  mcpPost,
  pkce,
  REDIRECT,
  register,
  signInCookie,
  token,
} from "../support/oauth-flow";

const RESOURCE = () => `${baseUrl()}/api/mcp`;
let brandA: { shortId: string; id: string };
let brandB: { shortId: string; id: string };
let person: { id: string; email: string };
let cookie: string;

beforeAll(async () => {
  brandA = await makeBrand({ name: "OAuth A" });
  brandB = await makeBrand({ name: "OAuth B" });
  const email = `oauth-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  person = { id: (await createUser(db(), { email, name: "OAuth Person", password })).id, email };
  await addMember(db(), { brand: brandA.shortId, email, role: "admin" });
  await addMember(db(), { brand: brandB.shortId, email, role: "admin" });
  cookie = await signInCookie(email, password);
});

describe("metadata and the challenge", () => {
  it("serves RFC 9728 protected resource metadata at the MCP spec's path and the root", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/api/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(200);
      const metadata = await response.json();
      // validates against the MCP SDK's own schema of RFC 9728 (what clients parse it with)
      expect(OAuthProtectedResourceMetadataSchema.safeParse(metadata).success).toBe(true);
      expect(metadata).toMatchObject({
        resource: RESOURCE(),
        authorization_servers: [`${baseUrl()}/api/auth`],
        bearer_methods_supported: ["header"],
      });
      expect(metadata.scopes_supported).toContain("kit.read");
    }
    expect((await fetch(`${baseUrl()}/.well-known/oauth-protected-resource/elsewhere`)).status).toBe(404);
  });

  it("serves RFC 8414 authorization server metadata at the issuer's well-known path", async () => {
    const response = await fetch(`${baseUrl()}/.well-known/oauth-authorization-server/api/auth`);
    expect(response.status).toBe(200);
    const metadata = await response.json();
    expect(OAuthMetadataSchema.safeParse(metadata).success).toBe(true);
    expect(metadata).toMatchObject({
      issuer: `${baseUrl()}/api/auth`,
      authorization_endpoint: `${baseUrl()}/api/auth/oauth2/authorize`,
      token_endpoint: `${baseUrl()}/api/auth/oauth2/token`,
      registration_endpoint: `${baseUrl()}/api/auth/oauth2/register`,
      revocation_endpoint: `${baseUrl()}/api/auth/oauth2/revoke`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
    expect(metadata.token_endpoint_auth_methods_supported).toContain("none");
  });

  it("a call without a token gets 401 pointing at the metadata, with the scopes to ask for", async () => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    const challenge = response.headers.get("www-authenticate")!;
    expect(challenge).toContain(`resource_metadata="${baseUrl()}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(challenge).toMatch(/scope="[^"]*kit\.read[^"]*"/);
    expect(challenge).not.toContain("error=");
  });
});

describe("the authorization code flow refuses what it must", () => {
  it("without PKCE, or with the plain method, the client is sent back an invalid_request", async () => {
    const { body } = await register();
    const missing = await authorize(cookie, { client_id: body.client_id, scope: "kit.read" });
    expect(missing.origin + missing.pathname).toBe(REDIRECT);
    expect(missing.searchParams.get("error")).toBe("invalid_request");
    const plain = await authorize(cookie, {
      client_id: body.client_id,
      scope: "kit.read",
      code_challenge: "x".repeat(43),
      code_challenge_method: "plain",
    });
    expect(plain.searchParams.get("error")).toBe("invalid_request");
  });

  it("a wrong code_verifier gets no token", async () => {
    const { clientId } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const { challenge } = pkce();
    const again = await authorize(cookie, {
      client_id: clientId,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    });
    // consented before: straight back with a code
    const code = again.searchParams.get("code")!;
    expect(code).toBeTruthy();
    const refused = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: pkce().verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: RESOURCE(),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.access_token).toBeUndefined();
  });

  it("a redirect URI that was not registered is never redirected to; a loopback port may differ (RFC 8252)", async () => {
    const { body } = await register();
    const { challenge } = pkce();
    const params = {
      client_id: body.client_id,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    };
    const foreign = await authorize(cookie, { ...params, redirect_uri: "https://attacker.example/callback" });
    expect(foreign.origin).not.toBe("https://attacker.example");
    expect(foreign.searchParams.get("error")).toBe("invalid_redirect");
    const otherPath = await authorize(cookie, { ...params, redirect_uri: "http://127.0.0.1:43123/elsewhere" });
    expect(otherPath.searchParams.get("error")).toBe("invalid_redirect");
    const otherPort = await authorize(cookie, { ...params, redirect_uri: "http://127.0.0.1:50000/callback" });
    expect(otherPort.pathname).toBe("/oauth/consent");
  });

  it("a code works once", async () => {
    const { clientId, code, verifier } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const replay = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource: RESOURCE(),
    });
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.body.error).toBe("invalid_grant");
  });

  it("a resource other than this server is refused at authorization", async () => {
    const { body } = await register();
    const { challenge } = pkce();
    const refused = await authorize(cookie, {
      client_id: body.client_id,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
      resource: "https://elsewhere.example/mcp",
    });
    expect(refused.searchParams.get("error")).toBe("invalid_target");
  });

  it("registration refuses an http redirect URI that is not loopback", async () => {
    const refused = await register({ redirect_uris: ["http://example.com/callback"] });
    expect(refused.status).toBe(400);
  });
});

describe("tokens", () => {
  it("are opaque, short-lived, stored hashed, and rotate their refresh token; a reused one revokes the family", async () => {
    const { clientId, tokens } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    expect(tokens.access_token).toMatch(/^boa_/);
    expect(tokens.refresh_token).toMatch(/^bor_/);
    const stored = await db().oauthAccessToken.findMany({ where: { clientId } });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.token)).not.toContain(tokens.access_token.slice(4));
    const rotated = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      resource: RESOURCE(),
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpPost(rotated.body.access_token, { method: "tools/list" })).status).toBe(200);
    // the old refresh token again: refused, and the new one dies with it
    const reused = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      resource: RESOURCE(),
    });
    expect(reused.body.error).toBe("invalid_grant");
    const family = await token({
      grant_type: "refresh_token",
      refresh_token: rotated.body.refresh_token,
      client_id: clientId,
      resource: RESOURCE(),
    });
    expect(family.body.error).toBe("invalid_grant");
  });

  it("cannot gain scopes at refresh", async () => {
    const { clientId, tokens } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const wider = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: "kit.read kit.write",
      resource: RESOURCE(),
    });
    expect(wider.status).toBeGreaterThanOrEqual(400);
    expect(wider.body.access_token).toBeUndefined();
  });

  it("revoked by RFC 7009 are refused at the next call", async () => {
    const { clientId, tokens } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const response = await fetch(`${baseUrl()}/api/auth/oauth2/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access_token, token_type_hint: "access_token", client_id: clientId }),
    });
    expect(response.status).toBe(200);
    const refused = await mcpPost(tokens.access_token, { method: "tools/list" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("an API key's door does not take them (audience: the MCP door only)", async () => {
    const { tokens } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const response = await fetch(`${baseUrl()}/api/v1/kit.read`, {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ brand: brandA.shortId }),
    });
    expect(response.status).toBe(401);
  });

  it("a token issued without this resource is refused by the door", async () => {
    const { body } = await register();
    const { verifier, challenge } = pkce();
    const consentUrl = await authorize(cookie, {
      client_id: body.client_id,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
      resource: "",
    });
    const answered = await consent(cookie, consentUrl, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const code = new URL(answered.body.data.url).searchParams.get("code")!;
    const issued = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: body.client_id,
      redirect_uri: REDIRECT,
    });
    expect(issued.status).toBe(200);
    const refused = await mcpPost(issued.body.access_token, { method: "tools/list" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("not issued for this server");
  });
});

describe("a grant never reaches past its brands, its scopes or the person's live role", () => {
  it("lists only the granted scopes' tools; another brand is forbidden; a missing scope is a 403 step-up", async () => {
    const { tokens } = await connect(cookie, { brands: [brandA.shortId], scopes: ["kit.read"] });
    const answered = await mcpPost(tokens.access_token, { method: "tools/list" });
    const listed = responseOf(answered.headers.get("content-type"), await answered.text());
    const names = listed.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toContain("kit_read");
    expect(names).not.toContain("kit_colors_add");
    expect(names).not.toContain("library_search");
    expect(
      (await callTool(tokens.access_token, "kit_read", { brand: brandA.shortId })).body.result.isError,
    ).toBeFalsy();
    const other = await callTool(tokens.access_token, "kit_read", { brand: brandB.shortId });
    expect(other.body.result.structuredContent.error.code).toBe("forbidden");
    const stepUp = await callTool(tokens.access_token, "kit_colors_add", {
      brand: brandA.shortId,
      name: "X",
      hex: "#123456",
      role: "accent",
    });
    expect(stepUp.status).toBe(403);
    expect(stepUp.challenge).toContain('error="insufficient_scope"');
    expect(stepUp.challenge).toMatch(/scope="kit\.read kit\.write"/);
  });

  it("consent cannot add a scope the client did not ask for, nor a brand the person is not in", async () => {
    const { body } = await register();
    const { challenge } = pkce();
    const consentUrl = await authorize(cookie, {
      client_id: body.client_id,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    });
    const wider = await consent(cookie, consentUrl, { brands: [brandA.shortId], scopes: ["kit.read", "kit.write"] });
    expect(wider.status).toBe(422);
    expect(wider.body.error).toMatchObject({ code: "invalid_input", field: "scopes" });
    const foreign = await makeBrand({ name: "Not mine" });
    const elsewhere = await consent(cookie, consentUrl, { brands: [foreign.shortId], scopes: ["kit.read"] });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.field).toBe("brands");
  });

  it("removing the person from the brand cuts the grant there at the next call", async () => {
    const brand = await makeBrand({ name: "OAuth Leaving" });
    await addMember(db(), { brand: brand.shortId, email: person.email, role: "member" });
    const { tokens } = await connect(cookie, { brands: [brand.shortId], scopes: ["kit.read"] });
    expect((await callTool(tokens.access_token, "kit_read", { brand: brand.shortId })).body.result.isError).toBeFalsy();
    await removeMember(db(), { brand: brand.shortId, email: person.email });
    expect(
      (await callTool(tokens.access_token, "kit_read", { brand: brand.shortId })).body.result.structuredContent.error
        .code,
    ).toBe("forbidden");
  });
});

describe("Client ID Metadata Documents", () => {
  let server: Server;
  let origin = "";
  const documents = new Map<string, unknown>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const document = documents.get(request.url ?? "");
      if (!document) return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(document));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a client known by its document's URL is shown as identified, and consents like any other", async () => {
    const clientId = `${origin}/client.json`;
    documents.set("/client.json", {
      client_id: clientId,
      client_name: "Documented Client",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });
    const { challenge } = pkce();
    const consentUrl = await authorize(cookie, {
      client_id: clientId,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    });
    expect(consentUrl.pathname).toBe("/oauth/consent");
    const page = await (await fetch(consentUrl, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Documented Client");
    expect(page).toContain("consent-verified");
    const answered = await consent(cookie, consentUrl, { brands: [brandA.shortId], scopes: ["kit.read"] });
    expect(new URL(answered.body.data.url).searchParams.get("code")).toBeTruthy();
  });

  it("a document that names another client is refused", async () => {
    const clientId = `${origin}/impostor.json`;
    documents.set("/impostor.json", {
      client_id: `${origin}/someone-else.json`,
      client_name: "Impostor",
      redirect_uris: [REDIRECT],
    });
    const { challenge } = pkce();
    const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    }))
      url.searchParams.set(name, value);
    const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
    // an unknown client is never redirected to: the error is the authorization server's own answer
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect((await response.json()).error).toBe("invalid_client");
    expect(await db().oauthClient.count({ where: { clientId } })).toBe(0);
  });
});
