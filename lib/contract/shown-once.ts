// Values shown once (a webhook's signing secret; API keys and invitation links alike): a capability
// names them in `shownOnce` (define.ts), and they reach the person or the API caller in the live
// answer only. Whatever is kept of an answer (a conversation's card, a pending call's outcome, what
// the model reads next turn) holds this marker in their place; an Idempotency-Key's stored answer
// holds them sealed (lib/core/idempotent-call.ts), so a retry still gets them. Pure: widgets read it.

/** What a kept copy of an answer says where a value shown once was. */
export const SHOWN_ONCE_GONE = "(shown once; no longer available)";

/** The answer with each named field present replaced by the marker; the same object when none is. */
export function withoutShownOnce<T extends Record<string, unknown>>(data: T, fields: readonly string[] = []): T {
  const present = fields.filter((field) => Object.hasOwn(data, field) && data[field] !== SHOWN_ONCE_GONE);
  if (present.length === 0) return data;
  return { ...data, ...Object.fromEntries(present.map((field) => [field, SHOWN_ONCE_GONE])) };
}

/** Only the named fields present in the answer (what is sealed for a replay), or undefined when none is. */
export function shownOnceOf(
  data: Record<string, unknown>,
  fields: readonly string[] = [],
): Record<string, unknown> | undefined {
  const present = fields.filter((field) => Object.hasOwn(data, field));
  return present.length === 0 ? undefined : Object.fromEntries(present.map((field) => [field, data[field]]));
}
