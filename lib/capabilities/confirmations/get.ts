import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { callerKey } from "../../contract/context";
import { notFound } from "../../contract/errors";

// How a caller whose write waits for its person (confirmBy "person", or a confirm page it sent the
// person to) learns what became of it. Only the caller's own: another key's or app's id, like an
// unknown one, is not_found (no existence oracle). Statuses, from the parked call's stored truth:
// waiting for the person, running (confirmed, the write not back yet), done (its output in
// `result`), failed (its refusal in `error`, e.g. revision_conflict), declined, expired.
const STATUSES = ["waiting", "running", "done", "failed", "declined", "expired"] as const;
type Status = (typeof STATUSES)[number];

const output = z
  .object({
    confirmationId: z.string(),
    status: z.enum(STATUSES).describe("Where the write stands"),
    capabilityId: z.string().describe("The capability the write calls"),
    summary: z.string().describe("The sentence the person is asked to confirm"),
    expiresAt: z.iso.datetime().describe("Until when the person may decide"),
    decidedAt: z.iso.datetime().optional().describe("When the person decided, or the wait ended"),
    note: z.string().optional().describe("The person's note with their decision"),
    // free-form objects said as such (`additionalProperties: true`), as events.list's data
    result: z
      .record(z.string(), z.unknown())
      .meta({ additionalProperties: true })
      .optional()
      .describe("The write's own output, when done: what its capability answers"),
    error: z
      .record(z.string(), z.unknown())
      .meta({ additionalProperties: true })
      .optional()
      .describe(
        "The write's refusal when it failed: the API door's error body (code, message, …), e.g. revision_conflict",
      ),
  })
  .strict();

const ID = /^[A-Za-z0-9]{32}$/;

/** What a parked call's stored outcome (lib/pending/envelope.ts) says, as far as this read needs it. */
type StoredOutcome = {
  status: string;
  data?: Record<string, unknown>;
  error?: { code: string; message: string; reason?: unknown };
};

export const confirmationsGet = defineCapability({
  id: "confirmations.get",
  kind: "read",
  // like brands.list: the caller's own calls, whatever its key may do in the brand
  scope: null,
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "record",
  title: "What became of a write waiting for a person",
  description:
    "For a caller whose writes wait for its person (its key or app confirms by person): the status of one such write " +
    "by the confirmation.id its 409 confirmation_required answer gave: waiting, running, done (with the write's own " +
    "output in result), failed (with its refusal in error, e.g. revision_conflict), declined (with the person's note) " +
    "or expired. Read-only; only this caller's own confirmations.",
  input: z
    .object({
      confirmationId: z
        .string()
        .min(1)
        .max(64)
        .describe("error.confirmation.id of the 409 confirmation_required answer"),
    })
    .strict(),
  output,
  async execute(ctx, input) {
    const own = callerKey(ctx.actor);
    const row = ID.test(input.confirmationId)
      ? await ctx.db.pendingCall.findFirst({
          where: {
            id: input.confirmationId,
            brandId: ctx.brand.id,
            userId: ctx.actor.userId,
            caller: { in: [`person:${own}`, `page:${own}`] },
          },
        })
      : null;
    if (!row) throw notFound("confirmationId", "confirmation of this caller in this brand");
    const outcome = row.outcome === null ? null : (parseStored(row.outcome) as StoredOutcome);
    const status = statusOf(row.status, row.expiresAt, ctx.now, outcome);
    return {
      confirmationId: row.id,
      status,
      capabilityId: row.capabilityId,
      summary: row.summary,
      expiresAt: row.expiresAt.toISOString(),
      ...(row.decidedAt ? { decidedAt: row.decidedAt.toISOString() } : {}),
      ...(row.note ? { note: row.note } : {}),
      ...(status === "done" && outcome?.data ? { result: outcome.data } : {}),
      ...(status === "failed" && outcome?.error ? { error: outcome.error } : {}),
    };
  },
});

function statusOf(stored: string, expiresAt: Date, now: Date, outcome: StoredOutcome | null): Status {
  if (outcome?.status === "ok") return "done";
  if (outcome?.status === "declined" || stored === "declined") return "declined";
  if (outcome?.status === "error" && outcome.error)
    // nobody confirmed in time: the stored refusal says so (lib/pending/truth.ts, reason "expired")
    return outcome.error.reason === "expired" ? "expired" : "failed";
  if (stored === "expired") return "expired";
  if (stored === "pending") return expiresAt > now ? "waiting" : "expired";
  // confirmed (or, on a confirm page, approved) and not back yet
  return "running";
}

/** Json on PostgreSQL, text on SQLite. */
const parseStored = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);
