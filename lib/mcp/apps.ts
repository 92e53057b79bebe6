// MCP Apps (the extension io.modelcontextprotocol/ui, spec 2026-01-26) in the MCP door. Only for a
// host that declares the extension with the view MIME type: its tools name their widget's view, the
// model gets a short sentence in `content` while the view gets the full data, and a write that needs
// the person's confirmation is parked server-side (lib/pending/store.ts, bound to this caller)
// with its handle only in the result's `_meta`, for the view's Confirm to hand to the app-only tool
// confirmation_decide. Every other client sees the door exactly as before (lib/doors/mcp.ts).
import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server";
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Capability } from "../contract/define";
import { resolveBrandAccess } from "../core/access";
import { callerKey } from "../core/auth";
import { canonicalJson } from "../crypto";
import type { AppError } from "../contract/errors";
import { createPending } from "../pending/store";
import type { McpCaller } from "./auth";
import { CAPABILITY_META_KEY, PENDING_META_KEY } from "./apps-meta";

export const VIEW_URI_PREFIX = "ui://brand-operations/";

export const viewUri = (widget: string) => `${VIEW_URI_PREFIX}${widget}`;

/** Whether the client declared MCP Apps with the view MIME type (in `initialize` or this request's envelope). */
export function rendersViews(clientCapabilities: unknown): boolean {
  const ui = getUiCapability(clientCapabilities as Parameters<typeof getUiCapability>[0]);
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/** A tool's `_meta` pointing at its widget's view (both spellings, as registerAppTool writes them). */
export function viewMeta(widget: string) {
  const resourceUri = viewUri(widget);
  return { ui: { resourceUri }, [RESOURCE_URI_META_KEY]: resourceUri };
}

/** A successful result for a view host: the data for the view, one sentence for the model. */
export function viewResult(capability: Capability, data: Record<string, unknown>): CallToolResult {
  return {
    structuredContent: data,
    content: [{ type: "text", text: sentenceFor(capability, data) }],
    _meta: { [CAPABILITY_META_KEY]: capability.id },
  };
}

/**
 * A write awaiting the person: parked with its token sealed at rest, bound to this caller, its
 * handle in `_meta` only. The model reads that the person is being asked and what would change.
 */
export async function parkForView(
  caller: McpCaller,
  capability: Capability,
  args: Record<string, unknown>,
  error: AppError,
  requestId: string,
): Promise<CallToolResult | undefined> {
  const { confirmationToken, summary, expiresAt } = error.details;
  if (!confirmationToken || !summary || !expiresAt || typeof args.brand !== "string") return undefined;
  const now = new Date();
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
      caller: callerKey(caller.actor),
    },
    now,
  );
  return awaitingInView(capability, pendingId, summary, expiresAt, requestId);
}

/**
 * A write its credential parked for its person (lib/core/person-confirmation.ts), shown in the
 * view: its Confirm decides it through confirmation_decide as the person's page would.
 */
export function viewForPerson(
  capability: Capability,
  error: AppError,
  pendingId: string,
  requestId: string,
): CallToolResult {
  const { summary = "", expiresAt = new Date().toISOString() } = error.details;
  return awaitingInView(capability, pendingId, summary, expiresAt, requestId);
}

function awaitingInView(
  capability: Capability,
  pendingId: string,
  summary: string,
  expiresAt: string,
  requestId: string,
): CallToolResult {
  const message = "Waiting for the person to confirm in the view; nothing is written until they do";
  return {
    isError: true,
    structuredContent: { ok: false, error: { code: "confirmation_required", message, summary, expiresAt, requestId } },
    content: [{ type: "text", text: `${message}. Proposed: ${summary}` }],
    _meta: { [PENDING_META_KEY]: { pendingId, summary, expiresAt }, [CAPABILITY_META_KEY]: capability.id },
  };
}

/** "Read the brand kit: 4 colors, 2 typography, 3 logos; shown to the person in the palette view." */
function sentenceFor(capability: Capability, data: Record<string, unknown>): string {
  const counts = Object.entries(data)
    .filter(([, value]) => Array.isArray(value))
    .map(([key, value]) => `${(value as unknown[]).length} ${key}`);
  const more = typeof data.nextCursor === "string" ? " (more on the next page)" : "";
  const shown = capability.widget ? `; shown to the person in the ${capability.widget} view` : "";
  return `${capability.title}: ${counts.length > 0 ? counts.join(", ") : "done"}${more}${shown}.`;
}
