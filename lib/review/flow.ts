// The one propose/review workflow the brand's genome and its memory share. Someone proposes a record
// (a member, or the assistant working for one); it waits in one status until an admin decides; each
// decision moves it from one status to another, and only some statuses count (the voice carries the
// entry, the memory holds the declaration). Each area names its own statuses and decisions (their
// published words never change); the moves, the refusals, the event names and the cards' buttons are
// read from here. Pure data and words: the capabilities and their cards (components/widgets/
// review-queue.tsx) both import it.

/** One decision: the status it takes a record from, and the one it leaves it in. */
export type Move<S extends string = string> = { readonly from: S; readonly to: S };

export type ReviewFlow<
  S extends string = string,
  M extends Readonly<Record<string, Move<S>>> = Record<string, Move<S>>,
> = {
  /** every status, in the order the published schemas list them */
  readonly statuses: readonly S[];
  /** the status a proposal waits in until an admin decides */
  readonly waiting: S;
  /** the statuses in which the record counts for the brand */
  readonly holding: readonly S[];
  /** each decision, in the order the cards offer them and the events are catalogued */
  readonly moves: M;
  /** one record, as a sentence names it ("entry", "declaration") */
  readonly noun: string;
};

export type DecisionOf<F extends ReviewFlow> = keyof F["moves"] & string;

/** The event a decision records: `<prefix>.<the status it moved to>` (genome.entry.approved). */
export type DecisionEvent<P extends string, F extends ReviewFlow> = `${P}.${F["moves"][DecisionOf<F>]["to"]}`;

/** A flow, its statuses and decisions kept as the literal words they are. */
export function reviewFlow<
  const S extends string,
  const M extends Readonly<Record<string, { readonly from: NoInfer<S>; readonly to: NoInfer<S> }>>,
>(flow: {
  statuses: readonly S[];
  waiting: NoInfer<S>;
  holding: readonly NoInfer<S>[];
  moves: M;
  noun: string;
}): ReviewFlow<S, M> {
  return flow;
}

/** Every decision, in the flow's order: the review's input enum (never empty: a flow moves something). */
export const decisionsOf = <F extends ReviewFlow>(flow: F) =>
  Object.keys(flow.moves) as [DecisionOf<F>, ...DecisionOf<F>[]];

/** The decisions a record in this status may receive, in the flow's order: a row's buttons. */
export const decisionsFrom = <F extends ReviewFlow>(flow: F, status: string): DecisionOf<F>[] =>
  decisionsOf(flow).filter((decision) => flow.moves[decision]!.from === status);

/** Whether a decision changes what counts (approving or retiring an entry changes the voice; a rejection does not). */
export const changesWhatCounts = <F extends ReviewFlow>(flow: F, decision: DecisionOf<F>): boolean => {
  const { from, to } = flow.moves[decision]!;
  return flow.holding.includes(from) !== flow.holding.includes(to);
};

/** How a card shows a status: waiting for review, counting, or set aside. */
export const toneOf = (flow: ReviewFlow, status: string): "warn" | "pass" | "muted" =>
  status === flow.waiting ? "warn" : flow.holding.includes(status) ? "pass" : "muted";

export const proposedEvent = <P extends string>(prefix: P) => `${prefix}.proposed` as const;

export const decisionEvent = <P extends string, F extends ReviewFlow>(
  prefix: P,
  flow: F,
  decision: DecisionOf<F>,
): DecisionEvent<P, F> => `${prefix}.${flow.moves[decision]!.to}` as DecisionEvent<P, F>;

/**
 * The catalogue entries of a review's events, one per decision in the flow's order: each with its
 * own description (the published words) and the record as its data.
 */
export function decisionEventTypes<P extends string, F extends ReviewFlow, Data>(
  prefix: P,
  flow: F,
  data: Data,
  descriptions: Readonly<Record<DecisionOf<F>, string>>,
): Record<DecisionEvent<P, F>, { description: string; data: Data }> {
  return Object.fromEntries(
    decisionsOf(flow).map((decision) => [
      decisionEvent(prefix, flow, decision),
      { description: descriptions[decision], data },
    ]),
  ) as Record<DecisionEvent<P, F>, { description: string; data: Data }>;
}

const orList = (words: readonly string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;

/** Every move in words: "approve or reject one that is proposed, retire one that is approved". */
export function movesInWords(flow: ReviewFlow): string {
  const froms = [...new Set(Object.values(flow.moves).map((move) => move.from))];
  return froms.map((from) => `${orList(decisionsFrom(flow, from))} one that is ${from}`).join(", ");
}

/** Why a decision cannot be made on a record in this status, in words. */
export const refusalWords = <F extends ReviewFlow>(flow: F, decision: DecisionOf<F>, status: string): string =>
  `cannot ${decision} this ${flow.noun}, which is ${status}: ${movesInWords(flow)}`;

/** The refusal's machine word: the status the decision needs, not_proposed, not_pending, not_approved. */
export const refusalReason = <F extends ReviewFlow>(flow: F, decision: DecisionOf<F>): string =>
  `not_${flow.moves[decision]!.from}`;
