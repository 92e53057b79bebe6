"use client";
// A pending write: the server's summary with Confirm / Cancel. The decision goes to the server
// (which alone holds the pending call), and its result is shown with the capability's own widget.
import { useState } from "react";
import { useCapability } from "./catalogue";
import { Badge, WidgetFrame } from "./frame";
import { useNestedWidget } from "./nested";
import { useWidgetCalls } from "./calls";
import { useCardSteps } from "./card";
import { WidgetError } from "./widget-error";
import { isRecord, okData, type Decision, type ToolEnvelope, type WidgetProps } from "./types";
import { ReadableData } from "./readable";
import { ShownOnce } from "./shown-once";
import { UndoOffer } from "./undo-offer";
import { useUndone } from "./truth";
import { useFocusWhen, useNextStep } from "./next-step";
import { dateInWords } from "@/lib/words/date-words";

/**
 * `embedded`: inside the widget that asked (review), which shows the result itself. `proposedAgain`:
 * the new proposal shown below an expired one (its card's steps are the outer card's, not its own).
 */
export function ConfirmWidget({
  capabilityId,
  input,
  envelope,
  brand,
  onDecided,
  embedded,
  proposedAgain,
}: WidgetProps & { embedded?: boolean; proposedAgain?: boolean }) {
  const calls = useWidgetCalls();
  const entry = useCapability(capabilityId);
  const [busy, setBusy] = useState<Decision | null>(null);
  const [result, setResult] = useState<ToolEnvelope | null>(null);
  // on the person's own pages, a word to the key or app that asked, sent with the decision
  const [note, setNote] = useState("");
  const [sentNote, setSentNote] = useState<string | null>(null);
  const asker = calls.askedBy;
  // an expired proposal, proposed again by the person's click: a new card below
  const [proposedHere, setAgain] = useState<ToolEnvelope | null>(null);
  // in a conversation the new proposal is a step of this card, which shows it below itself
  const steps = useCardSteps().filter((step) => !proposedAgain && step.capabilityId === capabilityId);
  const again = proposedHere ?? steps.at(-1)?.envelope ?? null;
  const [proposing, setProposing] = useState(false);
  const pending = envelope?.status === "awaiting_confirmation" ? envelope : undefined;
  // an expired proposal keeps what it was about beside "Propose it again", so the person knows what
  // they would propose: the expiry's error carries the summary, and the card remembers the one it
  // first showed
  const said = (envelope && "summary" in envelope ? envelope.summary : undefined) ?? summaryOf(envelope);
  const [first] = useState(said);
  const summary = said ?? first ?? summaryOf(result);
  // what the person's tap started: in view, Confirm focused; once decided, focus on the outcome
  const actions = useNextStep<HTMLDivElement>(pending !== undefined && !result);
  const outcome = useFocusWhen<HTMLDivElement>(result !== null);

  async function decide(decision: Decision) {
    if (!pending) return;
    setBusy(decision);
    const said = asker ? note.trim() : "";
    const outcome = await calls.decide(pending.pendingId, decision, capabilityId, said || undefined);
    setBusy(null);
    setResult(outcome);
    // kept with the decision unless the decision itself did not get through
    if (said && !(outcome.status === "error" && UNSENT.has(outcome.error.code))) setSentNote(said);
    onDecided?.(decision, outcome);
  }

  const shown = result ?? (envelope?.status === "awaiting_confirmation" ? null : envelope);
  // taken back on this page: a second Undo would only be refused (its records changed since)
  const undone = useUndone(shown?.status === "ok" ? shown.undoable : undefined);
  const expired =
    shown?.status === "error" &&
    shown.error.code === "confirmation_required" &&
    (shown.error as { reason?: string }).reason === "expired";
  const state =
    shown?.status === "declined"
      ? "cancelled"
      : shown?.status === "ok"
        ? "done"
        : expired
          ? "expired"
          : shown?.status === "error"
            ? "failed"
            : undefined;
  async function proposeAgain() {
    setProposing(true);
    const { envelope: proposal, kept } = await calls.act(capabilityId, brand, input);
    if (!kept) setAgain(proposal);
    setProposing(false);
  }
  return (
    <WidgetFrame
      name="confirm"
      capabilityId={capabilityId}
      aside={
        <Badge tone={TONES[state ?? "pending"]}>
          {asker && state === "cancelled" ? "Declined" : LABELS[state ?? "pending"]}
        </Badge>
      }
    >
      {summary && <p className="confirm-summary">{summary}</p>}
      {pending && !result && asker && (
        <label className="confirm-note">
          <span>Note (optional), told to {asker} with your decision</span>
          <textarea
            data-testid="confirm-note"
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            disabled={busy !== null}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
      )}
      {pending && !result && (
        <div className="confirm-actions" ref={actions}>
          <button
            type="button"
            className="button primary"
            data-testid="confirm-accept"
            disabled={busy !== null}
            onClick={() => decide("confirm")}
          >
            {busy === "confirm" ? "Confirming…" : "Confirm"}
          </button>
          <button
            type="button"
            className="button"
            data-testid="confirm-cancel"
            disabled={busy !== null}
            onClick={() => decide("cancel")}
          >
            {asker ? (busy === "cancel" ? "Declining…" : "Decline") : busy === "cancel" ? "Cancelling…" : "Cancel"}
          </button>
          <span className="muted">
            Nothing changes until you confirm{pending.expiresAt ? ` (before ${clock(pending.expiresAt)})` : ""}.
          </span>
        </div>
      )}
      <div className="confirm-outcome" ref={outcome} tabIndex={-1} data-testid="confirm-outcome">
        {shown?.status === "declined" && (
          <p className="muted" data-testid="confirm-declined">
            {asker ? "Declined" : "Cancelled"}. Nothing was changed.
          </p>
        )}
        {sentNote && (
          <p className="muted confirm-sent-note" data-testid="confirm-sent-note">
            Your note to {asker}: “{sentNote}”
          </p>
        )}
        {shown?.status === "error" && <WidgetError error={shown.error} />}
        {expired && !again && (
          <div className="confirm-actions">
            <button
              type="button"
              className="button"
              data-testid="confirm-again"
              disabled={proposing}
              onClick={() => void proposeAgain()}
            >
              {proposing ? "Proposing…" : "Propose it again"}
            </button>
          </div>
        )}
        {again && (
          <ConfirmWidget
            capabilityId={capabilityId}
            input={input}
            envelope={again}
            brand={brand}
            onDecided={onDecided}
            embedded={embedded}
            proposedAgain
          />
        )}
        {shown?.status === "ok" && shown.undoable && brand && !undone && (
          <UndoOffer activityId={shown.undoable} brand={brand} />
        )}
        {undone && (
          <p className="muted" data-testid="undone">
            Undone: what this changed was put back as it was.
          </p>
        )}
        {shown?.status === "ok" && (
          <ResultWidget
            capabilityId={capabilityId}
            input={input}
            envelope={resultOf(shown)}
            brand={brand}
            own={embedded ? "confirm" : entry?.widget}
          />
        )}
      </div>
    </WidgetFrame>
  );
}

