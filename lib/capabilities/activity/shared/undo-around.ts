// What writing a row back must do beside the row itself, per model: data, as the rules a restore
// must keep are (undo-rules.ts), so the generic undo names no model. A model without an entry
// needs nothing more than its row.
import type { Tx } from "../../../db/client";
import type { RecordRef, Row, RowModel } from "../../../db/rows";
import { fanOutToNow, startCursorNow } from "../../../webhooks/cursor";

type Around = {
  /** before the row is written back, in the undo's transaction */
  before?: (tx: Tx, ref: RecordRef) => Promise<unknown>;
  /** after it, with the row as restored (null: the undo removed it) */
  after?: (tx: Tx, ref: RecordRef, restored: Row | null) => Promise<unknown>;
};

export const AROUND_RESTORE: Partial<Record<RowModel, Around>> = {
  // an endpoint's settings change at this commit: the events before it are owed under the settings
  // it has now, those after it under the settings restored (lib/webhooks/cursor.ts)
  webhookEndpoint: {
    before: (tx, ref) => fanOutToNow(tx, String(ref.key.id)),
    after: async (tx, ref, restored) => {
      if (restored) await startCursorNow(tx, String(ref.key.id));
    },
  },
};
