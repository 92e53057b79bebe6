// Event types a caller names (events.list's filter, a webhook endpoint's subscription) must be in
// the catalogue: a misspelt type would otherwise match nothing, silently, forever.
import { invalidInput } from "../../../contract/errors";

/** Refuses with invalid_input naming `field` when a type is not in `known` ("*" passes: every type). */
export function requireKnownEventTypes(known: readonly string[], types: readonly string[], field: string): void {
  const unknown = types.filter((type) => type !== "*" && !known.includes(type));
  if (unknown.length === 0) return;
  throw invalidInput(
    field,
    `not an event type: ${unknown.join(", ")}. The types are those of the OpenAPI document's webhooks, such as kit.color.added.`,
    { reason: "unknown_event_type" },
  );
}
