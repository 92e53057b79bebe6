// The MCP Apps decision tool (confirmation_decide, lib/mcp/decide.ts) fuzzed through the
// official client as a host that declares the extension: arguments valid-looking (the caller's own
// handles, another person's, another key's of the same person, a chat's pending call, random ones)
// and mutated (wrong types, unknown members, NUL, huge strings, deep nesting). Properties: every call
// is a tool result (a message nested past the JSON depth bound excepted: the JSON-RPC Invalid
// Request naming it); a refusal is invalid_input naming a field of the call, or not_found; an
// outcome is decided only for the caller's own handles; the handles of anyone else stay pending.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPending } from "../../lib/pending/store";
import { addMember } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { MAX_JSON_DEPTH } from "../../lib/http/json-text";
import { baseUrl, makeKey, makePerson, makeWorld } from "../support/world";
import { hintedOf, mutated, serialize, type Json } from "./arbitraries";
import { fieldResolves, FUZZ_SEED, FUZZ_TIMEOUT, messageDepth, runs } from "./properties";

type Result = { isError?: boolean; structuredContent?: any; _meta?: Record<string, any> };
const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
const clients: Client[] = [];
async function host(key: string): Promise<Client> {
  const client = new Client({ name: "fuzz-host", version: "1.0.0" }, { capabilities: { extensions: UI } as never });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  clients.push(client);
  return client;
}
const hex = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
async function park(client: Client, brand: string): Promise<string> {
  const proposed = (await client.callTool({
    name: "kit_colors_add",
    arguments: { brand, name: "Fuzz", hex: hex(), role: "accent" },
  })) as Result;
  return proposed._meta!["brand-operations/pending"].pendingId as string;
}

let caller: Client;
let own: string[];
let foreign: string[];
beforeAll(async () => {
  const world = await makeWorld();
  const other = await makePerson({ name: "Other admin" });
  await addMember(db(), { brand: world.brand.shortId, email: other.email, role: "admin" });
  caller = await host(world.admin.key);
  own = await Promise.all([1, 2, 3, 4].map(() => park(caller, world.brand.shortId)));
  const otherPerson = await host((await makeKey(other.email)).key);
  const otherKey = await host((await makeKey(world.admin.email)).key);
  const chat = await createPending(
    {
      userId: world.admin.id,
      brandId: world.brand.id,
      capabilityId: "kit.colors.add",
      input: "{}",
      token: "bct_never",
      summary: "Add nothing",
      expiresAt: new Date(Date.now() + 600_000),
      toolCallId: null,
      door: "assistant",
      conversationId: null,
      caller: null,
    },
    new Date(),
  );
  foreign = [await park(otherPerson, world.brand.shortId), await park(otherKey, world.brand.shortId), chat];
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

const schema: Json = {
  type: "object",
  properties: { pendingId: { type: "string", minLength: 1, maxLength: 64 }, decision: { enum: ["confirm", "cancel"] } },
  required: ["pendingId", "decision"],
};

describe("confirmation_decide, fuzzed through the SDK client", () => {
  const seen = new Map<string, number>();
  afterAll(() =>
    console.log(
      `confirmation_decide outcomes (seed ${FUZZ_SEED}):\n${[...seen]
        .sort()
        .map(([what, count]) => `${what} ×${count}`)
        .join("\n")}`,
    ),
  );

  it(
    "a tool result for every call; only the caller's own handles are ever decided",
    async () => {
      const hints = { pendingId: fc.constantFrom(...own, ...foreign) };
      const valid = hintedOf(schema, hints);
      const args = fc
        .oneof(
          valid,
          mutated(valid).map(({ value }) => value),
        )
        .map((value) => serialize(value, 2000))
        .filter((text) => text.startsWith("{"));
      await fc.assert(
        fc.asyncProperty(args, async (text) => {
          const sent = JSON.parse(text) as Record<string, unknown>;
          if (messageDepth(sent) > MAX_JSON_DEPTH) {
            const refused = await caller.callTool({ name: "confirmation_decide", arguments: sent }).then(
              () => "answered",
              (error: Error) => error.message,
            );
            return void expect(refused).toContain(
              `"code":-32600,"message":"Invalid Request: body nests deeper than ${MAX_JSON_DEPTH} levels"`,
            );
          }
          const result = (await caller.callTool({ name: "confirmation_decide", arguments: sent })) as Result;
          const error = result.structuredContent?.error;
          const what = result.isError
            ? `error ${error?.code} ${error?.field ?? ""}`
            : `outcome ${result.structuredContent?.outcome?.status}`;
          seen.set(what, (seen.get(what) ?? 0) + 1);
          if (result.isError) {
            expect(["invalid_input", "not_found"], JSON.stringify(result)).toContain(error?.code);
            if (error.field !== undefined)
              expect(fieldResolves(error.field, sent, schema), JSON.stringify(error)).toBe(true);
            return;
          }
          expect(own, `decided a handle that is not the caller's: ${text.slice(0, 200)}`).toContain(sent.pendingId);
          expect(["ok", "declined", "error"]).toContain(result.structuredContent.outcome.status);
        }),
        { seed: FUZZ_SEED, numRuns: runs(80) },
      );
    },
    FUZZ_TIMEOUT,
  );

  it("the handles of another person, another key and a chat are still pending", async () => {
    const rows = await db().pendingCall.findMany({ where: { id: { in: foreign } }, select: { status: true } });
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
  });
});
