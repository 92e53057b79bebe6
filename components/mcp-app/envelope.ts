// A tool result as the MCP door hands it to an MCP Apps host, read back into the envelope the
// widgets already understand (lib/assistant/envelope.ts): the data, an error body, or a write
// parked for the person (its handle in `_meta`, lib/doors/mcp-apps.ts).
import { isRecord, type EnvelopeError, type ToolEnvelope } from "../widgets/types";

/** lib/doors/mcp-apps.ts PENDING_META_KEY (the view bundle does not import server code) */
export const PENDING_META_KEY = "brand-operations/pending";

export type ToolResultLike = { isError?: boolean; structuredContent?: unknown; content?: unknown; _meta?: unknown };

export function envelopeOfResult(capabilityId: string, result: ToolResultLike): ToolEnvelope {
  const pending = isRecord(result._meta) ? result._meta[PENDING_META_KEY] : undefined;
  if (isRecord(pending) && typeof pending.pendingId === "string" && typeof pending.summary === "string") {
    return { status: "awaiting_confirmation", capabilityId, pendingId: pending.pendingId, summary: pending.summary, expiresAt: typeof pending.expiresAt === "string" ? pending.expiresAt : "" };
  }
  const body = result.structuredContent;
  if (result.isError) {
    const error = isRecord(body) && isRecord(body.error) ? (body.error as EnvelopeError) : ({ code: "unavailable", message: textOf(result) || "The call failed" } as EnvelopeError);
    return { status: "error", capabilityId, error };
  }
  return { status: "ok", capabilityId, data: body ?? {} };
}

/** The decision tool's answer: the outcome envelope it carries, or its error. */
export function envelopeOfDecision(capabilityId: string, result: ToolResultLike): ToolEnvelope {
  const outcome = isRecord(result.structuredContent) ? result.structuredContent.outcome : undefined;
  if (!result.isError && isRecord(outcome) && typeof outcome.status === "string") return outcome as ToolEnvelope;
  return envelopeOfResult(capabilityId, { ...result, isError: true });
}

function textOf(result: ToolResultLike): string {
  return Array.isArray(result.content) ? result.content.map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : "")).join(" ").trim() : "";
}
