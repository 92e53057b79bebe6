"use client";
// A long conversation's earlier messages load on request: when the person scrolls up to this button
// (an IntersectionObserver) or clicks it.
import { useEffect, useRef } from "react";

/** Earlier messages of a long conversation, loaded when the person scrolls up to here (or clicks). */
export function EarlierMessages({ onLoad }: { onLoad: () => Promise<void> }) {
  const marker = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && void onLoad(),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onLoad]);
  return (
    <button
      type="button"
      ref={marker}
      className="button small earlier-messages"
      data-testid="earlier-messages"
      onClick={() => void onLoad()}
    >
      Show earlier messages
    </button>
  );
}
