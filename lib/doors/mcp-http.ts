// HTTP for the MCP door: the personal API key as bearer token, and the Streamable HTTP serving.
import { createMcpHandler } from "mcp-handler";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { authenticate } from "../core/auth";
import { AppError } from "../core/errors";
import { registerTools, SERVER_INFO, type McpCaller } from "./mcp";

/** withMcpAuth's verifier: an unknown, revoked or expired key is no identity (401 + WWW-Authenticate). */
export async function verifyKey(_request: Request, bearer?: string): Promise<AuthInfo | undefined> {
  if (!bearer) return undefined;
  const authorization = `Bearer ${bearer}`;
  try {
    const actor = await authenticate({ kind: "key", authorization }, new Date());
    const caller: McpCaller = { actor, authorization };
    return { token: bearer, clientId: actor.apiKeyId ?? actor.userId, scopes: [...(actor.scopes ?? [])], extra: { caller } };
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthenticated") return undefined;
    throw error;
  }
}

export async function handleMcp(request: Request): Promise<Response> {
  const caller = request.auth?.extra?.caller as McpCaller;
  return createMcpHandler((server) => registerTools(server, caller), { serverInfo: SERVER_INFO })(request);
}
