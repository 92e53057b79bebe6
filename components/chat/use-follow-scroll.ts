"use client";
// The conversation scrolls inside the page (header and message box stay put). When something new
// arrives (a card, an answer, a card growing as it loads) the view follows it, but only while the
// person is at the end: someone who scrolled up to read is left where they are. What the person
// starts themselves (a message, a command) is always brought into view, unless its outcome shows in
// the card they acted in (Later on a question): then the view stays where they are.
import { useCallback, useEffect, useRef } from "react";

/** how close to the end (px) still counts as "at the end" */
const AT_END = 48;

export function useFollowScroll() {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  // where our own last scroll put the view: the scroll event it fires may arrive after new content
  // made the conversation taller, and must not be mistaken for the person scrolling up
  const placed = useRef<number | null>(null);

  const place = useCallback((top: number) => {
    const box = scroller.current;
    if (!box) return;
    box.scrollTo({ top: Math.max(0, Math.min(box.scrollHeight - box.clientHeight, top)) });
    placed.current = box.scrollTop;
  }, []);

  useEffect(() => {
    const box = scroller.current;
    const inner = content.current;
    if (!box || !inner) return;
    const onScroll = () => {
      if (placed.current !== null && Math.abs(box.scrollTop - placed.current) < 2) return;
      placed.current = null;
      following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_END;
    };
    // the newest card's top stays in view: a card taller than the screen is shown from its start,
    // and following stops there so its end does not push its beginning away
    const follow = () => {
      if (!following.current) return;
      const newest = inner.lastElementChild as HTMLElement | null;
      const end = box.scrollHeight - box.clientHeight;
      const newestTop = newest
        ? newest.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - 8
        : end;
      place(Math.min(end, newestTop));
      following.current = newestTop >= end;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", onScroll);
    };
  }, [place]);

  /** the person started something: show it when it arrives, wherever they were reading */
  const followNext = useCallback(() => {
    following.current = true;
    place(Number.MAX_SAFE_INTEGER);
  }, [place]);

  /** the person acted inside an earlier card that shows the outcome in place: what arrives next does not move the view */
  const stayPut = useCallback(() => {
    following.current = false;
  }, []);

  return { scroller, content, followNext, stayPut };
}
