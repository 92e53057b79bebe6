// The error side of the document: one body schema per code (docs/design.md, errors) and, from a capability's
// catalogue facts, the codes it can answer with (docs/design.md, order of checks). Nothing here is per capability id.
import type { Capability } from "../contract/define";
import { ERROR_STATUS, type ErrorCode } from "../contract/errors";

type Schema = Record<string, unknown>;

const text = (description: string): Schema => ({ type: "string", description });

/** Members beyond code, message and requestId, per code (see AppError's callers). */
const DETAILS: Partial<Record<ErrorCode, { properties: Record<string, Schema>; required?: string[] }>> = {
  invalid_input: {
    properties: {
      field: text(
        "First offending field as a dotted path with numeric indexes, e.g. questions.2.options; body for the body itself",
      ),
      issues: {
        type: "array",
        description: "Every problem found",
        items: {
          type: "object",
          properties: { field: text("Dotted path"), message: text("What is wrong") },
          required: ["field", "message"],
          additionalProperties: false,
        },
      },
      reason: text(
        "Machine-readable cause where the field alone is ambiguous: duplicate, storage_quota_exceeded, size_mismatch, mime_mismatch, not_proposed, already_disconnected, not_available, unknown_provider, already_member, in_the_past, accepted",
      ),
    },
    required: ["field", "issues"],
  },
  not_found: {
    properties: {
      field: text(
        "The referenced id that does not exist in this brand; absent when the capability id itself is unknown",
      ),
    },
  },
  forbidden: {
    properties: {
      field: text(
        "brand, when the brand is unknown or out of the key's reach (no existence oracle); for a team change past the caller's own access, the field asking for it (role, accessUntil; activityId for an undo)",
      ),
      reason: text(
        "A team change past the caller's own access: own_membership (their own role raised or their own end of access moved later), beyond_own_access (an admin whose access ends giving a role or an end beyond theirs: a later end, or none)",
      ),
    },
  },
  insufficient_scope: { properties: { scope: text("The scope the key lacks") }, required: ["scope"] },
  last_admin: { properties: { field: text("userId: the person who is the brand's last admin") } },
  undo_conflict: { properties: { field: text("activityId: the activity that cannot be undone") } },
  undo_expired: { properties: { field: text("activityId: the activity that cannot be undone") } },
  not_undoable: { properties: { field: text("activityId: the activity that cannot be undone") } },
  confirmation_required: {
    properties: {
      summary: text("One human sentence saying exactly what will change"),
      confirmationToken: text(
        "Send it back as confirmationToken with the same input to run the write; single use, 10 minutes. Absent when the write waits for your person (confirmation)",
      ),
      confirmation: {
        type: "object",
        description:
          "Present instead of confirmationToken when your key or app confirms by person: the write waits for its person, who decides at url; confirmations.get with id tells the outcome",
        properties: {
          id: text("The waiting write's id, for confirmations.get (confirmationId)"),
          url: { type: "string", format: "uri", description: "The app's page where the person confirms or declines" },
        },
        required: ["id", "url"],
        additionalProperties: false,
      },
      expiresAt: {
        type: "string",
        format: "date-time",
        description: "When the token expires, or until when the person may decide (ISO 8601 UTC)",
      },
      reason: {
        type: "string",
        enum: ["changed_since", "declined", "expired"],
        description:
          "changed_since: the call came with a token, but the record it changes was changed by another write after its person was asked, so nothing was written; this is the question again, about the record as it is now. declined, expired: the repeat (same Idempotency-Key) of a write its person declined, or did not decide in time; nothing was written",
      },
    },
    required: ["summary", "expiresAt"],
  },
  revision_conflict: {
    properties: {
      currentRevision: { type: "integer", description: "The record's revision now; read it again and retry" },
    },
    required: ["currentRevision"],
  },
  rate_limited: {
    properties: { retryAfterSeconds: { type: "integer", minimum: 1, description: "Equals the Retry-After header" } },
    required: ["retryAfterSeconds"],
  },
  idempotency_key_reused: { properties: { reason: text("other_input, or other_capability") }, required: ["reason"] },
  idempotency_key_in_use: {
    properties: { retryAfterSeconds: { type: "integer", minimum: 1, description: "Equals the Retry-After header" } },
    required: ["retryAfterSeconds"],
  },
  unavailable: {
    properties: { retryAfterSeconds: { type: "integer", minimum: 1, description: "Equals the Retry-After header" } },
    required: ["retryAfterSeconds"],
  },
};

