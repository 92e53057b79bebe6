// The MCP door under the same fuzz as the API door: every tool called through the official SDK
// client with arguments generated from the capability's schema, valid-looking and mutated. Every
// call must come back as a tool result (never a protocol error, never `internal`): data, or an
// isError result whose structuredContent is the API door's error body, naming a field of the call;
// or, for arguments nested deeper than any route reads, the door's one JSON-RPC refusal.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { mcpToolName } from "../../lib/contract/catalogue";
import { isServed } from "../../lib/core/rollout";
import { makeAsset, makeConnection, makeQuestion } from "../support/records";
import { callTool, connectMcp, type McpClient } from "../support/mcp";
import { depthProblem } from "../../lib/http/json-text";
import { mutated, serialize, validOf, type Hints } from "./arbitraries";
import { fieldResolves, FUZZ_SEED, FUZZ_TIMEOUT, makeFuzzWorld, runs, wireSchema } from "./properties";

type World = Awaited<ReturnType<typeof makeFuzzWorld>>;
const served = capabilities.filter((capability) => isServed(capability, "mcp"));
let world: World;
let hints: Hints;
const clients: McpClient[] = [];

beforeAll(async () => {
  world = await makeFuzzWorld(served.length); // one key, one client per tool: each stays under the rate limit
  const brandId = world.brand.id;
  const [asset, question, connection] = await Promise.all([
    makeAsset(brandId, "approved"),
    makeQuestion(brandId),
    makeConnection(brandId),
  ]);
  hints = {
    assetId: fc.constant(asset),
    questionId: fc.constant(question),
    connectionId: fc.constant(connection),
    brand: fc.constantFrom(world.brand.shortId, world.brand.id),
  };
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** Nesting the client's recursive JSON.stringify can still write (the API fuzzers go to 100,000). */
const MCP_DEPTH = Number(process.env.FUZZ_MCP_DEPTH ?? 2000);
const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

describe.concurrent("every MCP tool, fuzzed through the SDK client", () => {
  for (const [index, capability] of served.entries()) {
    const schema = wireSchema(capability);
    it(
      `${mcpToolName(capability.id)}: valid-looking and mutated arguments`,
      async () => {
        const client = await connectMcp(world.keys[index]!);
        clients.push(client);
        const start = fc
          .tuple(validOf(schema, undefined, hints), hints.brand!)
          .map(([value, brand]) => ({ brand, ...(value as object) }));
        // MCP arguments are an object. The property gets the JSON text, so that fast-check reports a
        // counterexample as text, not by walking a structure thousands of levels deep.
        const args = fc
          .oneof(
            start.map((value) => ({ value })),
            mutated(start),
          )
          .map(({ value }) => serialize(value, MCP_DEPTH))
          .filter((text) => text.startsWith("{"));
        await fc.assert(
          fc.asyncProperty(args, async (text) => {
            const sent = JSON.parse(text) as Record<string, unknown>;
            // a message nesting deeper than every route accepts (lib/http/json-text.ts) is refused as a
            // whole, before any part of it is read: the JSON-RPC Invalid Request, not a tool result
            const message = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":${text}}}`;
            if (depthProblem(message)) {
              await expect(callTool(client, mcpToolName(capability.id), sent)).rejects.toThrow(
                /"code":-32600,"message":"Invalid Request: body nests deeper than 64 levels"/,
              );
              return;
            }
            const result = await callTool(client, mcpToolName(capability.id), sent);
            const context = JSON.stringify(result).slice(0, 400);
            if (!result.isError) return void expect(isObject(result.structuredContent), context).toBe(true);
            const error = result.structuredContent?.error;
            expect(result.structuredContent?.ok, context).toBe(false);
            expect(["internal", "unavailable"], context).not.toContain(error?.code);
            expect(error?.code, context).not.toBe("rate_limited");
            expect(typeof error?.message, context).toBe("string");
            if (error.code === "invalid_input")
              expect(
                error.issues.map((issue: { field: string }) => issue.field),
                context,
              ).toContain(error.field);
            if (error.field !== undefined) expect(fieldResolves(error.field, sent, schema), context).toBe(true);
          }),
          { seed: FUZZ_SEED, numRuns: runs(60) },
        );
      },
      FUZZ_TIMEOUT,
    );
  }
});
