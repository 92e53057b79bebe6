// The rows a write names (lib/contract/define.ts `undo.records`) as one fingerprint: what a person
// saw when asked to confirm the write, bound into its confirmation token (confirmation.ts). Two
// writes of one record confirmed at once (on two instances too) then cannot both apply what their
// people confirmed: the second, once it holds the rows' locks (write.ts), finds them changed and
// its person is asked again about the record as it is now. Writes that create their rows name none
// before they run: nothing to fingerprint.
import { sha256 } from "../crypto";
import type { Tx } from "../db/client";
import { keyText, readRow, rowText, type RecordRef } from "../db/rows";

export async function seenRows(db: Tx, refs: readonly RecordRef[] | undefined): Promise<string | undefined> {
  if (!refs?.length) return undefined;
  const texts = await Promise.all(
    refs.map(async (ref) => `${ref.model} ${keyText(ref)} ${rowText(ref.model, await readRow(db, ref))}`),
  );
  return sha256(texts.sort().join("\n"));
}
