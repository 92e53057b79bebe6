// MCP OAuth on every host the door answers (lib/oauth/resource.ts). The suite's server has APP_URL
// http://127.0.0.1:PORT, so localhost and [::1] are its other names. On each, the 401 challenge, the
// protected resource metadata and the authorization server agree, as RFC 9728 clients check them (the
// SDK's own checkResourceAllowed); a foreign Host never finds its name in a document; a token for any
// of the door's identifiers works on it, a token for another resource does not; the official v2
// client signs in through both names. A server published behind a TLS proxy does the same for its
// configured host.
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { checkResourceAllowed } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { addMember, createUser } from "../../lib/admin/commands";
import { db, dialect } from "../../lib/db/client";
import { baseUrl, makeBrand, otherLoopbackUrl } from "../support/world";
import { answerAuthorization, connect, mcpPost, REDIRECT, signInCookie } from "../support/oauth-flow";
import { finishAuthorizationV2, MemoryOAuthProviderV2, startAuthorizationV2 } from "../support/oauth-mcp-client-v2";

const METADATA_PATH = "/.well-known/oauth-protected-resource/api/mcp";
let brand: { shortId: string };
let cookie: string;
let published: RunningServer;

beforeAll(async () => {
  brand = await makeBrand({ name: "OAuth Hosts" });
  const email = `hosts-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  await createUser(db(), { email, name: "Hosts Person", password });
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  cookie = await signInCookie(email, password);
  // the same service behind a TLS proxy at a public name, with one more host for MCP clients
  published = await startServer({
    ...inject("testEnv"),
    APP_URL: "https://brand-ops.example",
    MCP_ALLOWED_HOSTS: "mcp.internal",
  });
});
afterAll(() => published?.stop());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request to `server` with exactly this Host (fetch cannot set one) and other headers. */
function raw(
  server: string,
  path: string,
  host: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const target = new URL(server);
  return new Promise((resolve, reject) => {
    const headers = {
      Host: host,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...options.headers,
    };
    const request = httpRequest(
      { host: target.hostname, port: target.port, path, method: options.method ?? "GET", headers },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.method === "POST" ? "{}" : undefined);
  });
}

/** What an RFC 9728 client does with a 401: follows resource_metadata, checks the resource, reads the issuer's metadata. */
async function discover(server: string, host: string, headers: Record<string, string> = {}) {
  const refused = await raw(server, "/api/mcp", host, { method: "POST", headers });
  expect(refused.status).toBe(401);
  const metadataUrl = new URL(/resource_metadata="([^"]+)"/.exec(String(refused.headers["www-authenticate"]))![1]!);
  const document = await raw(server, metadataUrl.pathname, metadataUrl.host, { headers });
  expect(document.status).toBe(200);
  return { metadataUrl, metadata: JSON.parse(document.body) as { resource: string; authorization_servers: string[] } };
}

describe("the suite's server: every loopback name", () => {
  const port = () => new URL(baseUrl()).port;
  const names = () => [`127.0.0.1:${port()}`, `localhost:${port()}`, `[::1]:${port()}`];

  it("on each name, the challenge, the resource metadata and the authorization server are coherent", async () => {
    const issuerMetadata = await (await fetch(`${baseUrl()}/.well-known/oauth-authorization-server/api/auth`)).json();
    for (const host of names()) {
      const { metadataUrl, metadata } = await discover(baseUrl(), host);
      expect(metadataUrl.toString(), host).toBe(`http://${host}${METADATA_PATH}`);
      expect(metadata.resource, host).toBe(`http://${host}/api/mcp`);
      expect(
        checkResourceAllowed({ requestedResource: `http://${host}/api/mcp`, configuredResource: metadata.resource }),
        host,
      ).toBe(true);
      // one authorization server, APP_URL's, whatever name the client used
      expect(metadata.authorization_servers, host).toEqual([`${baseUrl()}/api/auth`]);
      expect(issuerMetadata.issuer).toBe(metadata.authorization_servers[0]);
    }
  });

  it("a foreign Host, or one of the names on another port, gets the canonical document, never its own name", async () => {
    for (const host of ["evil.example", `evil.example:${port()}`, "localhost:1", "127.0.0.1:1"]) {
      const document = await raw(baseUrl(), METADATA_PATH, host);
      expect(document.status, host).toBe(200);
      expect(JSON.parse(document.body).resource, host).toBe(`${baseUrl()}/api/mcp`);
      expect(document.body, host).not.toContain("evil.example");
      expect(document.body, host).not.toContain(":1/");
    }
    // the door itself refuses a foreign Host before any challenge (DNS rebinding, lib/mcp/origin.ts)
    const refused = await raw(baseUrl(), "/api/mcp", "evil.example", { method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.headers["www-authenticate"]).toBeUndefined();
  });

  it("a token for the other name's identifier works on both names; a token for another resource of the same server does not", async () => {
    const other = otherLoopbackUrl();
    const { tokens } = await connect(cookie, { brands: [brand.shortId], scopes: ["kit.read"] }, `${other}/api/mcp`);
    for (const url of [baseUrl(), other])
      expect((await mcpPost(tokens.access_token, { method: "tools/list" }, url)).status, url).toBe(200);

    // another resource the authorization server knows (an operator can add one): its tokens are not the door's
    const foreign = `https://reports-${randomUUID().slice(0, 8)}.example/api`;
    // its scopes as the plugin stores a list: JSON text on SQLite, an array on PostgreSQL
    const scopes = dialect() === "postgresql" ? ["kit.read"] : JSON.stringify(["kit.read"]);
    await db()
      .$executeRaw`INSERT INTO "OauthResource" ("id", "identifier", "name", "allowedScopes") VALUES (${randomUUID()}, ${foreign}, ${"Another API"}, ${scopes})`;
    const elsewhere = await connect(cookie, { brands: [brand.shortId], scopes: ["kit.read"] }, foreign);
    expect(elsewhere.tokens.access_token).toMatch(/^boa_/);
    for (const url of [baseUrl(), other]) {
      const refused = await mcpPost(elsewhere.tokens.access_token, { method: "tools/list" }, url);
      expect(refused.status, url).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain("not issued for this server");
    }
  });

  it("the official SDK v2 client signs in through either name and calls a tool", async () => {
    for (const url of [baseUrl(), otherLoopbackUrl()]) {
      const provider = new MemoryOAuthProviderV2(REDIRECT);
      const authorizationUrl = await startAuthorizationV2(`${url}/api/mcp`, provider);
      // the person signs in where APP_URL is; the token is for the name the client used
      expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${baseUrl()}/api/auth/oauth2/authorize`);
      expect(authorizationUrl.searchParams.get("resource")).toBe(`${url}/api/mcp`);
      const callback = await answerAuthorization(cookie, authorizationUrl, {
        brands: [brand.shortId],
        scopes: ["kit.read"],
      });
      expect(callback.get("iss")).toBe(`${baseUrl()}/api/auth`);
      const client = await finishAuthorizationV2(`${url}/api/mcp`, provider, callback);
      expect(provider.stored?.access_token).toMatch(/^boa_/);
      const read = (await client.callTool({ name: "kit_read", arguments: { brand: brand.shortId } })) as {
        isError?: boolean;
        structuredContent?: unknown;
      };
      expect(read.isError, JSON.stringify(read.structuredContent)).toBeFalsy();
      expect(read.structuredContent).toHaveProperty("colors");
      await client.close();
    }
  }, 60_000);
});

describe("a server published at https://brand-ops.example behind a TLS proxy, with MCP_ALLOWED_HOSTS=mcp.internal", () => {
  const tls = { "X-Forwarded-Proto": "https" };

  it("on each of its names, the documents are coherent and name APP_URL's authorization server", async () => {
    for (const host of ["brand-ops.example", "mcp.internal"]) {
      const { metadataUrl, metadata } = await discover(published.url, host, tls);
      expect(metadataUrl.toString(), host).toBe(`https://${host}${METADATA_PATH}`);
      expect(metadata.resource, host).toBe(`https://${host}/api/mcp`);
      expect(metadata.authorization_servers, host).toEqual(["https://brand-ops.example/api/auth"]);
    }
  });

  it("loopback names are not its names: their metadata is the canonical document", async () => {
    for (const host of ["127.0.0.1", "localhost", new URL(published.url).host]) {
      const document = await raw(published.url, METADATA_PATH, host, { headers: tls });
      expect(JSON.parse(document.body).resource, host).toBe("https://brand-ops.example/api/mcp");
    }
  });
});
