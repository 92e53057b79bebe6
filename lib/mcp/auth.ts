// Who calls the MCP door: a personal API key (`bop_…`) or an OAuth access token (`boa_…`, issued
// to an MCP client by lib/oauth). Refusals follow the MCP authorization spec (2025-11-25) and
// RFC 6750: 401 with a challenge that points at the protected resource metadata (RFC 9728) and
// names the scopes to ask for; 403 insufficient_scope naming the scope a call needs (step-up).
import type { AuthInfo } from "@modelcontextprotocol/server";
import { SCOPES } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import { authenticate, callerKey, type Credential } from "../core/auth";
import { AppError } from "../contract/errors";
import { isAppToken } from "../core/app-tokens";
import { publicOrigin, resourceMetadataUrl } from "../oauth/resource";

/**
 * Who calls the door: the person (and app) behind the bearer, the credential each call presents, and
 * when the bearer was checked (performance.now()).
 */
export type McpCaller = { actor: Actor; credential: Credential; checkedAt: number };

// A call that starts within this long of its request's authentication runs as the checked actor; one
// that starts later (after waiting on the person: an elicitation on a session) presents its bearer
// again, so a key revoked meanwhile stops it.
const STILL_CHECKED_MS = 2_000;

/** What a tool call presents to the pipeline (lib/core/invoke.ts). */
export function credentialOf(caller: McpCaller): Credential {
  return performance.now() - caller.checkedAt <= STILL_CHECKED_MS
    ? { kind: "checked", actor: caller.actor }
    : caller.credential;
}

/** The callers made here: what a request's AuthInfo carries is looked up, never trusted for its shape. */
const issued = new WeakMap<object, McpCaller>();

/** The caller behind a request's AuthInfo (set by authenticateMcp), if any. */
export function callerOf(authInfo: AuthInfo | undefined): McpCaller | undefined {
  const carried = authInfo?.extra?.caller;
  return typeof carried === "object" && carried !== null ? issued.get(carried) : undefined;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, "")}"`;

function challenge(
  request: Request,
  status: 401 | 403,
  params: { error?: string; description?: string; scopes: readonly string[] },
): Response {
  const parts = [
    ...(params.error ? [`error=${quoted(params.error)}`] : []),
    ...(params.description ? [`error_description=${quoted(params.description)}`] : []),
    // the metadata on the origin the client reached (its Host was admitted before this, origin.ts):
    // that document names this origin's own resource identifier, as RFC 9728 clients require
    `resource_metadata=${quoted(resourceMetadataUrl(publicOrigin(request)))}`,
    `scope=${quoted(params.scopes.join(" "))}`,
  ];
  const body = {
    error: params.error ?? "invalid_token",
    error_description: params.description ?? "Authorization needed",
  };
  return Response.json(body, { status, headers: { "WWW-Authenticate": `Bearer ${parts.join(", ")}` } });
}

/** The caller, or the 401 to send. Keys and tokens are told apart by their prefix. */
export async function authenticateMcp(request: Request): Promise<{ authInfo: AuthInfo } | Response> {
  const bearer = bearerOf(request.headers.get("authorization"));
  // no credentials: no error code (RFC 6750 §3.1), only where to learn how to get some
  if (!bearer) return challenge(request, 401, { scopes: SCOPES });
  try {
    return { authInfo: await checkBearer(bearer) };
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthenticated")
      return challenge(request, 401, { error: "invalid_token", description: error.message, scopes: SCOPES });
    throw error;
  }
}

export const bearerOf = (authorization: string | null | undefined): string | undefined =>
  /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];

/** The AuthInfo of a bearer (a key or an app's token); throws AppError `unauthenticated` for any other. */
export async function checkBearer(bearer: string): Promise<AuthInfo> {
  const credential: Credential = { kind: isAppToken(bearer) ? "app" : "key", authorization: `Bearer ${bearer}` };
  const actor = await authenticate(credential, new Date());
  const caller: McpCaller = { actor, credential, checkedAt: performance.now() };
  issued.set(caller, caller);
  // a session is bound to the key, or to the grant (an app's token changes at every refresh)
  const binding = actor.app ? callerKey(actor) : bearer;
  return {
    token: binding,
    clientId: actor.app?.clientId ?? actor.apiKeyId ?? actor.userId,
    scopes: [...(actor.scopes ?? [])],
    extra: { caller },
  };
}

/**
 * Step-up (MCP authorization §10.1): an app whose token lacks the scope a tool needs is answered
 * 403 insufficient_scope, naming what it holds plus what the call needs, so its client can ask the
 * person for more. A key has no one to ask: its call reaches the pipeline and gets the error result.
 */
export function insufficientScope(request: Request, actor: Actor, needed: string): Response | undefined {
  if (!needsStepUp(actor, needed) || actor.scopes === null) return undefined;
  const scopes = [...new Set([...actor.scopes, needed])];
  return challenge(request, 403, {
    error: "insufficient_scope",
    description: `This call needs the ${needed} scope`,
    scopes,
  });
}

/** Whether an app's token lacks `needed` (a key's call goes on to the pipeline's own refusal). */
export const needsStepUp = (actor: Actor, needed: string): boolean =>
  Boolean(actor.app) && actor.scopes !== null && !actor.scopes.some((scope) => scope === needed);

declare global {
  interface Request {
    /** set by the door once the caller is known (mcpDoor), read by http.ts */
    auth?: AuthInfo;
  }
}
