// URL-mode elicitation (MCP 2025-11-25; in-band on 2026-07-28): a client that declares
// `elicitation.url` is handed a link to our confirm page (app/confirm/[id]) rather than a dialog.
// The call is parked as for the MCP Apps view (lib/pending/store.ts, its token sealed at rest),
// bound to "page:" + the caller, so neither the view's confirmation_decide nor the chat can decide
// it: only its person, signed in, on the page. The page records the approval; the tool call that
// asked, waiting meanwhile, runs the write with its own credential (its key's scopes, its audit,
// its idempotency key) and stores the outcome the page shows. The link and the state name the
// parked call only; the token never leaves the server.
import { randomUUID } from "node:crypto";
import {
  inputRequired,
  type CallToolResult,
  type InputRequest,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { config } from "../config";
import type { Actor } from "../contract/context";
import type { Capability } from "../contract/define";
import type { AppError } from "../contract/errors";
import { resolveBrandAccess } from "../core/access";
import { callerKey } from "../core/auth";
import { personCaller } from "../core/person-confirmation";
import { canonicalJson } from "../crypto";
import type { ToolEnvelope } from "../pending/envelope";
import { claim, createPending, findPending, storeOutcome } from "../pending/store";
import { expiredEnvelope } from "../pending/truth";
import type { McpCaller } from "./auth";
import { sealConfirmation, type ConfirmationState } from "./confirmation";
import { errorResult } from "./schema";

export type PageState = Extract<ConfirmationState, { pendingId: string }>;
/** What the door's pipeline call gives back for the confirmed write, as the client's result and as the page's outcome. */
export type ConfirmedWrite = (token: string) => Promise<{ result: CallToolResult; envelope: ToolEnvelope }>;

// one round of waiting stays under the SDK clients' 60 s request timeout; a round that sees no
// decision hands the client its state back to call again (input_required with requestState only)
const ROUND_MS = 40_000;
const POLL_MS = 400;

export const confirmPagePath = (pendingId: string) => `/confirm/${pendingId}`;
const pageCaller = (actor: Actor) => `page:${callerKey(actor)}`;
export const isPageCall = (caller: string | null) => caller?.startsWith("page:") === true;

/** The elicitation modes a client declared (an empty `elicitation` object means form, 2025-11-25). */
export function elicitationModes(capabilities: { elicitation?: unknown } | undefined): { form: boolean; url: boolean } {
  const declared = capabilities?.elicitation;
  if (typeof declared !== "object" || declared === null) return { form: false, url: false };
  const { form, url } = declared as { form?: unknown; url?: unknown };
  return { form: form !== undefined || url === undefined, url: url !== undefined };
}

/** Parks the call for the page and sends the person there; undefined for a call that cannot be parked (no brand). */
export async function askOnPage(
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  error: AppError,
  ctx: ServerContext,
): Promise<InputRequiredResult | undefined> {
  const { confirmationToken, summary, expiresAt } = error.details;
  if (!confirmationToken || !summary || !expiresAt || typeof args.brand !== "string") return undefined;
  const { brand } = await resolveBrandAccess(caller.actor, args.brand);
  const { brand: _brand, confirmationToken: _token, ...input } = args;
  const pendingId = await createPending(
    {
      userId: caller.actor.userId,
      brandId: brand.id,
      capabilityId: capability.id,
      input: canonicalJson(input),
      token: confirmationToken,
      summary,
      expiresAt: new Date(expiresAt),
      toolCallId: null,
      door: "mcp",
      conversationId: null,
      caller: pageCaller(caller.actor),
    },
    new Date(),
  );
  const url = new URL(confirmPagePath(pendingId), config().APP_URL).toString();
  return elicitPage(caller, capability, args, { pendingId, summary, exp: Date.parse(expiresAt) }, url, ctx);
}

/** A write its credential parked for its person: the same page, the same wait, the person's decision runs it. */
export const askPersonOnPage = elicitPage;

function elicitPage(
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  { pendingId, summary, exp }: Omit<PageState, "elicitationId">,
  url: string,
  ctx: ServerContext,
): InputRequiredResult {
  const message = `Please confirm in your browser, signed in to Brand Operations: ${summary}`;
  // a 2025 session gets the elicitationId its completion notification names; 2026 has neither
  const elicitationId = ctx.mcpReq.envelope === undefined ? randomUUID() : undefined;
  const ask: InputRequest = elicitationId
    ? { method: "elicitation/create", params: { mode: "url", message, url, elicitationId } }
    : inputRequired.elicitUrl({ message, url });
  const state: PageState = { pendingId, summary, exp, ...(elicitationId ? { elicitationId } : {}) };
  return inputRequired({
    inputRequests: { confirm: ask },
    requestState: sealConfirmation(caller.actor, capability.id, args, state),
  });
}

/**
 * The call comes back (the person consented to open the link, or a round of waiting ended): wait
 * for their decision on the page, then run the write as this caller, or say why nothing was written.
 */
export async function resumeOnPage(
  server: McpServer,
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  state: PageState,
  declinedLink: boolean,
  ctx: ServerContext,
  write: ConfirmedWrite,
): Promise<CallToolResult | InputRequiredResult> {
  const userId = caller.actor.userId;
  const requestId = randomUUID();
  // a write parked for its person stays in their list: only their decision there ends it
  const forPerson = (await findPending(state.pendingId, userId))?.caller === personCaller(caller.actor);
  if (declinedLink && forPerson) {
    const message = `Not opened: the write still waits for the person in Brand Operations (${new URL(confirmPagePath(state.pendingId), config().APP_URL)}). Ask the tool confirmations_get with confirmationId "${state.pendingId}" for the outcome`;
    return errorResult({
      ok: false,
      error: { code: "confirmation_required", message, summary: state.summary, requestId },
    });
  }
  if (declinedLink && (await claim(state.pendingId, userId, "declined", new Date())).won) {
    const outcome: ToolEnvelope = { status: "declined", capabilityId: capability.id, summary: state.summary };
    await storeOutcome(state.pendingId, outcome);
  }
  const deadline = Date.now() + ROUND_MS;
  for (;;) {
    const now = new Date();
    const call = await findPending(state.pendingId, userId);
    // its own page call, or a call its credential parked for its person (run by the person's decision)
    if (!call || (call.caller !== pageCaller(caller.actor) && call.caller !== personCaller(caller.actor)))
      return resultOf(expiredEnvelope(capability.id, state.summary, requestId));
    if (call.status === "approved") {
      const { won, token } = await claim(call.id, userId, "confirmed", now, "approved");
      if (won && token) {
        const { result, envelope } = await write(token);
        await storeOutcome(call.id, envelope.status === "ok" ? { ...envelope, summary: call.summary } : envelope);
        notifyComplete(server, state, ctx);
        return result;
      }
    } else if (call.outcome) {
      return resultOf(call.outcome);
    } else if (call.status === "pending" && call.expiresAt <= now) {
      if ((await claim(call.id, userId, "expired", now)).won)
        await storeOutcome(call.id, expiredEnvelope(capability.id, call.summary, requestId));
      continue;
    }
    if (Date.now() >= deadline)
      return inputRequired({ requestState: sealConfirmation(caller.actor, capability.id, args, state) });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (ctx.mcpReq.signal.aborted) throw ctx.mcpReq.signal.reason;
  }
}

/** What the page's decision became, as the tool's result (the API door's data, or its error body). */
function resultOf(outcome: ToolEnvelope): CallToolResult {
  if (outcome.status === "ok") {
    const data = outcome.data as Record<string, unknown>;
    return { structuredContent: data, content: [{ type: "text", text: JSON.stringify(data) }] };
  }
  if (outcome.status === "declined") {
    const message = "The person declined the confirmation: nothing was written";
    return errorResult({ ok: false, error: { code: "confirmation_required", message, summary: outcome.summary } });
  }
  if (outcome.status === "error") return errorResult({ ok: false, error: outcome.error });
  return errorResult({ ok: false, error: { code: "unavailable", message: "Still waiting for the person" } });
}

/** The spec's SHOULD (2025-11-25): tell the client the out-of-band interaction ended; best effort. */
function notifyComplete(server: McpServer, state: PageState, ctx: ServerContext): void {
  if (!state.elicitationId) return;
  try {
    void server.server
      .createElicitationCompletionNotifier(state.elicitationId, { relatedRequestId: ctx.mcpReq.id })()
      .catch(() => undefined);
  } catch {
    // a client that stopped declaring URL mode: nothing to tell
  }
}
