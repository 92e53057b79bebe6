// Over MCP, a credential whose writes wait for its person (confirmBy "person") never sees a token:
// a plain client is told where its person decides and how to learn the outcome (confirmations_get),
// a client with URL-mode elicitation sends its person to the page and completes with the write, an
// MCP Apps host's view decides it with its Confirm. What any client or model could read is checked
// for a token in every case.
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { signedInPerson } from "../auth/session";
import { callTool, type Elicited, expectToolError, expectToolOk } from "../support/mcp";
import { baseUrl, makeBrand, makeKey } from "../support/world";

const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
const PENDING = "brand-operations/pending";
const TOKEN = /confirmationToken|bct_/;

let brand: Awaited<ReturnType<typeof makeBrand>>;
let person: { key: string; cookie: string };
const clients: Client[] = [];

beforeAll(async () => {
  brand = await makeBrand();
  const { email, cookie } = await signedInPerson();
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  const key = await makeKey(email);
  await db().apiKey.update({ where: { id: key.id }, data: { confirmBy: "person" } });
  person = { key: key.key, cookie };
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

async function connect(capabilities: Record<string, unknown>, onUrl?: (url: string) => Promise<unknown>) {
  const client = new Client({ name: "person-confirm-test", version: "1.0.0" }, { capabilities });
  const browsing: Promise<unknown>[] = [];
  if (onUrl)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      browsing.push(onUrl((request.params as { url: string }).url));
      return { action: "accept" };
    });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${person.key}` } },
    }),
  );
  clients.push(client);
  return Object.assign(client, { browsing, elicited: [] as Elicited });
}

const colour = () => ({
  brand: brand.shortId,
  name: `Agent ${randomBytes(3).toString("hex")}`,
  hex: `#${randomBytes(3).toString("hex")}`,
  role: "accent",
});
const written = async (name: string) => db().kitColor.count({ where: { brandId: brand.id, name } });

/** The person's Confirm or Decline, as the app's page sends it. */
async function decide(id: string, decision: "confirm" | "cancel") {
  const response = await fetch(`${baseUrl()}/api/confirm/${id}`, {
    method: "POST",
    headers: { Cookie: person.cookie, Origin: baseUrl(), "Content-Type": "application/json" },
    body: JSON.stringify({ decision }),
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<any>;
}

describe("an MCP client whose key confirms by person", () => {
  it("without elicitation: a tool error naming the page and confirmations_get; the person's Confirm writes once", async () => {
    const client = await connect({});
    const input = colour();
    const result = await callTool(client, "kit_colors_add", input);
    const error = expectToolError(result, "confirmation_required");
    expect(JSON.stringify(result)).not.toMatch(TOKEN);
    const { id, url } = error.confirmation as { id: string; url: string };
    expect(url).toBe(`${baseUrl()}/confirm/${id}`);
    expect(result.content[0]!.text).toContain(url);
    expect(result.content[0]!.text).toContain(`confirmations_get with confirmationId "${id}"`);
    expect(await written(input.name)).toBe(0);
    const waiting = expectToolOk(
      await callTool(client, "confirmations_get", { brand: brand.shortId, confirmationId: id }),
    );
    expect(waiting.status).toBe("waiting");
    expect((await decide(id, "confirm")).status).toBe("ok");
    const done = expectToolOk(
      await callTool(client, "confirmations_get", { brand: brand.shortId, confirmationId: id }),
    );
    expect(done).toMatchObject({ status: "done", result: { ok: true } });
    expect(await written(input.name)).toBe(1);
  });

  it("with form elicitation only: no dialog the agent could answer, the same tool error", async () => {
    const client = await connect({ elicitation: { form: {} } }, async () => {
      throw new Error("no elicitation is expected");
    });
    const input = colour();
    const result = await callTool(client, "kit_colors_add", input);
    expect(expectToolError(result, "confirmation_required").confirmation.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(JSON.stringify(result)).not.toMatch(TOKEN);
    expect(await written(input.name)).toBe(0);
  });

  it("with URL-mode elicitation: the person decides on the page and the call completes with the write", async () => {
    const client = await connect({ elicitation: { url: {} } }, async (url) => {
      const page = await fetch(url, { headers: { Cookie: person.cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).not.toMatch(/bct_/);
      return decide(new URL(url).pathname.split("/").at(-1)!, "confirm");
    });
    const input = colour();
    const result = await callTool(client, "kit_colors_add", input);
    expect(expectToolOk(result).ok).toBe(true);
    expect(JSON.stringify(result)).not.toMatch(TOKEN);
    expect(await written(input.name)).toBe(1);
  });

  it("in an MCP Apps host: the view's Confirm decides it, and the model never reads a token", async () => {
    const host = await connect({ extensions: UI });
    const input = colour();
    const proposed = (await callTool(host, "kit_colors_add", input)) as Awaited<ReturnType<typeof callTool>> & {
      _meta?: Record<string, any>;
    };
    expect(proposed.structuredContent.error.code).toBe("confirmation_required");
    expect(JSON.stringify([proposed.content, proposed.structuredContent])).not.toMatch(TOKEN);
    const handle = proposed._meta?.[PENDING]?.pendingId as string;
    expect(handle).toMatch(/^[A-Za-z0-9]{32}$/);
    const decided = await callTool(host, "confirmation_decide", { pendingId: handle, decision: "confirm" });
    expect(decided.structuredContent.outcome.status).toBe("ok");
    expect(await written(input.name)).toBe(1);
  });
});
