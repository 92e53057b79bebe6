// A tool result as the MCP door hands it to an MCP Apps host, read back into the envelope the
// widgets already understand (lib/pending/envelope.ts): the data, an error body, or a write
// parked for the person (its handle in `_meta`, lib/mcp/apps.ts).
import { CAPABILITY_META_KEY, PENDING_META_KEY } from "@/lib/mcp/apps-meta";
import { isRecord, type EnvelopeError, type ToolEnvelope } from "../widgets/types";

export type ToolResultLike = { isError?: boolean; structuredContent?: unknown; content?: unknown; _meta?: unknown };

/** The capability that answered, as the door names it in `_meta`, else the caller's guess. */
export function capabilityOfResult(result: ToolResultLike, guess: string): string {
  const named = isRecord(result._meta) ? result._meta[CAPABILITY_META_KEY] : undefined;
  return typeof named === "string" ? named : guess;
}

export function envelopeOfResult(capabilityId: string, result: ToolResultLike): ToolEnvelope {
  const pending = isRecord(result._meta) ? result._meta[PENDING_META_KEY] : undefined;
  if (isRecord(pending) && typeof pending.pendingId === "string" && typeof pending.summary === "string") {
    return {
      status: "awaiting_confirmation",
      capabilityId,
      pendingId: pending.pendingId,
      summary: pending.summary,
      expiresAt: typeof pending.expiresAt === "string" ? pending.expiresAt : "",
    };
  }
  const body = result.structuredContent;
  if (result.isError) {
    const error =
      isRecord(body) && isRecord(body.error)
        ? (body.error as EnvelopeError)
        : ({ code: "unavailable", message: textOf(result) || "The call failed" } as EnvelopeError);
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
  return Array.isArray(result.content)
    ? result.content
        .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
        .join(" ")
        .trim()
    : "";
}
