// What a write changed, kept inside its own transaction for activity.undo: the rows its capability
// names (lib/contract/define.ts `undo.records`), read before and after it runs, stored with its
// activity entry as they are stored (a sealed secret stays sealed). activity.undo restores from
// them.
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { encodeRow, readRow, sameRef, keyText, type RecordRef, type Row } from "../db/rows";

type Snapshot = { ref: RecordRef; before: Row | null };

/** The rows a write named, as they were before it ran (its event may say what changed from what). */
export function rowsBefore(taken: readonly Snapshot[] | undefined): (ref: RecordRef) => Row | null | undefined {
  return (ref) => taken?.find((snapshot) => sameRef(snapshot.ref, ref))?.before;
}

/** The rows as they are before the write; undefined for a write that cannot be undone. */
export async function snapshotBefore(tx: Tx, refs: readonly RecordRef[] | undefined): Promise<Snapshot[] | undefined> {
  if (!refs) return undefined;
  const unique = refs.filter((ref, i) => refs.findIndex((other) => sameRef(ref, other)) === i);
  return Promise.all(unique.map(async (ref) => ({ ref, before: await readRow(tx, ref) })));
}

/**
 * The rows after the write, beside those before: a row named only now (one it created) did not
 * exist before. Stored as the entry's changes, with the event the write records.
 */
export async function storeChanges(
  tx: Tx,
  taken: Snapshot[],
  after: readonly RecordRef[],
  entry: { auditEntryId: string; brandId: string; eventId: string | undefined; at: Date },
): Promise<void> {
  const all = [...taken];
  for (const ref of after) if (!all.some((known) => sameRef(known.ref, ref))) all.push({ ref, before: null });
  const rows = await Promise.all(
    all.map(async ({ ref, before }, position) => ({
      id: randomUUID(),
      auditEntryId: entry.auditEntryId,
      brandId: entry.brandId,
      eventId: entry.eventId ?? null,
      position,
      model: ref.model,
      recordKey: keyText(ref),
      before: encodeRow(before),
      after: encodeRow(await readRow(tx, ref)),
      at: entry.at,
    })),
  );
  if (rows.length) await tx.activityChange.createMany({ data: rows });
}
