"use client";
// The conversation scrolls inside the page (header and message box stay put). When something new
// arrives (a card, an answer, a card growing as it loads) the view follows it, but only while the
// person is at the end: someone who scrolled up to read is left where they are. What the person
// starts themselves (a message, a command) is always brought into view.
import { useCallback, useEffect, useRef } from "react";

/** how close to the end (px) still counts as "at the end" */
const AT_END = 48;

export function useFollowScroll() {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const box = scroller.current;
    const inner = content.current;
    if (!box || !inner) return;
    const onScroll = () => {
      following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_END;
    };
    // the newest card's top stays in view: a card taller than the screen is shown from its start,
    // and following stops there so its end does not push its beginning away
    const follow = () => {
      if (!following.current) return;
      const newest = inner.lastElementChild as HTMLElement | null;
      const end = box.scrollHeight - box.clientHeight;
      const newestTop = newest ? newest.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - 8 : end;
      box.scrollTo({ top: Math.max(0, Math.min(end, newestTop)) });
      following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_END;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", onScroll);
    };
  }, []);

  /** the person started something: show it when it arrives, wherever they were reading */
  const followNext = useCallback(() => {
    following.current = true;
    const box = scroller.current;
    box?.scrollTo({ top: box.scrollHeight });
  }, []);

  return { scroller, content, followNext };
}
