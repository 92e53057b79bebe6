"use client";
// Where the person's next step is. What a tap starts (a confirm card after Save,
// Remove, Disconnect or Run) is brought into view with focus on its first control, on every size:
// on a phone the new card may otherwise land under the message box, and a keyboard would need
// dozens of Tabs to reach it. Only what the person started claims focus: one card per tap or key,
// and never a card read back when a conversation opens by itself.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";

/** how long after a tap or key a new card still counts as what it started */
const STARTED_WITHIN_MS = 30_000;
let gesture = { at: 0, claimed: true };
if (typeof document !== "undefined") {
  const started = (event: Event) => {
    if (event instanceof KeyboardEvent && !["Enter", " "].includes(event.key)) return;
    gesture = { at: Date.now(), claimed: false };
  };
  document.addEventListener("click", started, { capture: true });
  document.addEventListener("keydown", started, { capture: true });
}

const CONTROLS = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea";

/** The first control in `node`, else `node` itself (made focusable). */
export function firstControl(node: HTMLElement): HTMLElement {
  const control = node.querySelector<HTMLElement>(CONTROLS);
  if (control) return control;
  if (!node.hasAttribute("tabindex")) node.tabIndex = -1;
  return node;
}

/** Scrolls `node` into view (its scrolling box, not the page) and focuses its first control. */
export function bringToPerson(node: HTMLElement, focus: HTMLElement = firstControl(node)) {
  focus.focus({ preventScroll: true });
  // "center" keeps it clear of a sticky message box below and a header above
  node.scrollIntoView({ block: "center", inline: "nearest" });
}

/**
 * A ref for a new card (or part of one) that the person's last tap started: when `active` becomes
 * true within a moment of that tap, it is brought into view and its first control focused. A person
 * typing in the message box keeps their focus.
 */
export function useNextStep<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const node = ref.current;
    if (!active || !node || gesture.claimed || Date.now() - gesture.at > STARTED_WITHIN_MS) return;
    const typing = document.activeElement;
    if (typing instanceof HTMLTextAreaElement && typing.value.trim() !== "") return;
    gesture.claimed = true;
    // after layout settles (a card growing, the conversation following it)
    requestAnimationFrame(() => node.isConnected && bringToPerson(node));
  }, [active]);
  return ref;
}

/**
 * A ref that takes focus when `when` becomes true: the outcome of Confirm, a refusal's reason, a
 * sign-in's error. Give the element tabIndex={-1} when it is not a control itself.
 */
export function useFocusWhen<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus({ preventScroll: false });
  }, [when]);
  return ref;
}

/** A form's onKeyDown: Ctrl/Cmd+Enter submits it from every field (input, select, textarea). */
export function ctrlEnterSubmits(event: ReactKeyboardEvent<HTMLFormElement>): boolean {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return false;
  event.preventDefault();
  event.currentTarget.requestSubmit();
  return true;
}
