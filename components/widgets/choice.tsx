"use client";
// Open questions with their suggested answers as buttons and a free answer box. Answering runs
// questions.answer (as the person, through the run route): in a conversation a step of it, which
// shows the answer while this card reads its questions again (truth.tsx: an answered question is
// no longer open); elsewhere the outcome shows in place.
import { useEffect, useRef, useState } from "react";
import { Badge, Empty, WidgetFrame } from "./frame";
import { useWidgetCalls } from "./calls";
import { useTouches } from "./truth";
import { errorOf, okData, okDataOf, type Answer, type OutputOf, type ToolEnvelope, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";
import { valueInWords } from "./value-words";
import { useCanRun } from "./may";
import { firstControl, useFocusWhen } from "./next-step";
import { dateInWords } from "@/lib/words/date-words";

type Question = OutputOf<"questions.list">["items"][number];
/** a question put off in this card: its revision after that, and when */
type PutOff = { revision: number; at: string };

export function ChoiceWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { run } = useWidgetCalls();
  const open = okDataOf(envelope, "questions.list");
  // questions.ask answers with ids only: read the open questions to show them
  const [listed, setListed] = useState<Answer<"questions.list"> | null>(null);
  const asked = okDataOf(envelope, "questions.ask")?.ids;
  const { version } = useTouches(asked ?? []);
  useEffect(() => {
    if (asked) void run("questions.list", brand, { limit: 50 }).then(setListed);
  }, [asked?.join(), brand, version]);
  const read = open?.items ?? okData(listed)?.items.filter((question) => asked?.includes(question.id));
  const [putOffHere, setPutOffHere] = useState<ReadonlyMap<string, PutOff>>(new Map());
  const questions = useFirstShownOrder(read)?.map((question) => withPutOff(question, putOffHere.get(question.id)));
  const putOff = questions?.filter((question) => question.status === "deferred").length ?? 0;
  const answeredHere = okDataOf(envelope, "questions.answer") !== undefined && typeof input.questionId === "string";
  return (
    <WidgetFrame
      name="choice"
      capabilityId={capabilityId}
      error={errorOf(envelope) ?? errorOf(listed)}
      aside={questions ? `${questions.length - putOff} open${putOff ? ` · ${putOff} put off` : ""}` : undefined}
    >
      {answeredHere && (
        <p>
          {input.action === "answer"
            ? `Answered: “${String(input.answer)}”.`
            : input.action === "defer"
              ? "Question put off until later."
              : "Question dismissed."}
        </p>
      )}
      {!answeredHere && !questions && <p className="widget-working">Loading the questions…</p>}
      {questions?.length === 0 && <Empty>No open questions. Everything the brand was asked has an answer.</Empty>}
      {questions && questions.length > 0 && (
        <ol className="questions">
          {questions.map((question) => (
            <QuestionCard
              key={question.id}
              question={question}
              brand={brand}
              onPutOff={(done) => setPutOffHere((current) => new Map(current).set(question.id, done))}
            />
          ))}
        </ol>
      )}
    </WidgetFrame>
  );
}

/**
 * The questions in the order this card first showed them: a question moved to later is listed after
 * the open ones when the card reads them again, and must not jump away from the person who tapped Later.
 */
function useFirstShownOrder(questions: Question[] | undefined): Question[] | undefined {
  const places = useRef(new Map<string, number>());
  if (!questions) return questions;
  for (const question of questions)
    if (!places.current.has(question.id)) places.current.set(question.id, places.current.size);
  return questions.toSorted((a, b) => places.current.get(a.id)! - places.current.get(b.id)!);
}

/**
 * The question as this card last saw it: one put off here counts as put off at once, until the list
 * read again knows better (a later write, an undo, raised its revision past the one Later gave).
 */
function withPutOff(question: Question, here: PutOff | undefined): Question {
  if (question.status === "deferred" || !here || question.revision > here.revision) return question;
  return { ...question, status: "deferred", deferredAt: here.at };
}

type Action = "answer" | "defer" | "dismiss";

