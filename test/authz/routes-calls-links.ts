// The matrix rows reached through a link or another door: the consent answer of an OAuth
// authorization, the MCP Apps decision tool (each caller with an API key of their own), both ends of
// a connection link, a signed download URL and the protected resource metadata.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { authorize, pkce, register, useServer } from "../support/oauth-flow";
import { bytes, uploadApproved } from "../support/files";
import { baseUrl, call, expectOk } from "../support/world";
import type { Caller, RowId } from "./routes-expected";
import { credential, hex, outcomeOf, pageOutcome, send } from "./routes-http";
import type { Row } from "./routes-calls";
import { MATRIX_ROUTES_PROVIDER, type RoutesWorld } from "./routes-world";

type Result = { isError?: boolean; structuredContent?: any; _meta?: Record<string, any> };
const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

/** A host declaring MCP Apps, with this key. */
async function host(world: RoutesWorld, key: string | undefined): Promise<Client> {
  const client = new Client({ name: "matrix-host", version: "1.0.0" }, { capabilities: { extensions: UI } as never });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${world.url}/api/mcp`), {
      requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
    }),
  );
  return client;
}
/** On the MCP door every caller presents a key of their own; apiKey is another key of the admin's. */
const keyOf = (world: RoutesWorld, caller: Caller) =>
  caller === "anonymous" ? undefined : caller === "apiKey" ? world.adminSecondKey : world.people[caller].key;

/** GET a link as a browser would follow it, as this caller. */
const open = async (world: RoutesWorld, caller: Caller, url: string) => {
  const response = await fetch(url, { redirect: "manual", headers: credential(world, caller) });
  await response.text();
  return pageOutcome({ status: response.status, headers: response.headers, json: null }, world.providerBase);
};

/** A write the admin's (first) key proposed through MCP Apps: its handle, as the confirm view gets it. */
async function adminKeysHandle(world: RoutesWorld): Promise<string> {
  const parker = await host(world, world.people.admin.key);
  const proposed = (await parker.callTool({
    name: "kit_colors_add",
    arguments: { brand: world.brand.shortId, name: "Matrix", hex: hex(), role: "accent" },
  })) as Result;
  await parker.close();
  return proposed._meta!["brand-operations/pending"].pendingId as string;
}

/** The confirm view's Cancel, sent by a host holding this caller's key. */
async function decide(caller: Caller, world: RoutesWorld, pendingId: string): Promise<string> {
  const client = await host(world, keyOf(world, caller)).catch((error: Error) => error);
  if (client instanceof Error)
    return (client as { code?: number }).code === 401 ? "http 401" : `connect failed: ${client.message.slice(0, 80)}`;
  try {
    const result = (await client.callTool({
      name: "confirmation_decide",
      arguments: { pendingId, decision: "cancel" },
    })) as Result;
    return result.isError
      ? `tool error ${result.structuredContent?.error?.code}`
      : `tool ${result.structuredContent?.outcome?.status}`;
  } finally {
    await client.close();
  }
}

/** A link the admin asked for with their key (connections.connect): theirs alone to open. */
const adminsLink = async (world: RoutesWorld) =>
  expectOk(
    await call(
      "connections.connect",
      world.people.admin.key,
      { brand: world.brand.shortId, provider: MATRIX_ROUTES_PROVIDER },
      { url: world.url },
    ),
  ).authorizationUrl as string;

export const LINK_ROWS = {
  "oauth consent: allow an app in brand A": {
    // each signed-in caller answers an authorization of their own; no session, the admin's
    prepare: async (world) => {
      useServer(world.url);
      const clientId = (await register()).body.client_id as string;
      const queries = new Map<Caller, URL>();
      for (const [caller, person] of Object.entries(world.people)) {
        queries.set(
          caller as Caller,
          await authorize(person.cookie, {
            client_id: clientId,
            code_challenge: pkce().challenge,
            code_challenge_method: "S256",
            scope: "kit.read",
          }),
        );
      }
      return queries;
    },
    run: async (caller, world, queries: Map<Caller, URL>) => {
      const query = queries.get(caller) ?? queries.get("admin")!;
      const body = {
        oauthQuery: query.searchParams.toString(),
        accept: true,
        brands: [world.brand.shortId],
        scopes: ["kit.read"],
      };
      return outcomeOf(await send(world, caller, "POST", "/api/oauth/consent", body));
    },
  },
  "mcp confirmation_decide: cancel the admin key's handle": {
    prepare: adminKeysHandle,
    run: (caller, world, pendingId) => decide(caller, world, pendingId),
  },
  "mcp confirmation_decide: the admin's chat pending call": {
    prepare: async (world) =>
      (
        await send(world, "admin", "POST", "/api/assistant/run", {
          capabilityId: "kit.colors.add",
          brand: world.brand.shortId,
          input: { name: "Matrix", hex: hex(), role: "accent" },
        })
      ).json.pendingId as string,
    run: (caller, world, pendingId) => decide(caller, world, pendingId),
  },
  "assistant.pending: the admin key's MCP Apps handle": {
    prepare: adminKeysHandle,
    run: async (caller, world, pendingId) =>
      outcomeOf(await send(world, caller, "POST", `/api/assistant/pending/${pendingId}`, { decision: "cancel" })),
  },
  "connections.start of the admin's link": {
    prepare: adminsLink,
    run: (caller, world, link) => open(world, caller, link),
  },
  "connections.callback of the admin's link": {
    // where the provider sends the admin's browser back, with a code, after the admin opened the link in it
    prepare: async (world) => {
      const start = await fetch(await adminsLink(world), { redirect: "manual", headers: credential(world, "admin") });
      const provider = await fetch(start.headers.get("location")!, { redirect: "manual" });
      return provider.headers.get("location")!;
    },
    run: (caller, world, callback) => open(world, caller, callback),
  },
  "files.download by a signed URL": {
    prepare: async (world) => {
      const who = { key: world.people.admin.key, brand: world.brand.shortId };
      const assetId = await uploadApproved(who, { fileName: "matrix.png", mimeType: "image/png", body: bytes.png() });
      return expectOk(await call("library.asset.get", who.key, { brand: who.brand, assetId })).url as string;
    },
    run: async (caller, world, url: string) => {
      // a credential goes only to this service (the distributed profile's URLs are S3's, which refuses a second one)
      const ours = url.startsWith(baseUrl());
      const response = await fetch(url, { headers: ours ? credential(world, caller) : {} });
      await response.arrayBuffer();
      return String(response.status);
    },
  },
  "well-known: protected resource metadata": {
    run: async (caller, world) =>
      outcomeOf(await send(world, caller, "GET", "/.well-known/oauth-protected-resource/api/mcp")),
  },
} satisfies Partial<Record<RowId, Row>>;
