// The two endpoints widgets call by themselves: a capability run as the signed-in person (the same
// route slash commands use) and the person's decision on a pending call. Every failure, including
// a network error or a non-JSON answer, comes back as an error envelope the widget can show.
// Calls are typed by the registry's type map: the id must be a capability's, the input is its input
// and the answer's data its output, as a tRPC client trusts its router's types (the server checked
// the data against that output schema before sending it).
import type { Answer, CallableId, Decision, EnvelopeError, ErrorEnvelope, InputOf } from "./types";
import { isRecord } from "./types";

async function post<Id extends string>(url: string, body: unknown, capabilityId: string): Promise<Answer<Id>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return failure(capabilityId, { code: "unavailable", message: "The service could not be reached" } as EnvelopeError);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok && isRecord(json) && typeof json.status === "string") return json as Answer<Id>;
  // the routes answer 401/404/422 with the API door's error body { ok: false, error }
  const error = isRecord(json) && isRecord(json.error) ? (json.error as EnvelopeError) : undefined;
  return failure(
    capabilityId,
    error ??
      ({
        code: response.status === 401 ? "unauthenticated" : "unavailable",
        message: `HTTP ${response.status}`,
      } as EnvelopeError),
  );
}

function failure(capabilityId: string, error: EnvelopeError): ErrorEnvelope {
  return { status: "error", capabilityId, error };
}

/**
 * Where a slash command's result or a card's action is kept: the open conversation, as the message
 * with this id; for a card's action, the card it came from and the widget it opens.
 */
export type KeptIn = { conversationId: string; messageId: string; from?: string; widget?: string };

/** POST /api/assistant/run: runs a capability directly, with no model and no AI budget. */
export function runCapability<Id extends string>(
  capabilityId: CallableId<Id>,
  brand: string | undefined,
  input: InputOf<Id>,
  keptIn?: KeptIn,
): Promise<Answer<Id>> {
  return post<Id>("/api/assistant/run", { capabilityId, brand: brand || undefined, input, ...keptIn }, capabilityId);
}

/** POST /api/assistant/pending/{pendingId}: the person's Confirm or Cancel. */
export function decidePending<Id extends string>(
  pendingId: string,
  decision: Decision,
  capabilityId: CallableId<Id>,
): Promise<Answer<Id>> {
  return post<Id>(`/api/assistant/pending/${encodeURIComponent(pendingId)}`, { decision }, capabilityId);
}
