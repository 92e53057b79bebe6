// The Idempotency-Key of every write in the document (lib/core/idempotent-call.ts): the request
// header, and the Idempotent-Replayed header on the answers a retry can be given again.
import type { ErrorCode } from "../contract/errors";

/**
 * Refusals a retry is given again: those of the confirmation's checks and the execution
 * (docs/design.md, order of checks: steps 9 and 10).
 */
const REPLAYED: readonly ErrorCode[] = [
  "not_found",
  "invalid_input",
  "revision_conflict",
  "webhook_endpoint_limit",
  "last_admin",
];

export const idempotencyComponents = {
  parameters: {
    "Idempotency-Key": {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Makes this write safe to retry. A retry with the same key and the same body within 24 hours (kept per caller and brand) gets the first call's final answer " +
        "again (status and body, with Idempotent-Replayed: true) and writes nothing; the same key with another body or capability is 422 idempotency_key_reused; " +
        "while the first call still runs, 409 idempotency_key_in_use with Retry-After. confirmationToken is not part of the compared body. " +
        "Answers that a retry can change (confirmation_required, 429, 5xx) are not kept.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
      example: "6f1c2a7e-order-42",
    },
  },
  headers: {
    "Idempotent-Replayed": {
      description:
        "true when this answer is the stored answer of an earlier call with the same Idempotency-Key (its X-Request-Id included); absent otherwise",
      schema: { type: "string", const: "true" },
    },
  },
};

type Response = { headers: Record<string, unknown> };

/** A write operation's header parameter, and the replay header on each status a retry can be answered with again. */
export function withIdempotencyKey<R extends Response>(
  responses: Record<string, R>,
  codesOf: (status: string) => ErrorCode[],
) {
  const replayable = (status: string) => status === "200" || codesOf(status).some((code) => REPLAYED.includes(code));
  const marked = (response: R): R => ({
    ...response,
    headers: { ...response.headers, "Idempotent-Replayed": { $ref: "#/components/headers/Idempotent-Replayed" } },
  });
  return {
    parameters: [{ $ref: "#/components/parameters/Idempotency-Key" }],
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [status, replayable(status) ? marked(response) : response]),
    ),
  };
}
