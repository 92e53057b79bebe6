// The official MCP client (@modelcontextprotocol/sdk 1.x) connected to /api/mcp with a personal key.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { baseUrl } from "./world";

export type Elicited = { message: string }[];

/** A client; with `elicit` it declares elicitation and answers every elicitation that way. */
export async function connectMcp(
  key: string,
  options: { url?: string; elicit?: "accept" | "decline" | "cancel" } = {},
) {
  const client = new Client(
    { name: "brand-ops-test", version: "1.0.0" },
    { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
  );
  const elicited: Elicited = [];
  if (options.elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicited.push({ message: request.params.message });
      return { action: options.elicit! };
    });
  }
  const transport = new StreamableHTTPClientTransport(new URL(`${options.url ?? baseUrl()}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return Object.assign(client, { elicited });
}

export type McpClient = Awaited<ReturnType<typeof connectMcp>>;

export async function toolNames(client: McpClient): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

export async function callTool(client: McpClient, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: any;
    content: { type: string; text?: string }[];
  };
}

/** An isError result carrying this code in its structuredContent and its text; returns the error member. */
export function expectToolError(result: Awaited<ReturnType<typeof callTool>>, code: string) {
  expect(result.isError, JSON.stringify(result)).toBe(true);
  expect(result.structuredContent.ok).toBe(false);
  expect(result.structuredContent.error.code).toBe(code);
  expect(result.content[0]!.text).toContain(code);
  return result.structuredContent.error;
}

export function expectToolOk(result: Awaited<ReturnType<typeof callTool>>) {
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
  return result.structuredContent;
}
