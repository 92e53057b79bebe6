"use client";
// The header's count of writes waiting for this person's Confirm (their keys' and apps' writes,
// "Waiting for you"), on every page, the phone's one-row header included: a link to the list,
// shown only when something waits. Read when the page opens, when it comes back into view, after a
// decision on this page, and once a minute: one indexed count each time (GET /api/waiting/count).
import { useEffect, useState } from "react";
import { DECIDED_EVENT } from "@/components/pending/decided-event";

const REFRESH_MS = 60_000;

export function WaitingBadge({ current }: { current: boolean }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const response = await fetch("/api/waiting/count", { cache: "no-store" });
        const body = (await response.json()) as { count?: unknown };
        if (live && response.ok && typeof body.count === "number") setCount(body.count);
      } catch {
        // the badge keeps what it last knew; the next look tries again
      }
    };
    void read();
    const timer = window.setInterval(read, REFRESH_MS);
    document.addEventListener("visibilitychange", read);
    window.addEventListener(DECIDED_EVENT, read);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", read);
      window.removeEventListener(DECIDED_EVENT, read);
    };
  }, []);
  if (count === 0) return null;
  const words = `${count} ${count === 1 ? "write" : "writes"} waiting for you`;
  return (
    <a
      href="/waiting"
      className="waiting-badge"
      data-testid="waiting-badge"
      aria-label={words}
      title={words}
      aria-current={current ? "page" : undefined}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path
          d="M2 9.5 3.8 3.2A1 1 0 0 1 4.8 2.5h6.4a1 1 0 0 1 1 .7L14 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1Zm0 0h3.5l1 1.5h3l1-1.5H14"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      {count > 99 ? "99+" : count}
    </a>
  );
}