const DESCRIPTION: Record<ErrorCode, string> = {
  unauthenticated: "The key is missing, malformed, unknown, revoked or expired",
  insufficient_scope: "The key lacks this capability's scope",
  forbidden: "No access to this brand (unknown, outside the key's brand list, not a member) or below the minimum role",
  brand_not_operational: "The brand is closed or archived: read-only",
  confirmation_required:
    "This write needs confirmation: call again with the returned confirmationToken, or, when your key or app confirms by person, the write waits for its person (confirmation.url; confirmations.get tells the outcome)",
  revision_conflict: "The record changed since you read it (expectedRevision)",
  invalid_input: "The body or a field is invalid; field and issues say which",
  idempotency_key_reused:
    "This Idempotency-Key was used within 24 hours for a different request (other input or another capability): choose a new key",
  idempotency_key_in_use:
    "The first call with this Idempotency-Key is still running: retry after Retry-After seconds to get its answer",
  webhook_endpoint_limit:
    "The brand has as many webhook endpoints as it may have (20 unless the operator set another bound): remove one before adding another",
  last_admin:
    "The change would leave the brand without an admin whose access has no end: make another person admin first",
  undo_conflict:
    "The activity cannot be undone: a record it changed has changed since (the message names what, when and by whom), or restoring it would break a rule that holds now",
  undo_expired: "The activity is older than the undo window (UNDO_WINDOW_HOURS, 24 unless the operator set another)",
  not_undoable: "This activity cannot be taken back; the message says why",
  budget_exceeded: "The brand's monthly AI budget is spent",
  rate_limited: "Too many calls for this key; retry after Retry-After seconds",
  not_found: "The capability id is unknown here, or a referenced record does not exist in this brand",
  internal: "An unexpected fault; the body carries only the request id",
  unavailable: "A required service (the database) cannot be reached right now; retry after Retry-After seconds",
};

export const errorSchemaName = (code: ErrorCode) => `Error_${code}`;

/** components.schemas entries: one `{ ok: false, error }` body per code, for the codes used. */
export function errorSchemas(codes: readonly ErrorCode[]): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (const code of (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((known) => codes.includes(known))) {
    const details = DETAILS[code] ?? { properties: {} };
    schemas[errorSchemaName(code)] = {
      type: "object",
      description: DESCRIPTION[code],
      properties: {
        ok: { type: "boolean", const: false },
        error: {
          type: "object",
          properties: {
            code: { type: "string", const: code },
            message: text(code === "internal" ? "Always Unexpected error" : "For humans; may change"),
            ...details.properties,
            requestId: text("Equals the X-Request-Id header"),
          },
          required: ["code", "message", ...(details.required ?? []), "requestId"],
          additionalProperties: false,
        },
      },
      required: ["ok", "error"],
      additionalProperties: false,
    };
  }
  return schemas;
}

export function errorDescription(code: ErrorCode): string {
  return DESCRIPTION[code];
}

/** Every code a capability can answer with, derived from its catalogue facts (docs/design.md, order of checks). */
export function errorCodesOf(capability: Capability, inputSchema: Schema): ErrorCode[] {
  const codes: ErrorCode[] = ["unauthenticated", "rate_limited", "not_found", "invalid_input"];
  if (capability.scope) codes.push("insufficient_scope");
  if (capability.brandScoped) codes.push("forbidden");
  if (capability.kind === "write")
    codes.push("brand_not_operational", "idempotency_key_in_use", "idempotency_key_reused");
  if (capability.confirmation) codes.push("confirmation_required");
  if (hasProperty(inputSchema, "expectedRevision")) codes.push("revision_conflict");
  codes.push(...(capability.limits ?? []));
  // budget_exceeded: no capability uses the model itself; only the assistant door meters it (docs/design.md, plans and the AI budget)
  codes.push("internal", "unavailable");
  return codes;
}

function hasProperty(schema: Schema, name: string): boolean {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (properties && name in properties) return true;
  return ((schema.oneOf ?? schema.anyOf ?? []) as Schema[]).some((option) => hasProperty(option, name));
}
