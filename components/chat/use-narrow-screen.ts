"use client";
// Whether the screen is phone-narrow, for words that must be shorter there (a placeholder cannot
// wrap or shrink, so CSS alone cannot keep it whole). Follows rotation and resizing.
import { useSyncExternalStore } from "react";

const NARROW = "(max-width: 480px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