/** The summary an error still carries (an expired confirmation's). */
function summaryOf(envelope: ToolEnvelope | null | undefined): string | undefined {
  const summary = envelope?.status === "error" ? (envelope.error as { summary?: unknown }).summary : undefined;
  return typeof summary === "string" ? summary : undefined;
}

/** The write's result as its own widget reads it (without the confirmed sentence, which makes a confirm card). */
function resultOf({ summary: _confirmed, ...result }: Extract<ToolEnvelope, { status: "ok" }>): ToolEnvelope {
  return result;
}

/** The write's result: with the capability's own widget, or a short "done" for confirm-only writes. */
function ResultWidget({ own, ...props }: Omit<WidgetProps, "onDecided"> & { own: string | null | undefined }) {
  const Widget = useNestedWidget();
  const once = useCapability(props.capabilityId)?.shownOnce ?? [];
  if (own && own !== "confirm") return <Widget {...props} widget={own} />;
  const answer = okData(props.envelope);
  const data = isRecord(answer) ? answer : undefined;
  const rest = data && Object.fromEntries(Object.entries(data).filter(([key]) => !once.includes(key)));
  return (
    <div className="confirm-done">
      <p>Done.</p>
      {data &&
        once
          .filter((field) => field in data)
          .map((field) => <ShownOnce key={field} field={field} value={data[field]} />)}
      {rest && Object.keys(rest).some((key) => !WRITE_KEYS.has(key)) && <ReadableData value={rest} />}
    </div>
  );
}

// a write's plain acknowledgement says nothing a person needs beyond "Done."
/** the longest note POST /api/confirm/<id> keeps */
const NOTE_MAX = 500;
const UNSENT = new Set(["unavailable", "unauthenticated"]);
const WRITE_KEYS = new Set(["ok", "id", "revision"]);
const LABELS = {
  pending: "Needs your confirmation",
  done: "Done",
  cancelled: "Cancelled",
  expired: "Expired",
  failed: "Not done",
} as const;
const TONES = { pending: "warn", done: "pass", cancelled: "muted", expired: "muted", failed: "fail" } as const;

function clock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateInWords(date);
}
