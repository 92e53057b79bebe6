import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { SCOPES, type Scope } from "../../contract/catalogue";
import { defineCapability } from "../../contract/define";
import { AppError } from "../../contract/errors";
import { isUniqueViolation } from "../../db/errors";
import { readRow, restoreRow, ROW_MODELS } from "../../db/rows";
import { recordId, writeOutput } from "../schemas";
import { AROUND_RESTORE } from "./shared/undo-around";
import { changesOf, undoRefusal, type Entry } from "./shared/undo-state";
import { restoreInWords } from "./shared/undo-words";

/** The entry of this brand, or not_found (another brand's entry too: no existence oracle). */
async function findEntry(ctx: BrandContext, activityId: string) {
  const entry = await ctx.db.auditEntry.findFirst({
    where: { id: activityId, brandId: ctx.brand.id },
    select: { id: true, at: true, capabilityId: true, outcome: true, userId: true, summary: true },
  });
  if (!entry) throw new AppError("not_found", `No activity ${activityId} in this brand`, { field: "activityId" });
  return entry;
}

/**
 * The undone write's own scope: taking a write back is that write again (extraScopes below); any
 * write's, so every write scope (test/unit/registry.test.ts holds each undoable write's among them).
 */
const WRITE_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope.endsWith(".write"));

/** The entry, once nothing refuses undoing it now (its write's own scope is checked before: extraScopes). */
async function undoable(ctx: BrandContext, activityId: string) {
  const entry = await findEntry(ctx, activityId);
  const refusal = await undoRefusal(ctx, entry satisfies Entry, true);
  if (refusal) throw refusal;
  return { entry, changes: (await changesOf(ctx, entry.id)).changed };
}

export const activityUndo = defineCapability({
  id: "activity.undo",
  kind: "write",
  scope: "activity.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Undo an activity",
  description:
    "Takes back one earlier write of the brand (an activity.list item whose undo.available is true): the records it " +
    "changed are restored as they were, with the same ids; revisions move on. Refused with undo_conflict when a " +
    "record changed since or a rule holds now, undo_expired after the undo window, not_undoable for writes that " +
    "cannot be taken back (the message says why). The undo is an activity of its own: undoing it redoes the write.",
  input: z
    .object({
      activityId: recordId().describe("The activity.list item's id (activity.list's requestId filter finds your own)"),
    })
    .strict(),
  output: writeOutput,
  limits: ["undo_conflict", "undo_expired", "not_undoable"],
  extraScopes: {
    among: WRITE_SCOPES,
    when: "undoing a write: its own scope",
    of: async (ctx, input) => {
      const scope = ctx.capabilityFacts((await findEntry(ctx, input.activityId)).capabilityId)?.scope;
      return scope ? [scope] : [];
    },
  },
  events: {
    types: {
      "activity.undone": {
        description: "An earlier write was undone: the records it changed are as they were before it",
        data: z
          .object({
            activityId: z.uuid().describe("The undone activity's id"),
            capabilityId: z.string().describe("What the undone activity did, e.g. kit.colors.add"),
            eventId: z.string().nullable().describe("The event the undone activity recorded, or null"),
          })
          .strict(),
      },
    },
    async emit(ctx, input) {
      const entry = await findEntry(ctx, input.activityId);
      const first = await ctx.db.activityChange.findFirst({
        where: { auditEntryId: entry.id },
        select: { eventId: true },
      });
      return {
        type: "activity.undone",
        data: { activityId: entry.id, capabilityId: entry.capabilityId, eventId: first?.eventId ?? null },
      };
    },
  },
  touched: (input) => ({ kind: "activity", id: input.activityId }),
  undo: {
    // the rows the undone write changed, which this undo changes back (undoing it redoes that write)
    records: async (ctx, input) => (await changesOf(ctx, input.activityId)).changed.map((change) => change.ref),
  },
  async summarize(ctx, input) {
    const { entry, changes } = await undoable(ctx, input.activityId);
    const steps = await Promise.all(
      changes.map(async (change) => {
        const model = ROW_MODELS[change.ref.model];
        return restoreInWords(change.ref.model, change.before, await readRow(ctx.db, change.ref), "retire" in model);
      }),
    );
    const what = entry.summary ?? ctx.capabilityTitle(entry.capabilityId) ?? "an earlier change";
    return `Undo "${what.replace(/\.$/, "")}": ${steps.filter(Boolean).join("; ")}.`;
  },
  async check(ctx, input) {
    await undoable(ctx, input.activityId);
  },
  async execute(ctx, input) {
    const { changes } = await undoable(ctx, input.activityId);
    // last change first: a row created after another it depends on goes before it
    for (const change of changes.toReversed()) {
      const around = AROUND_RESTORE[change.ref.model];
      try {
        await around?.before?.(ctx.db, change.ref);
        await restoreRow(ctx.db, change.ref, change.before, await readRow(ctx.db, change.ref));
        await around?.after?.(ctx.db, change.ref, change.before);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("undo_conflict", "This cannot be undone: a record it brings back exists again since.", {
            field: "activityId",
          });
        throw error;
      }
    }
    return { ok: true as const, id: ctx.activityId };
  },
});
