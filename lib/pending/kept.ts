// What is kept of an envelope (a pending call's outcome, a conversation's card, what the model is
// handed): the capability's values shown once replaced by the marker (lib/contract/shown-once.ts).
// Only the live answer to the person who confirmed carries them.
import { findCapability } from "../capabilities/registry";
import { withoutShownOnce } from "../contract/shown-once";
import type { ToolEnvelope } from "./envelope";

export function keptEnvelope<T extends ToolEnvelope>(envelope: T): T {
  if (envelope.status !== "ok" || !isObject(envelope.data)) return envelope;
  const data = withoutShownOnce(envelope.data, findCapability(envelope.capabilityId)?.shownOnce);
  return data === envelope.data ? envelope : { ...envelope, data };
}

/** Any stored tool part's output: an envelope is kept without its values shown once; anything else as it is. */
export function keptOutput(output: unknown): unknown {
  return isObject(output) && output.status === "ok" && typeof output.capabilityId === "string"
    ? keptEnvelope(output as ToolEnvelope)
    : output;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