function QuestionCard({
  question,
  brand,
  onPutOff,
}: {
  question: Question;
  brand: string;
  onPutOff: (done: PutOff) => void;
}) {
  const { act } = useWidgetCalls();
  const [free, setFree] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ action: Action; answer: string; envelope: ToolEnvelope } | null>(null);
  const answered = outcome?.envelope.status === "ok";
  // offered only to those who may answer (a viewer reads the questions); a refusal takes focus
  const mayAnswer = useCanRun()("questions.answer");
  const refusal = useFocusWhen<HTMLDivElement>(outcome?.envelope.status === "error");
  const putOff = question.status === "deferred" && question.deferredAt ? question.deferredAt : null;
  const item = useRef<HTMLLIElement>(null);
  // Later is gone once tapped: focus moves to the question's first control, or to the question while
  // the card reads again (its controls disabled meanwhile), without scrolling the view
  const [laterTapped, setLaterTapped] = useState(false);
  useEffect(() => {
    const node = item.current;
    if (!laterTapped || !putOff || !node) return;
    firstControl(node).focus({ preventScroll: true });
    if (node.contains(document.activeElement)) return;
    node.tabIndex = -1;
    node.focus({ preventScroll: true });
  }, [laterTapped, putOff]);

  async function decide(action: Action, text = "") {
    const trimmed = text.trim();
    if ((action === "answer" && !trimmed) || busy) return;
    setBusy(true);
    // Later keeps the question in this card: the view stays on it
    const later = action === "defer";
    const { envelope, kept } = await act(
      "questions.answer",
      brand,
      {
        questionId: question.id,
        expectedRevision: question.revision,
        action,
        ...(action === "answer" ? { answer: trimmed } : {}),
        // one key per click: a network retry of this click replays, a new click is a new answer
        idempotencyKey: crypto.randomUUID(),
      },
      later ? { inPlace: true } : undefined,
    );
    setBusy(false);
    // a question put off stays open to an answer: the card says so in place, kept or not
    if (later && envelope.status === "ok") {
      setLaterTapped(true);
      onPutOff({ revision: envelope.data.revision ?? question.revision + 1, at: new Date().toISOString() });
      return;
    }
    // kept: the conversation's next step says what was answered, and this card reads its questions again
    if (!kept) setOutcome({ action, answer: trimmed, envelope });
  }
  const answer = (text: string) => decide("answer", text);

  return (
    <li className="question" data-testid={`question-${question.id}`} ref={item}>
      <p className="question-text">
        {question.question} <Badge tone="muted">{valueInWords(question.scope, "scope")}</Badge>
        {putOff && !answered && (
          <>
            {" "}
            <Badge tone="muted">Put off</Badge>
          </>
        )}
      </p>
      {putOff && !answered && (
        <p className="muted" role="status" data-testid="question-put-off">
          You put this off on {dateInWords(putOff)}; answer it whenever you like.
        </p>
      )}
      {answered ? (
        <p className="question-answered" data-testid="question-answered">
          {outcome.action === "answer" ? (
            <>
              <Badge tone="pass">Answered</Badge> “{outcome.answer}” is now part of the brand’s memory.
            </>
          ) : (
            <>
              <Badge tone="muted">Dismissed</Badge> It will not be asked again.
            </>
          )}
        </p>
      ) : !mayAnswer ? (
        <p className="muted" data-testid="question-read-only">
          A member of this brand answers it
          {question.options.length > 0 ? `; suggested: ${question.options.join(", ")}` : ""}.
        </p>
      ) : (
        <>
          {question.options.length > 0 && (
            <div className="options">
              {question.options.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="button option"
                  disabled={busy}
                  onClick={() => answer(option)}
                >
                  {option}
                </button>
              ))}
            </div>
          )}
          <form
            className="free-answer"
            onSubmit={(event) => {
              event.preventDefault();
              void answer(free);
            }}
          >
            <input
              aria-label="Your own answer"
              placeholder="Or write your own answer"
              value={free}
              maxLength={2000}
              onChange={(event) => setFree(event.target.value)}
            />
            <button type="submit" className="button" disabled={busy || !free.trim()}>
              {busy ? "Sending…" : "Answer"}
            </button>
          </form>
          <div className="question-later">
            {!putOff && (
              <button
                type="button"
                className="link-button"
                data-testid="question-defer"
                disabled={busy}
                onClick={() => void decide("defer")}
              >
                Later
              </button>
            )}
            <button
              type="button"
              className="link-button"
              data-testid="question-dismiss"
              disabled={busy}
              onClick={() => void decide("dismiss")}
            >
              Dismiss
            </button>
          </div>
          {outcome?.envelope.status === "error" && (
            <div ref={refusal} tabIndex={-1} data-testid="question-refused">
              <WidgetError error={outcome.envelope.error} />
            </div>
          )}
        </>
      )}
    </li>
  );
}
