// Who sent the request a tool serves, whichever way it was served: the SDK's own serving and the
// sessions hand the tool the HTTP request's AuthInfo; an exchange (exchange.ts) hands its instance
// the message alone and keeps the AuthInfo under the request's id there. The door asks here and
// needs to know neither.
import type { AuthInfo, ServerContext } from "@modelcontextprotocol/server";
import { authInfoOfExchange } from "./exchange";

export const requestAuthInfo = (ctx: ServerContext): AuthInfo | undefined =>
  ctx.http?.authInfo ?? authInfoOfExchange(ctx.mcpReq.id);
