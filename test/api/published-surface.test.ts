// What the service publishes about its capabilities, compared with a snapshot taken before the
// refactor that moved lib/ into its layers: the OpenAPI document, the catalogue, and MCP
// tools/list as an all-scope key sees it with and without the MCP Apps extension. A change to the
// registry that is meant to show here updates the fixtures (`npm test -- test/api/published-surface.test.ts -u`);
// a refactor must leave them as they are. The served text is compared, not a re-parse of it, so key
// order counts; only the server's own origin (APP_URL, a port chosen per run) is replaced.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, makeKey, makePerson } from "../support/world";

const FIXTURES = "../fixtures/published";
const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };

const withoutOrigin = (text: string) => text.replaceAll(baseUrl(), "http://APP_URL");

let key: string;
beforeAll(async () => {
  const person = await makePerson();
  key = (await makeKey(person.email)).key;
});

/** The JSON-RPC result of the client's tools/list as the server wrote it (SSE data or a JSON body). */
async function servedToolsList(views: boolean): Promise<string> {
  const bodies: string[] = [];
  const capture: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (typeof init?.body === "string" && init.body.includes('"tools/list"'))
      bodies.push(await response.clone().text());
    return response;
  };
  const client = new Client(
    { name: views ? "apps-host" : "plain-client", version: "1.0.0" },
    { capabilities: views ? ({ extensions: UI } as never) : {} },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
      fetch: capture,
    }),
  );
  try {
    await client.listTools();
  } finally {
    await client.close();
  }
  expect(bodies).toHaveLength(1);
  const json =
    bodies[0]!
      .split("\n")
      .find((line) => line.startsWith("data: "))
      ?.slice("data: ".length) ?? bodies[0]!;
  // re-serialized only for readable fixtures: JSON.parse keeps the server's key order and values
  return `${JSON.stringify((JSON.parse(json) as { result: unknown }).result, null, 2)}\n`;
}

async function served(path: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status).toBe(200);
  return withoutOrigin(await response.text());
}

describe("the published surface stays as it was", () => {
  it("GET /api/v1/openapi.json", async () => {
    await expect(await served("/api/v1/openapi.json")).toMatchFileSnapshot(`${FIXTURES}/openapi.json`);
  });

  it("GET /api/v1/catalog.json", async () => {
    await expect(await served("/api/v1/catalog.json")).toMatchFileSnapshot(`${FIXTURES}/catalog.json`);
  });

  it("MCP tools/list for an all-scope key, plain client", async () => {
    await expect(await servedToolsList(false)).toMatchFileSnapshot(`${FIXTURES}/mcp-tools.json`);
  });

  it("MCP tools/list for an all-scope key, MCP Apps host", async () => {
    await expect(await servedToolsList(true)).toMatchFileSnapshot(`${FIXTURES}/mcp-tools-apps.json`);
  });
});
