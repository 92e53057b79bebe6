"use client";
// Which conversation the chat shows: the one named in the URL (?conversation=<id>, so a reload
// lands back in it), one picked from the list, or a new one. A new conversation exists only in the
// page until its first message or command; from then on its id is in the URL. Each brand remembers
// the conversation last open in it (this tab), so switching brand and back returns to it.
import { useCallback, useEffect, useRef, useState } from "react";
import type { UIMessage } from "ai";
import { readConversation } from "./conversation-api";

export type OpenConversation = {
  id: string;
  /** the last page of stored messages (the chat starts from these) */
  messages: UIMessage[];
  /** earlier messages loaded on scroll, shown above */
  before: UIMessage[];
  earlier: number | null;
  /** the model is still answering (a reload while it streamed): the page follows until it is done */
  answering: boolean;
  stored: boolean;
};

const PARAM = "conversation";
const LAST_BY_BRAND = "brand-operations.conversation.";

const fresh = (): OpenConversation => ({
  id: crypto.randomUUID(),
  messages: [],
  before: [],
  earlier: null,
  answering: false,
  stored: false,
});

function showInUrl(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  window.history.replaceState(null, "", url);
}

export function useConversation(brand: string | null, setBrand: (brand: string) => void) {
  const [open, setOpen] = useState<OpenConversation>(fresh);
  const [loading, setLoading] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const brandRef = useRef(brand);
  brandRef.current = brand;

  const remember = (brandId: string | null, id: string) =>
    brandId && window.sessionStorage.setItem(LAST_BY_BRAND + brandId, id);

  const startNew = useCallback(() => {
    setOpen(fresh());
    setNotice(null);
    showInUrl(null);
  }, []);

  const openStored = useCallback(
    async (id: string) => {
      setLoading(true);
      const answer = await readConversation(id);
      setLoading(false);
      if (!answer.ok) {
        startNew();
        return setNotice(
          answer.status === 404
            ? "That conversation isn’t available: it was deleted, or it belongs to someone else."
            : answer.problem,
        );
      }
      const page = answer.value;
      setNotice(null);
      setBrand(page.brand.shortId);
      remember(page.brand.shortId, page.id);
      setOpen({
        id: page.id,
        messages: page.messages,
        before: [],
        earlier: page.earlier,
        answering: page.answering,
        stored: true,
      });
      showInUrl(page.id);
    },
    [setBrand, startNew],
  );

  // the conversation the URL names, once, when the page loads
  useEffect(() => {
    const id = new URL(window.location.href).searchParams.get(PARAM);
    if (id) void openStored(id);
    else setLoading(false);
  }, [openStored]);

  /** the first message or command of a new conversation: it exists now, and the URL says which */
  const markStored = useCallback(() => {
    setOpen((current) => {
      if (current.stored) return current;
      showInUrl(current.id);
      remember(brandRef.current, current.id);
      return { ...current, stored: true };
    });
  }, []);

  /** another brand: its last conversation in this tab, or a new one */
  const switchBrand = useCallback(
    (next: string) => {
      if (next === brandRef.current) return;
      const first = brandRef.current === null;
      setBrand(next);
      if (first) return; // the page's first brand: the conversation the page opened stays
      const last = window.sessionStorage.getItem(LAST_BY_BRAND + next);
      if (last) void openStored(last);
      else startNew();
    },
    [openStored, setBrand, startNew],
  );

  // the button scrolled into view and a click both ask for the same page: it is read and shown once
  const requested = useRef<string | null>(null);
  const loadEarlier = useCallback(async () => {
    if (open.earlier === null || requested.current === `${open.id}/${open.earlier}`) return;
    requested.current = `${open.id}/${open.earlier}`;
    const answer = await readConversation(open.id, open.earlier);
    if (!answer.ok) {
      requested.current = null;
      return setNotice(answer.problem);
    }
    setOpen((current) => {
      if (current.id !== answer.value.id) return current;
      const shown = new Set(current.before.map((message) => message.id));
      const earlier = answer.value.messages.filter((message) => !shown.has(message.id));
      return { ...current, before: [...earlier, ...current.before], earlier: answer.value.earlier };
    });
  }, [open.earlier, open.id]);

  // after a reload during an answer: look again until the server has stored the whole answer
  const [followed, setFollowed] = useState<UIMessage[] | null>(null);
  useEffect(() => {
    if (!open.answering) return;
    const timer = setInterval(async () => {
      const answer = await readConversation(open.id);
      if (!answer.ok) return;
      setFollowed(answer.value.messages);
      if (!answer.value.answering)
        setOpen((current) => (current.id === open.id ? { ...current, answering: false } : current));
    }, 1500);
    return () => clearInterval(timer);
  }, [open.answering, open.id]);

  return { open, loading, notice, startNew, openStored, markStored, switchBrand, loadEarlier, followed };
}
