// A review as it runs, the same in every area of the review flow (flow.ts): the refusal of a move the
// record's status does not allow, the move itself, and the rows an undo restores.
import { invalidInput, type AppError } from "../contract/errors";
import { rowRef, type RecordRef, type RowModel } from "../db/rows";
import { type DecisionOf, type ReviewFlow, refusalReason, refusalWords } from "./flow";

/** A decision the record's status does not allow: 422 naming `decision`, with the status it needs as reason. */
export const notMovable = <F extends ReviewFlow>(flow: F, decision: DecisionOf<F>, status: string): AppError =>
  invalidInput("decision", refusalWords(flow, decision, status), { reason: refusalReason(flow, decision) });

/** Refuses the decision unless the record is in the status it moves from (a review's `check`). */
export function checkMove<F extends ReviewFlow>(flow: F, decision: DecisionOf<F>, status: string): void {
  if (status !== flow.moves[decision]!.from) throw notMovable(flow, decision, status);
}

/** The table of an area's reviewed records, as far as a review changes it. */
type Reviewed = {
  updateMany(args: {
    where: { id: string; brandId: string; status: string };
    data: { status: string; reviewedById: string | null; reviewedAt: Date };
  }): PromiseLike<{ count: number }>;
};

/**
 * Moves the record and names its reviewer, in one conditional statement: of two reviews at once only
 * one moves it, and the other is refused as a review of a record no longer in that status (its
 * transaction is undone with the refusal).
 */
export async function applyMove<F extends ReviewFlow>(
  table: Reviewed,
  flow: F,
  decision: DecisionOf<F>,
  record: { id: string; brandId: string; reviewerId: string | null; at: Date },
): Promise<void> {
  const { from, to } = flow.moves[decision]!;
  const moved = await table.updateMany({
    where: { id: record.id, brandId: record.brandId, status: from },
    data: { status: to, reviewedById: record.reviewerId, reviewedAt: record.at },
  });
  if (moved.count === 0) throw notMovable(flow, decision, `no longer ${from}`);
}

/**
 * What an undo restores. A proposal: the rows it created, withdrawn while they still wait (once
 * reviewed they changed since, and the undo is refused). A review: the reviewed row, back to waiting
 * with no reviewer, beside whatever else the area's review moved with it (the genome's revision).
 */
export const proposedRows = (model: RowModel, ids: readonly string[]): RecordRef[] =>
  ids.map((id) => rowRef(model, id));

export const reviewedRows = (model: RowModel, id: string, ...also: RecordRef[]): RecordRef[] => [
  rowRef(model, id),
  ...also,
];
