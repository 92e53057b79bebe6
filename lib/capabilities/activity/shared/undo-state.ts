// Whether one activity entry can be undone now, and if not, why in words: the checks
// activity.undo runs before asking to confirm and again in its transaction, and activity.list
// shows per item.
import type { BrandContext } from "../../../contract/context";
import { AppError } from "../../../contract/errors";
import { changedColumns, decodeRow, isRowModel, keyText, readRow, refOf } from "../../../db/rows";
import type { RecordRef, Row } from "../../../db/rows";
import { config } from "../../../config";
// people read these sentences in the app as well as integrators: the house's one date format
import { dateInWords } from "../../../words/date-words";
import { brokenRule } from "./undo-rules";
import { columnInWords, recordInWords } from "./undo-words";

/** `target`: "activity:<id>" for an undo, naming the entry it undid; absent when the caller did not read it. */
export type Entry = {
  id: string;
  at: Date;
  capabilityId: string;
  outcome: string;
  userId: string | null;
  target?: string | null;
};

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
  const expired = await pastTheWindow(ctx, entry);
  if (expired) return expired;
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
      // a refusal of the caller's own (forbidden) is theirs, whatever else holds
      if (broken instanceof AppError) return broken;
      if (broken)
        reasons.push(`${capitalized(recordInWords(change.ref.model, change.before!))} cannot come back: ${broken}`);
    }
  }
  if (!reasons.length) return undefined;
  return new AppError("undo_conflict", `This cannot be undone: ${reasons.join("; ")}.`, { field: "activityId" });
}

/** An undo's own capability: its entries name the entry they undid (see pastTheWindow). */
const UNDO_ID = "activity.undo";

/**
 * undo_expired once the write the entry goes back to is older than UNDO_WINDOW_HOURS. An undo's
 * undo (a redo) goes back to the write it undid, and so on down the chain of undone entries (each
 * activity.undo entry names the one it undid as its target, "activity:<id>"): undo, redo, undo…
 * keeps a write reversible only within the window of the write itself, not of its latest undo.
 */
async function pastTheWindow(ctx: BrandContext, entry: Entry): Promise<AppError | undefined> {
  const hours = config().UNDO_WINDOW_HOURS;
  const within = (at: Date) => ctx.now.getTime() - at.getTime() <= hours * 3_600_000;
  let original: Pick<Entry, "id" | "at" | "capabilityId" | "target"> = entry;
  // each undone entry is older than its undo, so the walk ends; it stops at the first one past the window
  while (original.capabilityId === UNDO_ID && within(original.at)) {
    const target = original.target !== undefined ? original.target : await targetOf(ctx, original.id);
    const [kind, id] = target?.split(":") ?? [];
    if (kind !== "activity" || !id) break;
    const undone = await ctx.db.auditEntry.findFirst({
      where: { id, brandId: ctx.brand.id },
      select: { id: true, at: true, capabilityId: true, target: true },
    });
    if (!undone) break;
    original = undone;
  }
  if (within(original.at)) return undefined;
  const words =
    original.id === entry.id
      ? `This was done on ${dateInWords(original.at)}; a change can be undone for ${hours} hours after it was made.`
      : `This goes back to a change made on ${dateInWords(original.at)}; a change can be undone for ${hours} hours ` +
        "after it was made, and undoing its undo (a redo) counts from that change too.";
  return new AppError("undo_expired", words, { field: "activityId" });
}

const targetOf = async (ctx: BrandContext, id: string) =>
  (await ctx.db.auditEntry.findUnique({ where: { id }, select: { target: true } }))?.target ?? null;

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
