// One error class and one code union: the spec's error table plus the service's additive codes
// (docs/design.md, errors). Doors map an AppError to their own format; nothing else is thrown on
// purpose.

export const ERROR_STATUS = {
  unauthenticated: 401,
  insufficient_scope: 403,
  forbidden: 403,
  brand_not_operational: 409,
  confirmation_required: 409,
  revision_conflict: 409,
  idempotency_key_in_use: 409,
  webhook_endpoint_limit: 409,
  last_admin: 409,
  // activity.undo: a record changed since or a rule holds now; past UNDO_WINDOW_HOURS; cannot be taken back
  undo_conflict: 409,
  undo_expired: 409,
  not_undoable: 409,
  invalid_input: 422,
  idempotency_key_reused: 422,
  budget_exceeded: 402,
  rate_limited: 429,
  not_found: 404,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes of a bound one capability keeps (its catalogue fact `limits`), not implied by the pipeline's steps. */
export type LimitCode = Extract<
  ErrorCode,
  "webhook_endpoint_limit" | "last_admin" | "undo_conflict" | "undo_expired" | "not_undoable"
>;

export type FieldIssue = { field: string; message: string };

/** What a model provider answered when a model call failed: shown to a brand admin only (lib/assistant/provider-failure.ts). */
export type ProviderReport = {
  model: string;
  /** the provider's HTTP status; absent when it never answered (network, timeout) */
  status?: number;
  /** the provider's error code (OpenAI's `code`, else its `type`) */
  code?: string;
  /** the provider's own message, bounded, with anything key-like removed */
  message: string;
  /** the provider's id of the request (OpenAI's x-request-id), to quote to its support */
  requestId?: string;
};

/** Extra members of the error body, per code (docs/design.md, errors). */
export type ErrorDetails = {
  field?: string;
  issues?: FieldIssue[];
  reason?: string;
  scope?: string;
  summary?: string;
  confirmationToken?: string;
  /** a write waiting for the caller's person: where they decide (never with a token) */
  confirmation?: { id: string; url: string };
  expiresAt?: string;
  retryAfterSeconds?: number;
  currentRevision?: number;
  provider?: ProviderReport;
};

/** The `error` member of every door's error body. */
export type ErrorBody = { code: ErrorCode; message: string; requestId: string } & ErrorDetails;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The body every door shows: `{ ok: false, error: { code, message, …details, requestId } }`. */
  toBody(requestId: string): { ok: false; error: ErrorBody } {
    if (this.code === "internal") {
      return { ok: false as const, error: { code: this.code, message: "Unexpected error", requestId } };
    }
    return { ok: false as const, error: { code: this.code, message: this.message, ...this.details, requestId } };
  }
}

export function invalidInput(field: string, message: string, extra: Omit<ErrorDetails, "field"> = {}): AppError {
  return new AppError("invalid_input", `${field}: ${message}`, {
    field,
    issues: [{ field, message }],
    ...extra,
  });
}

export function notFound(field: string, what: string): AppError {
  return new AppError("not_found", `${field}: no ${what} with this id in this brand`, { field });
}

export function revisionConflict(currentRevision: number): AppError {
  return new AppError(
    "revision_conflict",
    `The record changed meanwhile (now at revision ${currentRevision}); read it again and retry`,
    {
      currentRevision,
    },
  );
}
