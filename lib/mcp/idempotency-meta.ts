// The MCP door's Idempotency-Key (docs/design.md, idempotency): a `_meta` entry of tools/call, so
// no tool's input schema grows a field (what model providers and hosts are shown stays as it is),
// and the mark of a replayed result in the result's `_meta`, as the API door's Idempotent-Replayed
// header.
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { IdempotencyKeyInput } from "../core/idempotent-call";

export const IDEMPOTENCY_KEY_META = "idempotencyKey";
export const REPLAYED_META = "idempotentReplayed";

/** The key a tools/call carries in its `_meta`, as the pipeline takes it (validated there). */
export function idempotencyKeyOf(meta: Record<string, unknown> | undefined): IdempotencyKeyInput | undefined {
  const value = meta?.[IDEMPOTENCY_KEY_META];
  return value === undefined ? undefined : { value, field: `_meta.${IDEMPOTENCY_KEY_META}` };
}

/** A result that is the stored answer of an earlier call with the same key says so. */
export function markReplay(result: CallToolResult, replayed: boolean): CallToolResult {
  return replayed ? { ...result, _meta: { ...result._meta, [REPLAYED_META]: true } } : result;
}
