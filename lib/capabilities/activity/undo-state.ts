// Whether one activity entry can be undone now, and if not, why in words (issue 41.3): the checks
// activity.undo runs before asking to confirm and again in its transaction, and activity.list
// shows per item.
import type { BrandContext } from "../../contract/context";
import { AppError } from "../../contract/errors";
import { changedColumns, decodeRow, isRowModel, keyText, readRow, refOf } from "../../db/rows";
import type { RecordRef, Row } from "../../db/rows";
import { config } from "../../config";
// people read these sentences in the app as well as integrators: the house's one date format
import { dateInWords } from "../../words/date-words";
import { brokenRule } from "./undo-rules";
import { columnInWords, recordInWords } from "./undo-words";

export type Entry = { id: string; at: Date; capabilityId: string; outcome: string; userId: string | null };
export type Change = { ref: RecordRef; before: Row | null; after: Row | null; eventId: string | null };

/** The rows an entry changed, in the order it named them (rows it only read are left out). */
export async function changesOf(ctx: BrandContext, entryId: string): Promise<{ all: number; changed: Change[] }> {
  const rows = await ctx.db.activityChange.findMany({ where: { auditEntryId: entryId }, orderBy: { position: "asc" } });
  const changed = rows.flatMap((row) => {
    if (!isRowModel(row.model)) return [];
    const change = {
      ref: refOf(row.model, row.recordKey),
      before: decodeRow(row.before),
      after: decodeRow(row.after),
      eventId: row.eventId,
    };
    return changedColumns(row.model, change.before, change.after).length ? [change] : [];
  });
  return { all: rows.length, changed };
}

const notUndoable = (message: string) => new AppError("not_undoable", message, { field: "activityId" });

/**
 * Why the entry cannot be undone now, or undefined: in the order the cheapest answer comes first, so
 * activity.list reads an old or refused entry's changes not at all. The rules a restore must keep
 * are asked too, so the list offers no Undo that would then be refused; `asWrite`: the undo itself,
 * which holds each rule's lock while it asks.
 */
export async function undoRefusal(ctx: BrandContext, entry: Entry, asWrite: boolean): Promise<AppError | undefined> {
  if (entry.outcome === "replayed")
    return notUndoable("This repeated an earlier call and changed nothing itself: undo that earlier call instead.");
  if (entry.outcome !== "ok") return notUndoable("This was refused and changed nothing.");
  const facts = ctx.capabilityFacts(entry.capabilityId);
  if (!facts?.undoable) return notUndoable(facts?.notUndoable ?? "This kind of change cannot be taken back.");
  const hours = config().UNDO_WINDOW_HOURS;
  if (ctx.now.getTime() - entry.at.getTime() > hours * 3_600_000)
    return new AppError(
      "undo_expired",
      `This was done on ${dateInWords(entry.at)}; a change can be undone for ${hours} hours after it was made.`,
      { field: "activityId" },
    );
  const captured = await changesOf(ctx, entry.id);
  if (captured.all === 0)
    return notUndoable("This was done before the service kept what each change did, so it cannot be taken back.");
  const reasons: string[] = [];
  for (const change of captured.changed) {
    const now = await readRow(ctx.db, change.ref);
    const moved = changedColumns(change.ref.model, now, change.after);
    if (moved.length) reasons.push(await changedSince(ctx, entry, change, now, moved));
    else {
      const broken = await brokenRule(ctx, change.ref.model, change.before, now, asWrite);
      if (broken)
        reasons.push(`${capitalized(recordInWords(change.ref.model, change.before!))} cannot come back: ${broken}`);
    }
  }
  if (!reasons.length) return undefined;
  return new AppError("undo_conflict", `This cannot be undone: ${reasons.join("; ")}.`, { field: "activityId" });
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** What changed on one record since, when and by whom: the latest later write of it, when one was kept. */
async function changedSince(ctx: BrandContext, entry: Entry, change: Change, now: Row | null, moved: string[]) {
  const row = now ?? change.after ?? change.before!;
  const what = !now
    ? "was removed since"
    : !change.after
      ? "exists again since"
      : `changed since (its ${[...new Set(moved.map(columnInWords))].join(", ")})`;
  const later = await ctx.db.activityChange.findFirst({
    where: {
      brandId: ctx.brand.id,
      model: change.ref.model,
      recordKey: keyText(change.ref),
      at: { gte: entry.at },
      auditEntryId: { not: entry.id },
    },
    orderBy: { at: "desc" },
    include: { auditEntry: { select: { at: true, capabilityId: true, userId: true } } },
  });
  const by = later ? await who(ctx, later.auditEntry.userId) : undefined;
  const when = later
    ? ` (${ctx.capabilityTitle(later.auditEntry.capabilityId) ?? "a change"} on ${dateInWords(later.auditEntry.at)}${by ? ` by ${by}` : ""})`
    : "";
  return `${recordInWords(change.ref.model, row)} ${what}${when}`;
}

async function who(ctx: BrandContext, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined;
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { name: true } });
  return user?.name;
}
