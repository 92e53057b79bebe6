"use client";
// The person's conversations in the selected brand, most recently active first: a column beside the
// chat, a drawer on a phone. Open one by clicking it; rename and delete (after a confirmation) from
// its row; "New conversation" (Ctrl/Cmd+Shift+O) starts another.
import { useCallback, useEffect, useState } from "react";
import { dateInWords } from "@/lib/words/date-words";
import { deleteConversation, listConversations, renameConversation, type ConversationItem } from "./conversation-api";

type Props = {
  brand: string | null;
  openId: string;
  /** changes whenever the list may have changed (a message sent, an answer stored) */
  refreshKey: number;
  drawerOpen: boolean;
  onOpen: (id: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
  onCloseDrawer: () => void;
};

export function ConversationList({
  brand,
  openId,
  refreshKey,
  drawerOpen,
  onOpen,
  onNew,
  onDeleted,
  onCloseDrawer,
}: Props) {
  const [items, setItems] = useState<ConversationItem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!brand) return;
    const answer = await listConversations(brand);
    if (!answer.ok) return setProblem(answer.problem);
    setProblem(null);
    setItems(answer.value.items);
    setNext(answer.value.nextCursor);
  }, [brand]);
  async function showMore() {
    if (!brand || !next) return;
    const answer = await listConversations(brand, next);
    if (!answer.ok) return setProblem(answer.problem);
    setItems((current) => [
      ...(current ?? []),
      ...answer.value.items.filter((item) => !current?.some((entry) => entry.id === item.id)),
    ]);
    setNext(answer.value.nextCursor);
  }
  useEffect(() => {
    setItems(null);
  }, [brand]);
  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  const places = namesakes(items ?? []);

  return (
    <>
      {drawerOpen && <div className="drawer-backdrop" onClick={onCloseDrawer} aria-hidden="true" />}
      <aside
        className={`conversations${drawerOpen ? " drawer-open" : ""}`}
        aria-label="Conversations"
        data-testid="conversation-list"
      >
        <div className="conversations-head">
          <button
            type="button"
            className="button small primary"
            data-testid="new-conversation"
            disabled={!brand}
            onClick={onNew}
            title="New conversation (Ctrl+Shift+O)"
          >
            New conversation
          </button>
          <button type="button" className="button small drawer-close" onClick={onCloseDrawer}>
            Close
          </button>
        </div>
        {problem && (
          <p className="conversations-problem" role="alert">
            {problem}
          </p>
        )}
        {items && items.length === 0 && (
          <p className="muted conversations-empty">Your conversations in this brand will be listed here.</p>
        )}
        <ul className="conversation-items" data-testid="conversation-items">
          {items?.map((item) => (
            <ConversationRow
              key={item.id}
              item={item}
              place={places.get(item.id)}
              current={item.id === openId}
              onOpen={() => onOpen(item.id)}
              onRenamed={(title) =>
                setItems(
                  (current) => current?.map((entry) => (entry.id === item.id ? { ...entry, title } : entry)) ?? null,
                )
              }
              onDeleted={() => {
                setItems((current) => current?.filter((entry) => entry.id !== item.id) ?? null);
                onDeleted(item.id);
              }}
              onProblem={setProblem}
            />
          ))}
        </ul>
        {next && (
          <button type="button" className="button small conversations-more" onClick={() => void showMore()}>
            Show older conversations
          </button>
        )}
      </aside>
    </>
  );
}

type RowProps = {
  item: ConversationItem;
  /** its place among conversations of the same title ("2nd of 3"), when the title repeats */
  place?: string;
  current: boolean;
  onOpen: () => void;
  onRenamed: (title: string) => void;
  onDeleted: () => void;
  onProblem: (problem: string | null) => void;
};

function ConversationRow({ item, place, current, onOpen, onRenamed, onDeleted, onProblem }: RowProps) {
  const [mode, setMode] = useState<"show" | "rename" | "delete">("show");
  const [title, setTitle] = useState(item.title);
  const [busy, setBusy] = useState(false);

  async function rename() {
    if (!title.trim() || title.trim() === item.title) return setMode("show");
    setBusy(true);
    const answer = await renameConversation(item.id, title.trim());
    setBusy(false);
    if (!answer.ok) return onProblem(answer.problem);
    onRenamed(answer.value.title);
    setMode("show");
  }
  async function remove() {
    setBusy(true);
    const answer = await deleteConversation(item.id);
    setBusy(false);
    if (!answer.ok) return onProblem(answer.problem);
    onDeleted();
  }

  if (mode === "rename") {
    return (
      <li className="conversation-item editing">
        <form onSubmit={(event) => (event.preventDefault(), void rename())}>
          <label className="visually-hidden" htmlFor={`title-${item.id}`}>
            Conversation title
          </label>
          <input
            id={`title-${item.id}`}
            data-testid="conversation-title-input"
            value={title}
            maxLength={200}
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setMode("show")}
          />
          <div className="conversation-actions">
            <button type="submit" className="button small primary" disabled={busy}>
              Save
            </button>
            <button type="button" className="button small" onClick={() => (setTitle(item.title), setMode("show"))}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={`conversation-item${current ? " current" : ""}`} data-testid="conversation-item">
      <button type="button" className="conversation-open" aria-current={current ? "true" : undefined} onClick={onOpen}>
        <span className="conversation-title">{item.title}</span>
        <span className="muted conversation-when">
          {item.answering ? "answering…" : dateInWords(item.updatedAt)}
          {place ? ` · ${place} with this title` : ""}
        </span>
      </button>
      {mode === "delete" ? (
        <div className="conversation-actions" role="group" aria-label="Delete this conversation?">
          <span>Delete it for good?</span>
          <button
            type="button"
            className="button small danger"
            data-testid="conversation-delete-confirm"
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
          <button type="button" className="button small" onClick={() => setMode("show")}>
            Keep
          </button>
        </div>
      ) : (
        <div className="conversation-actions">
          <button
            type="button"
            className="link-button"
            data-testid="conversation-rename"
            aria-label={`Rename “${item.title}”`}
            onClick={() => setMode("rename")}
          >
            Rename
          </button>
          <button
            type="button"
            className="link-button"
            data-testid="conversation-delete"
            aria-label={`Delete “${item.title}”`}
            onClick={() => setMode("delete")}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

/**
 * For titles the list shows more than once, each one's place among its namesakes, oldest activity
 * first ("2nd of 3"): two conversations called the same are told apart by more than a time.
 */
export function namesakes(items: ConversationItem[]): Map<string, string> {
  const byTitle = new Map<string, ConversationItem[]>();
  for (const item of items) byTitle.set(item.title, [...(byTitle.get(item.title) ?? []), item]);
  const places = new Map<string, string>();
  for (const same of byTitle.values()) {
    if (same.length < 2) continue;
    // the list is newest first: the last one is the 1st of its title
    same.toReversed().forEach((item, index) => {
      places.set(item.id, `${ordinal(index + 1)} of ${same.length}`);
    });
  }
  return places;
}
